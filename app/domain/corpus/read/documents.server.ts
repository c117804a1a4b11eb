import { asc, desc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { decisions, provisions, statutes } from '~/db/schema-corpus'
import { KINDS } from '~/domain/corpus/kinds'
import { t } from '~/i18n/pt-BR'
import { listedHere, mergeOrdered, readCorpus } from '../access.server'
import type { Corpus } from '../shards.server'
import { firstOwned } from './owned-shards.server'

/** A decision by id: its id names its shard (decisions/0072), one database read. */
export async function getDecision(deps: { corpus: Corpus }, id: number) {
  const db = await deps.corpus.byId(id)
  if (!db) return null
  const [decision] = await db.select().from(decisions).where(eq(decisions.id, id)).limit(1)
  return decision ? { ...decision, outcome: readableOutcome(decision.outcome) } : null
}

/**
 * The TJAL dataset's labels (decision_label, ../shared/data/SOURCES.md) are English codes of what
 * the court decided on the appeal ("RECURSO CONHECIDO E NÃO PROVIDO" is "no"): shown in
 * Portuguese, translated when read so decisions imported before read right too.
 * "conflito-competencia" names a class, not a result: left out. A court's own words (other
 * sources, the demo's "Negaram provimento") are shown as they are.
 */
const OUTCOMES: Record<string, Parameters<typeof t>[0] | null> = {
  yes: 'decision.outcome.yes',
  no: 'decision.outcome.no',
  partial: 'decision.outcome.partial',
  prejudicada: 'decision.outcome.prejudicada',
  'not-cognized': 'decision.outcome.notCognized',
  'conflito-competencia': null,
}

export function readableOutcome(label: string | null): string | null {
  if (!label) return null
  const key = OUTCOMES[label.trim().toLowerCase()]
  return key === undefined ? label : key && t(key)
}

/** A statute by slug, read in the `legislacao` shard (one database; a few after a split). */
export async function getStatute(deps: { corpus: Corpus }, slug: string) {
  // In the database the map gives its id (a split's window has it in two: decisions/0083).
  const found = await firstOwned(deps.corpus, await deps.corpus.shardsOf({ kind: 'lei' }), async (db) => {
    const [statute] = await db.select().from(statutes).where(eq(statutes.slug, slug)).limit(1)
    return statute && { id: statute.id, statute, db }
  })
  if (found) {
    const { statute, db } = found
    const items = await db
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
  return null
}

/**
 * Latest decisions and statutes for the section landing pages; a page de-indexed on request is not
 * listed (decisions/0066), like search and sitemaps.
 */
export async function latestDecisions(deps: { db: Database; corpus: Corpus }, limit = 30) {
  // Each database lists its own ids (a split's window, decisions/0077, 0083), without the
  // primary's de-indexed pages.
  const lists = await readCorpus.each(
    deps.corpus,
    { filter: { families: KINDS.decisao.families }, unlisted: 'decisao' },
    (shard) =>
      shard.db
        .select({
          id: decisions.id,
          court: decisions.court,
          className: decisions.className,
          number: decisions.number,
          publishedAt: decisions.publishedAt,
          summary: decisions.summary,
        })
        .from(decisions)
        .where(listedHere(shard, decisions.id))
        .orderBy(desc(decisions.publishedAt), desc(decisions.id))
        .limit(limit),
  )
  // SQLite puts NULL dates last in DESC order; so does this merge.
  return mergeOrdered(
    lists,
    (a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.id - a.id,
    limit,
  )
}

export async function latestStatutes(deps: { db: Database; corpus: Corpus }, limit = 30) {
  const lists = await readCorpus.each(
    deps.corpus,
    { filter: { families: KINDS.lei.families }, unlisted: 'lei' },
    (shard) =>
      shard.db
        .select({
          id: statutes.id,
          slug: statutes.slug,
          title: statutes.title,
          summary: statutes.summary,
          sphere: statutes.sphere,
          date: statutes.date,
        })
        .from(statutes)
        .where(listedHere(shard, statutes.id))
        .orderBy(desc(statutes.date), desc(statutes.id))
        .limit(limit),
  )
  const rows = mergeOrdered(lists, (a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id, limit)
  return rows.map(({ id: _id, ...statute }) => statute)
}
