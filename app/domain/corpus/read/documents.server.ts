import { and, asc, desc, eq, not } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { decisions, provisions, statutes } from '~/db/schema-corpus'
import { KINDS } from '~/domain/corpus/kinds'
import { deindexed } from '~/domain/corpus/read/deindexed'
import { t } from '~/i18n/pt-BR'
import type { Corpus } from '../shards.server'
import { deindexedIds, notAmong, spread } from './across-shards.server'
import { firstOwned, ownedShards, owns } from './owned-shards.server'

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
  // A shard being split is in two databases: each lists only its own ids (decisions/0077, 0083).
  const shards = await ownedShards(deps.corpus, { families: KINDS.decisao.families })
  // On the primary the statement's own NOT EXISTS drops them; a shard gets the primary's list.
  const hidden = spread(
    deps.db,
    shards.map((s) => s.db),
  )
    ? await deindexedIds(deps.db, 'decisao')
    : []
  const lists = await Promise.all(
    shards.map((shard) =>
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
        .where(
          and(
            not(deindexed('decisao', decisions.id)),
            notAmong(decisions.id, hidden),
            owns(shard, decisions.id),
          ),
        )
        .orderBy(desc(decisions.publishedAt), desc(decisions.id))
        .limit(limit),
    ),
  )
  if (lists.length === 1) return lists[0] ?? []
  // SQLite puts NULL dates last in DESC order; so does this merge.
  return lists
    .flat()
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.id - a.id)
    .slice(0, limit)
}

export async function latestStatutes(deps: { db: Database; corpus: Corpus }, limit = 30) {
  const shards = await ownedShards(deps.corpus, { families: KINDS.lei.families })
  const hidden = spread(
    deps.db,
    shards.map((s) => s.db),
  )
    ? await deindexedIds(deps.db, 'lei')
    : []
  const lists = await Promise.all(
    shards.map((shard) =>
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
        .where(
          and(not(deindexed('lei', statutes.id)), notAmong(statutes.id, hidden), owns(shard, statutes.id)),
        )
        .orderBy(desc(statutes.date), desc(statutes.id))
        .limit(limit),
    ),
  )
  const rows =
    lists.length === 1
      ? (lists[0] ?? [])
      : lists
          .flat()
          .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id)
          .slice(0, limit)
  return rows.map(({ id: _id, ...statute }) => statute)
}
