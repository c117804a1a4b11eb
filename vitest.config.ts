import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'

// Tests run inside workerd against the real Worker (wrangler.toml) with local D1, KV, R2,
// Queues and Rate Limiting. The Remix server build must exist: `npm test` builds first.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)))
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: { ENVIRONMENT: 'test', TEST_MIGRATIONS: migrations } },
      }),
    ],
    resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
    test: {
      include: ['test/unit/**/*.test.ts'],
      setupFiles: ['./test/unit/setup.ts'],
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
