import { and, asc, count, desc, eq, not } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import {
  articleMentions,
  companies,
  gazetteArticles,
  gazetteEditions,
  gazetteSections,
  gazettes,
  lawsuits,
  people,
} from '~/db/schema-corpus'
import { deindexed } from '~/domain/removal/pages.server'
import { truncateAtWord } from '~/lib/plain-text'
import { ARTICLES_PER_PAGE } from '../constants'

export async function listGazettes(deps: { db: Database }) {
  return deps.db.select().from(gazettes).orderBy(asc(gazettes.sphere), asc(gazettes.name))
}

export async function getGazette(deps: { db: Database }, slug: string) {
  const [gazette] = await deps.db.select().from(gazettes).where(eq(gazettes.slug, slug)).limit(1)
  return gazette ?? null
}

/**
 * The edition of `date`, or the latest one when no date is asked. A date without an edition is
 * answered with null (the page says so) rather than silently showing another day.
 */
export async function getEdition(deps: { db: Database }, gazetteId: number, date: string | null) {
  const [edition] = await deps.db
    .select()
    .from(gazetteEditions)
    .where(and(eq(gazetteEditions.gazetteId, gazetteId), date ? eq(gazetteEditions.date, date) : undefined))
    .orderBy(desc(gazetteEditions.date), desc(gazetteEditions.id))
    .limit(1)
  return edition ?? null
}

export async function listSections(deps: { db: Database }, editionId: number) {
  return deps.db
    .select({
      id: gazetteSections.id,
      name: gazetteSections.name,
      slug: gazetteSections.slug,
      articles: count(gazetteArticles.id),
    })
    .from(gazetteSections)
    .leftJoin(gazetteArticles, eq(gazetteArticles.sectionId, gazetteSections.id))
    .where(eq(gazetteSections.editionId, editionId))
    .groupBy(gazetteSections.id)
    .orderBy(asc(gazetteSections.id))
}

export type ArticleItem = {
  id: number
  title: string
  kind: string | null
  organ: string | null
  page: number | null
  excerpt: string
}

/** One page of an edition's matérias (optionally one caderno), in page order. */
export async function listArticles(
  deps: { db: Database },
  editionId: number,
  sectionId: number | null,
  page: number,
): Promise<ArticleItem[]> {
  const rows = await deps.db
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
        eq(gazetteArticles.editionId, editionId),
        sectionId ? eq(gazetteArticles.sectionId, sectionId) : undefined,
        // A matéria de-indexed on request keeps its address but leaves the listings (decisions/0066).
        not(deindexed('materia', gazetteArticles.id)),
      ),
    )
    .orderBy(asc(gazetteArticles.page), asc(gazetteArticles.id))
    .limit(ARTICLES_PER_PAGE)
    .offset((Math.max(1, page) - 1) * ARTICLES_PER_PAGE)
  return rows.map(({ body, ...row }) => ({
    ...row,
    excerpt: truncateAtWord(body, 280),
  }))
}

export async function getArticle(deps: { db: Database }, id: number) {
  const [row] = await deps.db
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
  let lawsuitPublic = false
  if (row.article.lawsuitCnj) {
    const [lawsuit] = await deps.db
      .select({ level: lawsuits.secrecyLevel })
      .from(lawsuits)
      .where(eq(lawsuits.cnj, row.article.lawsuitCnj))
      .limit(1)
    lawsuitPublic = lawsuit?.level === 0
  }
  const named = await deps.db
    .select({
      personName: people.name,
      personSlug: people.slug,
      companyName: companies.legalName,
      companySlug: companies.slug,
    })
    .from(articleMentions)
    .leftJoin(people, eq(people.id, articleMentions.personId))
    .leftJoin(companies, eq(companies.id, articleMentions.companyId))
    .where(eq(articleMentions.articleId, id))
  const mentions = named.flatMap((m) =>
    m.personSlug
      ? [{ name: m.personName ?? '', href: `/pessoas/${m.personSlug}` }]
      : m.companySlug
        ? [{ name: m.companyName ?? '', href: `/empresas/${m.companySlug}` }]
        : [],
  )
  return { ...row, lawsuitPublic, mentions }
}
