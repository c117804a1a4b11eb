/**
 * Demo data for an empty local database: reference tables (IBGE states and cities, CBO
 * occupations), a deterministic pt-BR legal corpus, demo professionals and search suggestions.
 *
 *   npm run seed                         # the size `npm start` uses
 *   npm run seed -- --scale 1000000      # about a million documents (streams, prints progress)
 *   npm run seed -- --seed 7 --persist-to .wrangler/e2e
 *   npm run seed -- --professionals 100000 --scale 0   # the directory bench: no corpus
 *   npm run seed -- --articles 0         # no demo articles (default 400, by demo professionals)
 *   npm run seed -- --single-database    # the corpus in the primary (no shard map declared)
 *
 * The corpus is written straight into the local D1 SQLite files with node:sqlite (prepared
 * statements in large transactions): through the D1 binding a million documents would take
 * far longer. Each document goes to the file of the database the shard map names (the map
 * published in the state folder's KV, else the degenerate one: everything in the primary, as
 * before shards; decisions/0072, 0074). Nothing is generated when the corpus already has documents; the demo directory
 * (scripts/seed-directory.ts) likewise only once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { getCbo, getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils'
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../app/db/client.server'
import { slugify } from '../app/domain/corpus/import/text'
import { remaskAll } from '../app/domain/corpus/masking/remask.server'
import { bindingsOf, LOCAL_SPREAD } from '../app/domain/corpus/shard-map'
import { createCorpus, declareShards, loadShardMap } from '../app/domain/corpus/shards.server'
import { refreshCorpusCommonTerms } from '../app/domain/search/common-terms.server'
import { mergeCorpusIndexes } from '../app/domain/search/index-merge.server'
import { refreshCorpusPartyImpacts } from '../app/domain/search/party-impacts.server'
import { rebuildSpelling } from '../app/domain/search/spelling-terms.server'
import { rebuildSuggestions } from '../app/domain/suggestions/suggestions.server'
import { hashPassword } from '../app/domain/users/password.server'
import { DOCUMENT_TABLES, generateCorpus, plan } from '../app/fixtures/corpus'
import { createPlacer } from '../app/fixtures/corpus/place'
import { DEMO_PASSWORD } from '../app/fixtures/demo/users'
import { loadRecorded } from '../app/fixtures/sources/datajud-standin'
import { memoryKv, nodeD1 } from './bench/node-d1'
import { localD1File } from './lib/d1-file.mjs'
import { stateDir } from './lib/state.mjs'
import { seedArticles } from './seed-articles'
import { insertAll, seedDirectory } from './seed-directory'
import { seedSourceStandIns } from './seed-sources'

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback
}
const persistTo = option('persist-to', stateDir())
const scale = Number(option('scale', '20000'))
const seed = Number(option('seed', '20261121'))
const professionals = Number(option('professionals', '5000'))
const articleCount = Number(option('articles', '400'))
if (!Number.isFinite(scale) || scale < 0) throw new Error('--scale precisa ser um número positivo (ou 0)')
if (!Number.isInteger(articleCount) || articleCount < 0)
  throw new Error('--articles precisa ser um número inteiro positivo (ou 0)')
if (!Number.isInteger(professionals) || professionals < 0)
  throw new Error('--professionals precisa ser um número inteiro positivo (ou 0)')

// The map the Worker routes by (decisions/0072): read once from the state folder's KV, before any
// file is opened for writing. A state with no map and no corpus yet gets the local spread
// (decisions/0084): the demo corpus over the four corpus databases, as production lays it out;
// `--single-database` keeps everything in the primary (the bench's one-database side).
const shardMap = await (async () => {
  const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
  try {
    const bindings = env as unknown as Record<string, D1Database>
    const corpusBindings = ['DB', ...Object.keys(bindings).filter((name) => /^CORPUS_\d+$/.test(name))]
    const holdsDocuments = async (binding: string) =>
      (await bindings[binding]
        ?.prepare(
          'SELECT EXISTS (SELECT 1 FROM lawsuits) OR EXISTS (SELECT 1 FROM gazette_articles) OR EXISTS (SELECT 1 FROM decisions) OR EXISTS (SELECT 1 FROM statutes) AS yes',
        )
        .first<number>('yes')) === 1
    const spread = scale > 0 && !process.argv.includes('--single-database')
    if (spread && (await Promise.all(corpusBindings.map(holdsDocuments))).every((yes) => !yes)) {
      const declared = await declareShards(
        { db: createDb(env.DB), pageVersions: env.PAGE_VERSIONS },
        LOCAL_SPREAD,
      )
      if (declared)
        console.log(
          `seed: mapa de shards local publicado (${bindingsOf(declared.entries).join(', ')}; npm run shards -- mapa).`,
        )
    }
    return await loadShardMap(env.PAGE_VERSIONS)
  } finally {
    await dispose()
  }
})()

function openFile(binding: string) {
  const file = new DatabaseSync(localD1File(persistTo, binding))
  file.exec('PRAGMA synchronous = OFF')
  // A large page cache: the directory's listings and follows are written in index order only by luck.
  file.exec('PRAGMA cache_size = -262144')
  return file
}
// The primary's file; the corpus shards' files sit beside it, opened when the map names them.
const sqlite = openFile('DB')
const files = new Map<string, DatabaseSync>([['DB', sqlite]])
const fileOf = (binding: string) => {
  let file = files.get(binding)
  if (!file) {
    file = openFile(binding)
    files.set(binding, file)
  }
  return file
}
const corpusFiles = () => bindingsOf(shardMap.entries).map(fileOf)
const countIn = (file: DatabaseSync, table: string) =>
  Number((file.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n)
const countOf = (table: string) => countIn(sqlite, table)

/** States and cities: the corpus's FTS triggers read a row's UF from `cities` in its own database. */
function insertPlaces(file: DatabaseSync) {
  insertAll(
    file,
    'states',
    getStates().map((s) => ({ code: s.ibgeCode, uf: s.code, name: s.name })),
  )
  insertAll(
    file,
    'cities',
    getMunicipalities().map((m) => ({
      code: Number(m.code),
      name: m.name,
      uf: m.stateCode,
      slug: `${slugify(m.name)}-${m.stateCode.toLowerCase()}`,
    })),
  )
}
// Each corpus database of the map gets them too, before any document (none but the primary by default).
for (const file of corpusFiles())
  if (file !== sqlite && countIn(file, 'states') === 0) {
    file.exec('BEGIN')
    insertPlaces(file)
    file.exec('COMMIT')
  }
