import { and, asc, eq, gte, lt, max, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '~/db/client.server'
import {
  articleMentions,
  companies,
  decisions,
  gazetteArticles,
  lawsuits,
  parties,
  people,
  statutes,
} from '~/db/schema-corpus'
import type { PageKind } from '~/db/schema-trust'
import { readCorpus, type ShardEntry } from '~/domain/corpus/access.server'
import { type Family, KIND_NAMES, KINDS, type RootTable } from '~/domain/corpus/kinds'
import type { Corpus } from '~/domain/corpus/shards.server'
import { type RangedKind, SHARD_SIZE, shardCount, shardRange } from './sitemap'

// Sitemaps of a corpus spread over shard databases (decisions/0075). A sitemap file is still an
// id range `((n-1)·S, n·S]`; a corpus shard's ids start at its range (decisions/0072), so the
// index lists, for each map entry, the files from its first id to its highest, each file once,
// and a file reads the entries its range meets. Every document is in one entry, so in one file.
// What one statement joined in one database (de-indexed pages, secret lawsuits, a person's
// public appearance) is read beside it in the primary or the other shards and applied here.

/**
 * The corpus kinds: their table's primary key, their families and their page kind. Not the
 * editions (`diarios`): they are registered in the primary, which gives their ids, and only
 * copied to the shards of their matérias (gazette-registry.server.ts), so their files are the
 * primary's, as before shards.
 */
const ROOT_KEY: Record<RootTable, SQLiteColumn> = {
  gazette_articles: gazetteArticles.id,
  lawsuits: lawsuits.id,
  decisions: decisions.id,
  statutes: statutes.id,
  people: people.id,
  companies: companies.id,
}
/** Each catalogue kind's sitemap key is a ranged kind (a key that is not does not compile). */
const SITEMAP_KEYS: readonly RangedKind[] = KIND_NAMES.map((kind) => KINDS[kind].sitemap)
const CORPUS: Partial<
  Record<RangedKind, { key: SQLiteColumn; families: readonly Family[]; page: PageKind | null }>
> = Object.fromEntries(
  KIND_NAMES.map((kind, i) => [
    SITEMAP_KEYS[i],
    { key: ROOT_KEY[KINDS[kind].root], families: KINDS[kind].families, page: kind },
  ]),
)

export const isCorpusKind = (kind: RangedKind) => kind in CORPUS

const inEntry = (key: SQLiteColumn, entry: ShardEntry) =>
  and(gte(key, entry.idFrom), lt(key, entry.idTo)) as SQL

/** The highest id of each entry of a kind, read in the entry's database (null: none yet). */
async function entryMaxima(corpus: Corpus, kind: RangedKind) {
  const spec = CORPUS[kind]
  if (!spec) return []
  return Promise.all(
    (await readCorpus.entries(corpus, { families: spec.families })).map(async ({ entry, db }) => {
      const [row] = await db
        .select({ id: max(spec.key) })
        .from(spec.key.table)
        .where(inEntry(spec.key, entry))
      return { entry, db, top: (row?.id as number | null | undefined) ?? null }
    }),
  )
}

/** The files of a corpus kind: for each entry, from the file of its first id to its highest id's. */
export async function corpusFiles(corpus: Corpus, kind: RangedKind): Promise<number[]> {
  const files = new Set<number>()
  for (const { entry, top } of await entryMaxima(corpus, kind)) {
    if (!top) continue
    for (let n = Math.floor(entry.idFrom / SHARD_SIZE) + 1; n <= shardCount(top); n++) files.add(n)
  }
  return [...files].sort((a, b) => a - b)
}

type Row = { id: number; ref: string; lastmod: string | number | null; cnj?: string | null }

/** One entry's rows of a file's range. */
function rowsOf(kind: RangedKind, db: Database, range: SQL): Promise<Row[]> {
  switch (kind) {
    case 'processos':
      return db
        .select({
          id: lawsuits.id,
          ref: lawsuits.cnj,
          lastmod: sql<string | null>`coalesce(${lawsuits.updatedAt}, ${lawsuits.filedAt})`,
        })
        .from(lawsuits)
        .where(and(range, eq(lawsuits.secrecyLevel, 0)))
        .orderBy(asc(lawsuits.id))
    case 'pessoas':
      return db
        .select({ id: people.id, ref: people.slug, lastmod: sql<null>`NULL` })
        .from(people)
        .where(range)
        .orderBy(asc(people.id))
    case 'empresas':
      return db
        .select({ id: companies.id, ref: companies.slug, lastmod: sql<null>`NULL` })
        .from(companies)
        .where(range)
        .orderBy(asc(companies.id))
    case 'materias':
      return db
        .select({
          id: gazetteArticles.id,
          ref: sql<string>`${gazetteArticles.id}`,
          lastmod: gazetteArticles.date,
          cnj: gazetteArticles.lawsuitCnj,
        })
        .from(gazetteArticles)
        .where(range)
        .orderBy(asc(gazetteArticles.id))
    case 'jurisprudencia':
      return db
        .select({
          id: decisions.id,
          ref: sql<string>`${decisions.id}`,
          lastmod: sql<string | null>`coalesce(${decisions.publishedAt}, ${decisions.judgedAt})`,
        })
        .from(decisions)
        .where(range)
        .orderBy(asc(decisions.id))
    default:
      return db
        .select({ id: statutes.id, ref: statutes.slug, lastmod: sql<null>`NULL` })
        .from(statutes)
        .where(range)
        .orderBy(asc(statutes.id))
  }
}

/** "the column is one of these", as one bound JSON value (a file has up to 10,000 ids). */
const among = (column: SQLiteColumn, values: readonly (number | string)[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`

/** Which of these lawsuit numbers are secret, asked of every lawsuit shard. */
async function secretAmong(corpus: Corpus, cnjs: string[]): Promise<Set<string>> {
  if (!cnjs.length) return new Set()
  const lists = await Promise.all(
    (await readCorpus.databases(corpus, { families: KINDS.processo.families })).map((db) =>
      db
        .select({ cnj: lawsuits.cnj })
        .from(lawsuits)
        .where(and(among(lawsuits.cnj, cnjs), sql`${lawsuits.secrecyLevel} > 0`)),
    ),
  )
  return new Set(lists.flat().map((r) => r.cnj))
}

/**
 * The people or companies among `ids` with something public: a party of a public lawsuit in
 * any lawsuit shard, or named in a matéria (in any gazette shard) that is not about a secret one.
 */
async function withPublicAppearance(corpus: Corpus, kind: 'pessoas' | 'empresas', ids: number[]) {
  if (!ids.length) return new Set<number>()
  const party = kind === 'pessoas' ? parties.personId : parties.companyId
  const mention = kind === 'pessoas' ? articleMentions.personId : articleMentions.companyId
  const [lawsuitShards, gazetteShards] = await Promise.all([
    readCorpus.databases(corpus, { families: KINDS.processo.families }),
    readCorpus.databases(corpus, { families: KINDS.materia.families }),
  ])
  const [asParty, named] = await Promise.all([
    Promise.all(
      lawsuitShards.map((db) =>
        db
          .selectDistinct({ id: party })
          .from(parties)
          .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
          .where(and(among(party, ids), eq(lawsuits.secrecyLevel, 0))),
      ),
    ),
    Promise.all(
      gazetteShards.map((db) =>
        db
          .selectDistinct({ id: mention, cnj: gazetteArticles.lawsuitCnj })
          .from(articleMentions)
          .innerJoin(gazetteArticles, eq(gazetteArticles.id, articleMentions.articleId))
          .where(among(mention, ids)),
      ),
    ),
  ])
  const mentions = named.flat()
  const secret = await secretAmong(corpus, [...new Set(mentions.flatMap((m) => (m.cnj ? [m.cnj] : [])))])
  const shown = new Set<number>()
  for (const row of asParty.flat()) if (row.id) shown.add(row.id)
  for (const row of mentions) if (row.id && !(row.cnj && secret.has(row.cnj))) shown.add(row.id)
  return shown
}

/** A corpus kind's file n over the entries its range meets; null when no such file exists. */
export async function corpusFileRows(
  deps: { db: Database; corpus: Corpus },
  kind: RangedKind,
  n: number,
): Promise<{ ref: string; lastmod: string | number | null }[] | null> {
  const spec = CORPUS[kind]
  if (!spec) return null
  const range = shardRange(n)
  const met = (await entryMaxima(deps.corpus, kind)).filter(
    ({ entry, top }) => top && entry.idFrom <= range.upTo && range.after < entry.idTo && range.after < top,
  )
  if (!met.length) return null
  const [hidden, lists] = await Promise.all([
    spec.page ? readCorpus.unlisted(deps.corpus, spec.page) : Promise.resolve([]),
    Promise.all(
      met.map(({ entry, db }) =>
        rowsOf(
          kind,
          db,
          and(
            inEntry(spec.key, entry),
            sql`${spec.key} > ${range.after}`,
            sql`${spec.key} <= ${range.upTo}`,
          ) as SQL,
        ),
      ),
    ),
  ])
  const gone = new Set(hidden)
  let rows = lists
    .flat()
    .filter((row) => !gone.has(row.id))
    .sort((a, b) => a.id - b.id)
  if (kind === 'materias') {
    // A matéria naming a secret lawsuit: a public act, but the sitemap never advertises it.
    const secret = await secretAmong(deps.corpus, [...new Set(rows.flatMap((r) => (r.cnj ? [r.cnj] : [])))])
    rows = rows.filter((r) => !(r.cnj && secret.has(r.cnj)))
  }
  if (kind === 'pessoas' || kind === 'empresas') {
    const shown = await withPublicAppearance(
      deps.corpus,
      kind,
      rows.map((r) => r.id),
    )
    rows = rows.filter((r) => shown.has(r.id))
  }
  return rows.map(({ ref, lastmod }) => ({ ref, lastmod }))
}
