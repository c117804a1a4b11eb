import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { gazetteArticles, gazetteEditions, gazetteSections, gazettes, lawsuits } from '~/db/schema-corpus'
import { gazetteFamily as familyOfGazette, KINDS } from '~/domain/corpus/kinds'
import { truncateAtWord } from '~/lib/plain-text'
import { listedHere, readCorpus } from '../access.server'
import { ARTICLES_PER_PAGE } from '../constants'
import type { Corpus } from '../shards.server'
import { mentionsOf } from './entity-names.server'
import { firstOwned, owns } from './owned-shards.server'

// Gazettes, editions, cadernos and matérias across the gazettes' shards (decisions/0072, 0075).
// A gazette, its editions and cadernos are copied by id to every shard holding matérias of
// theirs, so a shard answers its part of an edition alone; under the degenerate map every
// function below issues the statements it issued before shards.

type Deps = { db: Database; corpus: Corpus }
type Gazette = typeof gazettes.$inferSelect
type Edition = typeof gazetteEditions.$inferSelect

const GAZETTE_FAMILIES = KINDS.materia.families

/** The shard family of a gazette's matérias (as `placementOf` names it). */
const gazetteFamily = (gazette: Pick<Gazette, 'slug' | 'uf'>) =>
  familyOfGazette(gazette.slug === 'dou' ? 'dou' : { uf: gazette.uf })

/** The databases holding a gazette's matérias, of one day or of all time. */
const shardsOfGazette = (deps: Deps, gazette: Pick<Gazette, 'slug' | 'uf'>, date?: string | null) =>
  deps.corpus.shardsFor({ families: [gazetteFamily(gazette)], from: date, to: date })
/** The matérias of a gazette's day, as a read names them (each database then answers for its own ids). */
const gazetteDay = (gazette: Pick<Gazette, 'slug' | 'uf'>, date: string) => ({
  families: [gazetteFamily(gazette)],
  from: date,
  to: date,
})

/** Each shard's answer, in the map's order (one database: its answer alone). */
const each = <S, T>(shards: S[], read: (shard: S) => Promise<T>) => Promise.all(shards.map(read))

export async function listGazettes(deps: Deps) {
  const lists = await each(await deps.corpus.shardsFor({ families: GAZETTE_FAMILIES }), (db) =>
    db.select().from(gazettes).orderBy(asc(gazettes.sphere), asc(gazettes.name)),
  )
  if (lists.length === 1) return lists[0] ?? []
  const bySlug = new Map(lists.flat().map((g) => [g.slug, g]))
  return [...bySlug.values()].sort((a, b) => a.sphere.localeCompare(b.sphere) || a.name.localeCompare(b.name))
}

export async function getGazette(deps: Deps, slug: string): Promise<Gazette | null> {
  const found = await each(await deps.corpus.shardsFor({ families: GAZETTE_FAMILIES }), async (db) => {
    const [gazette] = await db.select().from(gazettes).where(eq(gazettes.slug, slug)).limit(1)
    return gazette
  })
  return found.find(Boolean) ?? null
}

/**
 * The edition of `date`, or the latest one when no date is asked. A date without an edition is
 * answered with null (the page says so) rather than silently showing another day.
 */
export async function getEdition(deps: Deps, gazette: Gazette, date: string | null) {
  const found = await each(await shardsOfGazette(deps, gazette, date), async (db) => {
    const [edition] = await db
      .select()
      .from(gazetteEditions)
      .where(
        and(eq(gazetteEditions.gazetteId, gazette.id), date ? eq(gazetteEditions.date, date) : undefined),
      )
      .orderBy(desc(gazetteEditions.date), desc(gazetteEditions.id))
      .limit(1)
    return edition
  })
  const [edition] = found
    .filter((e): e is Edition => Boolean(e))
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
  return edition ?? null
}