if (countOf('states') === 0) {
  sqlite.exec('BEGIN')
  insertPlaces(sqlite)
  const occupations: Record<string, string>[] = []
  const slugs = new Set<string>()
  for (let code = 0; code < 1_000_000; code++) {
    const found = getCbo(String(code).padStart(6, '0'))
    if (!found) continue
    let slug = slugify(found.description)
    if (slugs.has(slug)) slug = `${slug}-${found.code}`
    slugs.add(slug)
    occupations.push({ code: found.code, title: found.description, slug })
  }
  insertAll(sqlite, 'occupations', occupations)
  sqlite.exec('COMMIT')
  console.log(
    `seed: ${countOf('states')} estados, ${countOf('cities')} municípios, ${countOf('occupations')} ocupações (CBO).`,
  )
}

const corpusEmpty = ['lawsuits', 'gazette_articles', 'decisions', 'statutes'].every((t) =>
  corpusFiles().every((file) => countIn(file, t) === 0),
)
if (corpusEmpty && scale > 0) {
  const started = Date.now()
  const totals: Record<string, number> = {}
  const target = Object.values(plan(scale)).reduce((a, b) => a + b, 0)
  let documents = 0
  let lastReport = 0
  // One transaction per file: a failure leaves no half-written corpus behind.
  const writing = new Set<DatabaseSync>()
  const writer = (binding: string) => {
    const file = fileOf(binding)
    if (!writing.has(file)) {
      file.exec('BEGIN')
      writing.add(file)
    }
    return file
  }
  const place = createPlacer(shardMap)
  writer('DB')
  try {
    for (const batch of generateCorpus({ seed, scale })) {
      for (const placed of place(batch)) insertAll(writer(placed.binding), placed.table, placed.rows)
      totals[batch.table] = (totals[batch.table] ?? 0) + batch.rows.length
      if (DOCUMENT_TABLES.includes(batch.table as (typeof DOCUMENT_TABLES)[number]))
        documents += batch.rows.length
      if (Date.now() - lastReport > 2000) {
        lastReport = Date.now()
        const seconds = (Date.now() - started) / 1000
        console.log(
          `seed: ${documents.toLocaleString('pt-BR')} de ${target.toLocaleString('pt-BR')} documentos (${seconds.toFixed(0)} s)`,
        )
      }
    }
  } catch (error) {
    for (const file of writing) file.exec('ROLLBACK')
    throw error
  }
  for (const file of writing) file.exec('COMMIT')
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `seed: corpus de demonstração com ${documents.toLocaleString('pt-BR')} documentos em ${seconds} s (semente ${seed}).`,
  )
  console.log(
    `seed: ${Object.entries(totals)
      .map(([t, n]) => `${t}=${n}`)
      .join(', ')}`,
  )
} else if (scale > 0) {
  console.log('seed: o corpus já tem documentos; nada gerado (use `npm run reset` para recomeçar).')
}

