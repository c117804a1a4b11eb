import { and, asc, eq, gt, isNull, lte, max, min, not, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { articles } from '~/db/schema-articles'
import {
  companies,
  decisions,
  gazetteArticles,
  gazetteEditions,
  gazettes,
  lawsuits,
  people,
  statutes,
} from '~/db/schema-corpus'
import { spread } from '~/domain/corpus/read/across-shards.server'
import { deindexed } from '~/domain/corpus/read/deindexed'
import { PUBLIC } from '~/domain/corpus/read/lawsuits.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DIRECTORY_PROFESSIONS } from '~/domain/directory/professions'
import { profileUrl } from '~/domain/follows/targets.server'
import { articlePath, lawsuitPath } from '~/lib/paths'
import { directoryShard } from './directory-sitemap.server'
import {
  RANGED_KINDS,
  type RangedKind,
  SHARD_SIZE,
  type ShardRef,
  type SitemapUrl,
  shardCount,
  shardRange,
  w3cDate,
} from './sitemap'
import { corpusFileRows, corpusFiles, isCorpusKind } from './sitemap-shards.server'

type Deps = { db: Database; corpus: Corpus; origin: string }

/** The primary key each ranged kind is sharded on. */
const KEY: Record<RangedKind, SQLiteColumn> = {
  processos: lawsuits.id,
  pessoas: people.id,
  empresas: companies.id,
  diarios: gazetteEditions.id,
  materias: gazetteArticles.id,
  jurisprudencia: decisions.id,
  legislacao: statutes.id,
  perfis: users.id,
  artigos: articles.id,
}

/** The lowest and highest id of a kind's table: SQLite reads both ends of the primary key. */
function idRangeQuery(db: Database, kind: RangedKind) {
  const key = KEY[kind]
  return db.select({ low: min(key), id: max(key) }).from(key.table)
}

/** The files that can hold a row: from the lowest id's to the highest's (ids need not start at 1:
 * rows deleted or merged away leave no empty files in front). */
function filesOf(range: { low: unknown; id: unknown } | undefined): number[] {
  const low = range?.low as number | null | undefined
  const count = shardCount(range?.id as number | null | undefined)
  const first = low && low > 0 ? Math.floor((low - 1) / SHARD_SIZE) + 1 : 1
  return Array.from({ length: Math.max(0, count - first + 1) }, (_, i) => first + i)
}

/** Shards that exist, in a fixed order: one round trip for every table's `max(id)`. */
export async function listShards(deps: Deps): Promise<ShardRef[]> {
  const { db } = deps
  if (spread(db, await deps.corpus.all())) return listSpreadShards(deps)
  const [first, ...rest] = RANGED_KINDS.map((kind) => idRangeQuery(db, kind))
  const ranges = await db.batch([first as ReturnType<typeof idRangeQuery>, ...rest])
  const refs: ShardRef[] = [{ kind: 'paginas', n: 1 }]
  RANGED_KINDS.forEach((kind, i) => {
    for (const n of filesOf(ranges[i]?.[0])) refs.push({ kind, n })
  })
  for (let n = 1; n <= 1 + DIRECTORY_PROFESSIONS.length; n++) refs.push({ kind: 'diretorio', n })
  return refs
}

/** The files of a corpus spread over shards (decisions/0075): each kind's per map entry. */
async function listSpreadShards(deps: Deps): Promise<ShardRef[]> {
  const files = await Promise.all(
    RANGED_KINDS.map(async (kind) => {
      if (isCorpusKind(kind)) return corpusFiles(deps.corpus, kind)
      const [range] = await idRangeQuery(deps.db, kind)
      return filesOf(range)
    }),
  )
  const refs: ShardRef[] = [{ kind: 'paginas', n: 1 }]
  RANGED_KINDS.forEach((kind, i) => {
    for (const n of files[i] ?? []) refs.push({ kind, n })
  })
  for (let n = 1; n <= 1 + DIRECTORY_PROFESSIONS.length; n++) refs.push({ kind: 'diretorio', n })
  return refs
}

/** The sections' home pages: always there, no dates of their own. */
const SECTION_PATHS = ['/', '/diarios', '/jurisprudencia', '/legislacao', '/artigos'] as const

/** A shard's URLs, or null when that shard does not exist (→ 404). */
export async function shardUrls(deps: Deps, ref: ShardRef): Promise<SitemapUrl[] | null> {
  if (ref.kind === 'paginas')
    return ref.n === 1 ? SECTION_PATHS.map((path) => ({ loc: `${deps.origin}${path}` })) : null
  if (ref.kind === 'diretorio') return directoryShard(deps, ref.n)
  const { db } = deps
  const spec = RANGED[ref.kind]
  if (isCorpusKind(ref.kind) && spread(db, await deps.corpus.all())) {
    const rows = await corpusFileRows(deps, ref.kind, ref.n)
    return (
      rows?.map((row) => ({ loc: spec.loc(row.ref, deps.origin), lastmod: w3cDate(row.lastmod) })) ?? null
    )
  }
  const range = shardRange(ref.n)
  const key = KEY[ref.kind]
  const inRange = and(gt(key, range.after), lte(key, range.upTo)) as SQL
  // The bound and the rows in one round trip: a shard past the last id is a 404, not an empty file.
  const [[top], rows] = (await db.batch([
    idRangeQuery(db, ref.kind),
    spec.query(db, inRange),
  ])) as unknown as [{ id: number | null }[], Row[]]
  if (ref.n > shardCount(top?.id)) return null
  return rows.map((row) => ({ loc: spec.loc(row.ref, deps.origin), lastmod: w3cDate(row.lastmod) }))
}

/** Every ranged query selects the same two columns: what the address is built from, and a date. */
type Row = { ref: string; lastmod: string | number | null }

type RangedSpec = {
  query: (db: Database, inRange: SQL) => BatchItem<'sqlite'>
  loc: (ref: string, origin: string) => string
}

/** A matéria that names a secret lawsuit: a public act, but the sitemap never advertises it. */
const NOT_ABOUT_SECRET = sql`NOT EXISTS (SELECT 1 FROM lawsuits s WHERE s.cnj = ${gazetteArticles.lawsuitCnj} AND s.secrecy_level > 0)`

/** A person or company page is listed only when it shows something public (as decisions/0034 claims). */
function publicAppearance(column: 'person_id' | 'company_id', id: SQLiteColumn) {
  const by = sql.raw(column)
  return sql`(EXISTS (SELECT 1 FROM parties p JOIN lawsuits l ON l.id = p.lawsuit_id
      WHERE p.${by} = ${id} AND l.secrecy_level = 0)
    OR EXISTS (SELECT 1 FROM article_mentions m JOIN gazette_articles a ON a.id = m.article_id
      WHERE m.${by} = ${id}
        AND NOT EXISTS (SELECT 1 FROM lawsuits s WHERE s.cnj = a.lawsuit_cnj AND s.secrecy_level > 0)))`
}

const NO_DATE = sql<null>`NULL`
const onMain = (prefix: string) => (ref: string, origin: string) => `${origin}${prefix}${ref}`

/** One statement per shard, in primary-key order; each selects `{ref, lastmod}`. */
const RANGED: Record<RangedKind, RangedSpec> = {
  processos: {
    query: (db, inRange) =>
      db
        .select({
          ref: lawsuits.cnj,
          lastmod: sql<string | null>`coalesce(${lawsuits.updatedAt}, ${lawsuits.filedAt})`,
        })
        .from(lawsuits)
        .where(and(inRange, PUBLIC, not(deindexed('processo', lawsuits.id))))
        .orderBy(asc(lawsuits.id)),
    loc: (cnj, origin) => `${origin}${lawsuitPath(cnj)}`,
  },
  pessoas: {
    query: (db, inRange) =>
      db
        .select({ ref: people.slug, lastmod: NO_DATE })
        .from(people)
        .where(and(inRange, publicAppearance('person_id', people.id), not(deindexed('pessoa', people.id))))
        .orderBy(asc(people.id)),
    loc: onMain('/pessoas/'),
  },
  empresas: {
    query: (db, inRange) =>
      db
        .select({ ref: companies.slug, lastmod: NO_DATE })
        .from(companies)
        .where(
          and(inRange, publicAppearance('company_id', companies.id), not(deindexed('empresa', companies.id))),
        )
        .orderBy(asc(companies.id)),
    loc: onMain('/empresas/'),
  },
  diarios: {
    // `/diarios/{slug}?data=` shows the date's newest edition: an extra one the same day is that page.
    query: (db, inRange) =>
      db
        .select({
          ref: sql<string>`${gazettes.slug} || '?data=' || ${gazetteEditions.date}`,
          lastmod: gazetteEditions.date,
        })
        .from(gazetteEditions)
        .innerJoin(gazettes, eq(gazettes.id, gazetteEditions.gazetteId))
        .where(
          and(
            inRange,
            sql`NOT EXISTS (SELECT 1 FROM gazette_editions n WHERE n.gazette_id = ${gazetteEditions.gazetteId}
              AND n.date = ${gazetteEditions.date} AND n.id > ${gazetteEditions.id})`,
          ),
        )
        .orderBy(asc(gazetteEditions.id)),
    loc: onMain('/diarios/'),
  },
  materias: {
    query: (db, inRange) =>
      db
        .select({ ref: sql<string>`${gazetteArticles.id}`, lastmod: gazetteArticles.date })
        .from(gazetteArticles)
        .where(and(inRange, NOT_ABOUT_SECRET, not(deindexed('materia', gazetteArticles.id))))
        .orderBy(asc(gazetteArticles.id)),
    loc: onMain('/diarios/materia/'),
  },
  jurisprudencia: {
    query: (db, inRange) =>
      db
        .select({
          ref: sql<string>`${decisions.id}`,
          lastmod: sql<string | null>`coalesce(${decisions.publishedAt}, ${decisions.judgedAt})`,
        })
        .from(decisions)
        .where(and(inRange, not(deindexed('decisao', decisions.id))))
        .orderBy(asc(decisions.id)),
    loc: onMain('/jurisprudencia/'),
  },
  legislacao: {
    // A statute's date is when it was enacted, not when its text last changed: no lastmod.
    query: (db, inRange) =>
      db
        .select({ ref: statutes.slug, lastmod: NO_DATE })
        .from(statutes)
        .where(and(inRange, not(deindexed('lei', statutes.id))))
        .orderBy(asc(statutes.id)),
    loc: onMain('/legislacao/'),
  },
  perfis: {
    // A merged (closed) account's host is a 301 to the survivor's (decisions/0033).
    query: (db, inRange) =>
      db
        .select({ ref: users.subdomain, lastmod: NO_DATE })
        .from(users)
        .where(and(inRange, isNull(users.mergedIntoId)))
        .orderBy(asc(users.id)),
    loc: (subdomain, origin) => `${profileUrl(origin, subdomain)}/`,
  },
  artigos: {
    // Deleting an article deletes its row: what is here is published.
    query: (db, inRange) =>
      db
        .select({
          ref: sql<string>`${articles.id} || '/' || ${articles.slug}`,
          lastmod: sql<number>`coalesce(${articles.updatedAt}, ${articles.createdAt})`,
        })
        .from(articles)
        .where(inRange)
        .orderBy(asc(articles.id)),
    loc: (ref, origin) => {
      const cut = ref.indexOf('/')
      return `${origin}${articlePath({ id: Number(ref.slice(0, cut)), slug: ref.slice(cut + 1) })}`
    },
  },
}
