import { and, asc, eq, gt, isNull, lte, max, min, type SQL, sql } from 'drizzle-orm'
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

/**
 * Shards that exist, in a fixed order: a corpus kind's files per map entry (decisions/0075; one
 * database is a one-entry map, listed the same way), the primary's kinds by their `max(id)`.
 */
export async function listShards(deps: Deps): Promise<ShardRef[]> {
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
  if (!spec.query) {
    // A corpus kind: its file over the map's entries (sitemap-shards.server.ts).
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
  /** The primary's kinds: their rows of a file's range (a corpus kind's are read per map entry). */
  query?: (db: Database, inRange: SQL) => BatchItem<'sqlite'>
  loc: (ref: string, origin: string) => string
}

const NO_DATE = sql<null>`NULL`
const onMain = (prefix: string) => (ref: string, origin: string) => `${origin}${prefix}${ref}`

/**
 * Each kind's address; the primary's kinds' one statement per file, in primary-key order, each
 * selecting `{ref, lastmod}`.
 */
const RANGED: Record<RangedKind, RangedSpec> = {
  processos: { loc: (cnj, origin) => `${origin}${lawsuitPath(cnj)}` },
  pessoas: { loc: onMain('/pessoas/') },
  empresas: { loc: onMain('/empresas/') },
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
  materias: { loc: onMain('/diarios/materia/') },
  jurisprudencia: { loc: onMain('/jurisprudencia/') },
  legislacao: { loc: onMain('/legislacao/') },
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
