/**
 * Loads public-format files into the local database `npm start` serves (its state folder:
 * JURISEDGE_STATE or `.wrangler/state`, decisions/0060).
 * Usage: npm run import -- <format> <file...> [<format> <file...>…] [--persist-to DIR]
 * Several formats in one run share one local platform start (seconds each; the end-to-end server
 * imports seven). Prints, per format, imported / updated / unchanged / skipped counts and every
 * skipped record with its file, position and reason. Exits 1 when nothing of a format could be
 * imported (every record skipped).
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../app/db/client.server'
import { purgeImported } from '../app/domain/corpus/import/purge.server'
import { IMPORTERS } from '../app/domain/corpus/import/registry'
import { stripBom } from '../app/domain/corpus/import/text'
import { createCorpus, loadShardMap } from '../app/domain/corpus/shards.server'
import { stateDir } from './lib/state.mjs'

const args = process.argv.slice(2)
const flag = args.indexOf('--persist-to')
const persistTo = flag >= 0 ? args.splice(flag, 2)[1] : stateDir()

/** `<format> <file...>` groups, in order: a format's name starts a group unless a file has that name. */
const groups: { format: string; paths: string[] }[] = []
for (const arg of args) {
  if (arg in IMPORTERS && !existsSync(arg)) groups.push({ format: arg, paths: [] })
  else if (groups.length) groups[groups.length - 1]?.paths.push(arg)
  else groups.push({ format: arg, paths: [] })
}

if (!groups.length || groups.some((group) => !IMPORTERS[group.format] || group.paths.length === 0)) {
  console.error(
    'Uso: npm run import -- <formato> <arquivo...> [<formato> <arquivo...>…] [--persist-to DIR]\n\nFormatos:',
  )
  for (const [name, item] of Object.entries(IMPORTERS))
    console.error(`  ${name.padEnd(16)} ${item.description}`)
  process.exit(2)
}

/**
 * The database `npm start` serves may be writing at the same moment (SQLITE_BUSY locally, as a
 * busy D1 would be). An import is idempotent, so running it again is safe: up to 6 tries.
 */
async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const busy = /SQLITE_BUSY|database is locked/.test(`${error} ${(error as Error).cause ?? ''}`)
      if (!busy || attempt >= 6) throw error
      console.warn(`banco ocupado; nova tentativa (${attempt + 1} de 6)…`)
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt))
    }
  }
}

/** Records joined to another of the same lawsuit (DataJud's instances): said, not lost (issue 38). */
const mergedNote = (merged = 0) =>
  merged > 0
    ? `, ${merged} ${merged === 1 ? 'registro reunido' : 'registros reunidos'} a outro do mesmo processo (outra instância)`
    : ''

const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
try {
  const db = createDb(env.DB)
  // Each document to its shard by the published map (decisions/0072); none: all in DB.
  const bindings = env as unknown as Record<string, D1Database>
  const corpus = createCorpus(
    () => loadShardMap(env.PAGE_VERSIONS),
    (binding) => (binding === 'DB' ? db : createDb(bindings[binding] as D1Database)),
  )
  for (const { format, paths } of groups) {
    const importer = IMPORTERS[format]
    if (!importer) continue // checked above
    const files = paths.map((path) => ({
      name: basename(path),
      content: stripBom(readFileSync(path, 'utf8')),
    }))
    const started = Date.now()
    const { counts, issues, merged } = await whileBusy(() => importer.run({ db, corpus }, files))
    // Anonymous visitors see what changed at once: the edge cache keys of those pages move on.
    if (counts.imported + counts.updated > 0) await purgeImported(corpus, env.PAGE_VERSIONS, started - 1000)
    for (const issue of issues) console.warn(`ignorado: ${issue.file} (${issue.position}): ${issue.reason}`)
    console.log(
      `${format}: ${counts.imported} importados, ${counts.updated} atualizados, ${counts.unchanged} sem mudança, ${counts.skipped} ignorados${mergedNote(merged)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    )
    if (counts.imported + counts.updated + counts.unchanged === 0) process.exitCode = 1
  }
} finally {
  await dispose()
}