/** The edition's cadernos with their matérias counted in every shard holding its day. */
export async function listSections(deps: Deps, gazette: Gazette, edition: Edition) {
  const lists = await readCorpus.each(deps.corpus, { filter: gazetteDay(gazette, edition.date) }, (shard) =>
    shard.db
      .select({
        id: gazetteSections.id,
        name: gazetteSections.name,
        slug: gazetteSections.slug,
        articles: count(gazetteArticles.id),
      })
      .from(gazetteSections)
      .leftJoin(
        gazetteArticles,
        and(eq(gazetteArticles.sectionId, gazetteSections.id), owns(shard, gazetteArticles.id)),
      )
      .where(eq(gazetteSections.editionId, edition.id))
      .groupBy(gazetteSections.id)
      .orderBy(asc(gazetteSections.id)),
  )
  if (lists.length === 1) return lists[0] ?? []
  const byId = new Map<number, { id: number; name: string; slug: string; articles: number }>()
  for (const section of lists.flat()) {
    const seen = byId.get(section.id)
    byId.set(section.id, seen ? { ...seen, articles: seen.articles + section.articles } : section)
  }
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

export type ArticleItem = {
  id: number
  title: string
  kind: string | null
  organ: string | null
  page: number | null
  excerpt: string
}

/**
 * One page of an edition's matérias (optionally one caderno), in page order, over every shard
 * holding its day: each shard gives its first `page × size` rows, the merge keeps the page asked.
 */
export async function listArticles(
  deps: Deps,
  gazette: Gazette,
  edition: Edition,
  sectionId: number | null,
  page: number,
): Promise<ArticleItem[]> {
  const skip = (Math.max(1, page) - 1) * ARTICLES_PER_PAGE
  // A matéria de-indexed on request keeps its address but leaves the listings (decisions/0066);
  // each database lists its own ids (a split's window, decisions/0083). One database pages by
  // its own offset; several give their first `skip + page` rows each, and the merge cuts.
  const lists = await readCorpus.each(
    deps.corpus,
    { filter: gazetteDay(gazette, edition.date), unlisted: 'materia' },
    (shard) => {
      const one = shard.asked === 1
      return shard.db
        .select({
          id: gazetteArticles.id,
          title: gazetteArticles.title,
          kind: gazetteArticles.kind,
          organ: gazetteArticles.organ,
          page: gazetteArticles.page,
          body: gazetteArticles.body,
        })
        .from(gazetteArticles)
        .where(
          and(
            eq(gazetteArticles.editionId, edition.id),
            sectionId ? eq(gazetteArticles.sectionId, sectionId) : undefined,
            listedHere(shard, gazetteArticles.id),
          ),
        )
        .orderBy(asc(gazetteArticles.page), asc(gazetteArticles.id))
        .limit(one ? ARTICLES_PER_PAGE : skip + ARTICLES_PER_PAGE)
        .offset(one ? skip : 0)
    },
  )
  // SQLite puts NULL pages first in ASC order; so does this merge.
  const rows =
    lists.length === 1
      ? (lists[0] ?? [])
      : lists
          .flat()
          .sort((a, b) => (a.page ?? -1) - (b.page ?? -1) || a.id - b.id)
          .slice(skip, skip + ARTICLES_PER_PAGE)
  return rows.map(({ body, ...row }) => ({
    ...row,
    excerpt: truncateAtWord(body, 280),
  }))
}

/** Is the lawsuit of this number public? Read in the shard its number names. */
export async function isPublicLawsuit(corpus: Corpus, cnj: string): Promise<boolean> {
  const lawsuit = await firstOwned(corpus, await corpus.shardsOf({ kind: 'processo', cnj }), async (db) => {
    const [row] = await db
      .select({ id: lawsuits.id, level: lawsuits.secrecyLevel })
      .from(lawsuits)
      .where(eq(lawsuits.cnj, cnj))
      .limit(1)
    return row
  })
  return lawsuit?.level === 0
}

/** A matéria by id: its id names its shard, where its gazette, edition and caderno are copied. */
export async function getArticle(deps: Deps, id: number) {
  const db = await deps.corpus.byId(id)
  if (!db) return null
  const [row] = await db
    .select({
      article: gazetteArticles,
      gazette: { slug: gazettes.slug, name: gazettes.name },
      edition: { date: gazetteEditions.date, number: gazetteEditions.number, extra: gazetteEditions.extra },
      section: { name: gazetteSections.name, slug: gazetteSections.slug },
    })
    .from(gazetteArticles)
    .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
    .innerJoin(gazetteEditions, eq(gazetteEditions.id, gazetteArticles.editionId))
    .leftJoin(gazetteSections, eq(gazetteSections.id, gazetteArticles.sectionId))
    .where(eq(gazetteArticles.id, id))
    .limit(1)
  if (!row) return null
  // A matéria about a secret case is still a public act, but the case page is never linked.
  const lawsuitPublic = row.article.lawsuitCnj
    ? await isPublicLawsuit(deps.corpus, row.article.lawsuitCnj)
    : false
  return { ...row, lawsuitPublic, mentions: await mentionsOf(deps.corpus, db, id) }
}