// One demo password (README), hashed once like any other; demo addresses count as confirmed.
const directory = seedDirectory(sqlite, {
  seed,
  count: professionals,
  passwordHash: await hashPassword(DEMO_PASSWORD),
})
if (directory.generated > 0)
  console.log(
    `seed: diretório de demonstração com ${directory.generated.toLocaleString('pt-BR')} profissionais em ${directory.seconds.toFixed(1)} s (${Object.entries(
      directory.phases,
    )
      .map(([phase, s]) => `${phase} ${s.toFixed(1)} s`)
      .join(', ')}; ${Object.entries(directory.rows)
      .map(([t, n]) => `${t}=${n}`)
      .join(', ')}).`,
  )
else if (professionals > 0) console.log('seed: o diretório de demonstração já existe; nada gerado.')
if (directory.demo > 0)
  console.log(`seed: ${directory.demo} contas de demonstração (senha: ${DEMO_PASSWORD}).`)
// Articles by the demo professionals, with votes and comments (decisions/0027), only once.
const demoArticles = seedArticles(sqlite, { seed, count: articleCount })
if (demoArticles.rows.articles)
  console.log(
    `seed: artigos de demonstração em ${demoArticles.seconds.toFixed(1)} s (${Object.entries(
      demoArticles.rows,
    )
      .map(([t, n]) => `${t}=${n}`)
      .join(', ')}).`,
  )
// The demo corpus is written row by row, past the importers: the sensitive-code list is applied
// here, in-process on the same file (decisions/0064, 0071), so the site starts with nothing left
// for the cron's re-mask walk (which, over thousands of rows, kept the database busy while a
// newcomer's first `npm run import` ran). A no-op once the walk for the list in force is done.
// One walk over every database of the map, as the cron's (decisions/0081): a case's matérias and
// people may live in other databases than the case, so walking each file alone missed them.
const seedDb = (binding: string) => createDb(nodeD1(fileOf(binding)))
const primaryDb = seedDb('DB')
const remasked = await remaskAll(
  {
    db: primaryDb,
    corpus: createCorpus(
      async () => shardMap,
      (binding) => (binding === 'DB' ? primaryDb : seedDb(binding)),
    ),
    pageVersions: memoryKv(),
  },
  200,
)
if (remasked) console.log(`seed: ${remasked} páginas do corpus de demonstração mascaradas (casos sensíveis).`)

// Suggestions and the spelling dictionary read the corpus in-process too; only their KV goes
// through the platform proxy. Through the proxy's D1, a million documents' reads ended with
// "fetch failed: other side closed" from the local workerd (decisions/0086).
const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
try {
  const corpus = createCorpus(
    async () => shardMap,
    (binding) => (binding === 'DB' ? primaryDb : seedDb(binding)),
  )
  // The DataJud stand-in's recorded answers (issue 40): read from ../shared/data, never copied here.
  const recorded = join(
    process.env.SHARED_DATA_DIR ?? join(import.meta.dirname, '../../shared/data'),
    'datajud',
  )
  if (env.DEV_STANDINS && existsSync(recorded)) {
    let hits = 0
    for (const name of readdirSync(recorded).filter((n) => n.endsWith('.json')))
      hits += await loadRecorded(env.DEV_STANDINS, readFileSync(join(recorded, name), 'utf8'))
    console.log(`seed: DataJud de teste com ${hits} documentos gravados (/__dev/datajud).`)
  }
  // Locally there are no per-invocation limits: large slices, until every entity is weighted.
  const limits = { freshBatch: 50_000, sweepBatch: 0, prefixesPerRun: 5_000 }
  const deps = { db: primaryDb, corpus, suggestions: env.SUGGESTIONS, now: () => new Date() }
  let rebuilt = await rebuildSuggestions(deps, limits)
  while (!rebuilt.caughtUp || rebuilt.pending > 0) rebuilt = await rebuildSuggestions(deps, limits)
  console.log(`seed: sugestões reconstruídas (${rebuilt.prefixes} prefixos).`)
  // The spelling dictionary at once (the cron refreshes it a share at a time afterwards).
  const words = await rebuildSpelling(primaryDb, undefined, corpus)
  console.log(`seed: dicionário de correção com ${words.toLocaleString('pt-BR')} palavras.`)
  // The indexes in one segment each, as the cron keeps them (decisions/0112); then their common
  // words, so ranked searches skip their walk at once (decisions/0110).
  await mergeCorpusIndexes(corpus, { budgetMs: Number.POSITIVE_INFINITY })
  await refreshCorpusCommonTerms(corpus)
  // The parties' impacts, so a search by a party's name scores few rows at once (decisions/0111).
  await refreshCorpusPartyImpacts(corpus)
  // The public sources' stand-ins answer from the recorded answers (decisions/0101).
  const standIns = await seedSourceStandIns(
    env.SESSIONS,
    process.env.SHARED_DATA_DIR ?? new URL('../../shared/data', import.meta.url).pathname,
  )
  if (standIns.length) console.log(`seed: fontes de teste com as respostas gravadas: ${standIns.join(', ')}.`)
} finally {
  await dispose()
  for (const file of files.values()) file.close()
}
