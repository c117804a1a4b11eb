import { and, eq, inArray, ne, or } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { movements } from '~/db/schema-corpus'
import { monitoringHits, webhookOutbox } from '~/db/schema-monitoring'
import { chunk } from '~/domain/corpus/store/batch.server'
import { maskNamesInText } from '~/domain/privacy/mask-text'

/**
 * What was made from a document before it was masked (decisions/0064): the monitoring hits'
 * excerpts, the webhook deliveries not yet delivered (their body is fixed when created) and the
 * lawsuit's movement complements. Masked in place with the same names, so an alert read later
 * names no one either. The alerts and webhooks are the primary's (`db`); the movements are in the
 * lawsuit's shard (`lawsuitDb`, decisions/0081).
 */
export async function maskDerived(
  db: Database,
  of: { articleIds?: number[]; lawsuitId?: number; lawsuitDb?: Database },
  names: string[],
): Promise<void> {
  if (!names.length) return
  const mask = (text: string) => maskNamesInText(text, names)
  const which = or(
    of.articleIds?.length
      ? and(eq(monitoringHits.documentKind, 'materia'), inArray(monitoringHits.documentId, of.articleIds))
      : undefined,
    of.lawsuitId ? eq(monitoringHits.lawsuitId, of.lawsuitId) : undefined,
  )
  if (!which) return
  const hits = await db
    .select({ id: monitoringHits.id, title: monitoringHits.title, excerpt: monitoringHits.excerpt })
    .from(monitoringHits)
    .where(which)
  for (const hit of hits) {
    const excerpt = hit.excerpt && {
      before: mask(hit.excerpt.before),
      match: mask(hit.excerpt.match),
      after: mask(hit.excerpt.after),
    }
    await db
      .update(monitoringHits)
      .set({ title: mask(hit.title), excerpt })
      .where(eq(monitoringHits.id, hit.id))
  }
  for (const part of chunk(
    hits.map((h) => h.id),
    90,
  )) {
    const pending = await db
      .select({ id: webhookOutbox.id, body: webhookOutbox.body })
      .from(webhookOutbox)
      .where(and(inArray(webhookOutbox.hitId, part), ne(webhookOutbox.state, 'entregue')))
    for (const row of pending)
      await db
        .update(webhookOutbox)
        .set({ body: mask(row.body) })
        .where(eq(webhookOutbox.id, row.id))
  }
  if (of.lawsuitId) {
    const shard = of.lawsuitDb ?? db
    const moves = await shard
      .select({ id: movements.id, complements: movements.complements })
      .from(movements)
      .where(eq(movements.lawsuitId, of.lawsuitId))
    for (const move of moves)
      if (move.complements && mask(move.complements) !== move.complements)
        await shard
          .update(movements)
          .set({ complements: mask(move.complements) })
          .where(eq(movements.id, move.id))
  }
}
