// The end-to-end tests' database, built once per content hash (decisions/0069): migrations, the
// demo seed at 20,000 documents and the real public samples, imported as `npm run import` does.
// The hash covers everything that decides what the database holds (the migrations, the seed and
// import scripts, the app code they run, the samples and the lockfile), so a change to any of
// them builds it again and nothing else does.
//
//   node scripts/e2e-db.mjs          # prints the folder of the ready database, building it if new
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const CACHE = '.wrangler/e2e-cache'
const SHARED = process.env.SHARED_DATA_DIR ?? '../shared/data'
const bin = (name) => `node_modules/.bin/${name}`
const INPUTS = ['migrations', 'scripts', 'app/db', 'app/domain', 'app/fixtures', 'app/schemas', 'app/lib']
const SENSITIVE_SAMPLE = 'test/e2e/files/djen-sensivel.json'
const INPUT_FILES = ['package-lock.json', 'wrangler.toml', SENSITIVE_SAMPLE]

function filesUnder(dir) {
  if (!existsSync(dir)) return []
  if (statSync(dir).isFile()) return [dir]
  return readdirSync(dir)
    .sort()
    .flatMap((name) => filesUnder(join(dir, name)))
}

/** The hash of every input, by path and content (the samples by their place under SHARED). */
export function contentHash() {
  const hash = createHash('sha256')
  for (const file of [...INPUTS.flatMap(filesUnder), ...INPUT_FILES.flatMap(filesUnder)]) {
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0')
  }
  for (const file of filesUnder(SHARED)) {
    hash
      .update(`${file.slice(SHARED.length)}\0`)
      .update(readFileSync(file))
      .update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0) {
    console.error(`e2e-db: "${cmd} ${args.join(' ')}" falhou (código ${result.status}).`)
    process.exit(result.status ?? 1)
  }
}

function build(dir) {
  // Every database's migrations in one process (decisions/0079).
  run(process.execPath, ['scripts/db-migrate.mjs', '--persist-to', dir])
  run(bin('tsx'), ['scripts/seed.ts', '--persist-to', dir, '--scale', '20000'])
  const files = (sub, pattern) =>
    readdirSync(join(SHARED, sub))
      .filter((name) => pattern.test(name))
      .map((name) => join(SHARED, sub, name))
  // One run for every format: each run starts the local platform, seconds each (decisions/0060).
  run(bin('tsx'), [
    'scripts/import.ts',
    ...['tpu', ...files('tpu', /\.csv$/)],
    ...['datajud', ...files('datajud', /\.json$/)],
    // Plus one family case written for the tests (invented names), masked on import (decisions/0064).
    ...['djen', ...files('djen', /\.json$/), SENSITIVE_SAMPLE],
    ...['dou', ...files('dou', /\.xml$/)],
    ...['diario', ...files('diarios', /./)],
    ...['constituicao', ...files('legislacao', /^constituicao.*\.csv$/)],
    ...['jurisprudencia', ...files('jurisprudencia', /\.csv$/)],
    '--persist-to',
    dir,
  ])
}

/** The folder of a database built from today's inputs: built now unless a run already did. */
export function prepareE2eDatabase() {
  if (!existsSync(SHARED)) {
    console.error(`e2e-db: os dados de exemplo não estão em ${SHARED} (defina SHARED_DATA_DIR).`)
    process.exit(1)
  }
  const ready = join(CACHE, contentHash())
  if (existsSync(ready)) return ready
  const started = Date.now()
  // Built aside and renamed at the end: a run stopped halfway never leaves a half database.
  const building = `${ready}.building-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  build(building)
  // Older databases go (another run's half-built one is left to that run).
  for (const old of readdirSync(CACHE))
    if (!old.includes('.building-')) rmSync(join(CACHE, old), { recursive: true, force: true })
  renameSync(building, ready)
  console.error(
    `e2e-db: banco dos testes montado em ${((Date.now() - started) / 1000).toFixed(1)} s (${ready}).`,
  )
  return ready
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(prepareE2eDatabase())
