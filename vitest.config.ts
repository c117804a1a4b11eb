import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { NOT_MOVED } from './scripts/check-endpoint-paths.mjs'

/**
 * The real public samples in ../shared/data (never copied into the repository). Tests run in
 * workerd, which has no file system, so their text is handed over through `provide`.
 */
function readSharedData(): { dir: string; files: Record<string, string> } {
  const dir = resolve(
    process.env.SHARED_DATA_DIR ?? fileURLToPath(new URL('../shared/data', import.meta.url)),
  )
  const files: Record<string, string> = {}
  if (!existsSync(dir)) return { dir, files }
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(csv|json|xml|txt)$/.test(name)) files[relative(dir, path)] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return { dir, files }
}

/**
 * The source of app/ and workers/, for the check that no module but the registry spells an
 * endpoint's path (test/unit/endpoint-schemas.test.ts; workerd has no file system).
 */
function readSources(): Record<string, string> {
  const root = fileURLToPath(new URL('.', import.meta.url))
  const files: Record<string, string> = {}
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(ts|tsx|js|mjs)$/.test(name)) files[relative(root, path)] = readFileSync(path, 'utf8')
    }
  }
  for (const folder of ['app', 'workers']) walk(join(root, folder))
  return files
}

// Tests run inside workerd against the real Worker (wrangler.toml) with local D1, KV, R2,
// Queues and Rate Limiting. The Remix server build must exist: `npm test` builds first.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)))
  const sharedData = readSharedData()
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            ENVIRONMENT: 'test',
            TEST_MIGRATIONS: migrations,
            // The local Turnstile stand-in (workers/api/dev.ts): there is no network here.
            TURNSTILE_VERIFY_URL: 'http://localhost:8787/__dev/turnstile/siteverify',
            // No court followed by window: every cron a test fires would otherwise queue a week
            // of DataJud windows for the background consumer (issue 40). Tests make their jobs.
            DATAJUD_COURTS: '',
          },
        },
      }),
    ],
    resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
    test: {
      include: ['test/unit/**/*.test.ts'],
      // The files share one runtime per worker: no start, migrations and module loading for each
      // file, a third of the time isolated files took. `npm run test:unit` runs the few files
      // that read the whole database apart, each isolated (scripts/unit-tests.mjs, decisions/0068).
      isolate: false,
      // Vitest keeps one core for itself (cores - 1 workers): on CI's 2 cores that ran every file
      // on one workerd while the other core idled. Its main process does little here.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      provide: {
        sharedDataDir: sharedData.dir,
        sharedData: sharedData.files,
        sources: readSources(),
        notMoved: NOT_MOVED,
      },
      setupFiles: ['./test/unit/setup.ts'],
      // Each test's own work is small, but CI's 2 cores also run workerd and the build: a test
      // that takes 6 s there is slow, not broken. Heavier tests set their own budget.
      testTimeout: 30_000,
      // @remix-run/cloudflare is CommonJS; pre-bundle it or it fails inside workerd (stack-notes).
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: ['@remix-run/cloudflare', '@remix-run/server-runtime', 'cookie', 'set-cookie-parser'],
          },
        },
      },
    },
  }
})
