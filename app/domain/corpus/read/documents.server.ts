import { asc, desc, eq, not } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { decisions, provisions, statutes } from '~/db/schema-corpus'
import { deindexed } from '~/domain/removal/pages.server'

export async function getDecision(deps: { db: Database }, id: number) {
  const [decision] = await deps.db.select().from(decisions).where(eq(decisions.id, id)).limit(1)
  return decision ?? null
}

export async function getStatute(deps: { db: Database }, slug: string) {
  const [statute] = await deps.db.select().from(statutes).where(eq(statutes.slug, slug)).limit(1)
  if (!statute) return null
  const items = await deps.db
    .select({
      anchor: provisions.anchor,
      kind: provisions.kind,
      text: provisions.text,
      depth: provisions.depth,
    })
    .from(provisions)
    .where(eq(provisions.statuteId, statute.id))
    .orderBy(asc(provisions.position))
  return { statute, provisions: items }
}

/**
 * Latest decisions and statutes for the section landing pages; a page de-indexed on request is not
 * listed (decisions/0066), like search and sitemaps.
 */
export async function latestDecisions(deps: { db: Database }, limit = 30) {
  return deps.db
    .select({
      id: decisions.id,
      court: decisions.court,
      className: decisions.className,
      number: decisions.number,
      publishedAt: decisions.publishedAt,
      summary: decisions.summary,
    })
    .from(decisions)
    .where(not(deindexed('decisao', decisions.id)))
    .orderBy(desc(decisions.publishedAt), desc(decisions.id))
    .limit(limit)
}

export async function latestStatutes(deps: { db: Database }, limit = 30) {
  return deps.db
    .select({
      slug: statutes.slug,
      title: statutes.title,
      summary: statutes.summary,
      sphere: statutes.sphere,
      date: statutes.date,
    })
    .from(statutes)
    .where(not(deindexed('lei', statutes.id)))
    .orderBy(desc(statutes.date), desc(statutes.id))
    .limit(limit)
}
