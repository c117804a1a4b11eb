import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { lawsuits, movements } from '~/db/schema-corpus'
import { type monitoringHits, monitorings } from '~/db/schema-monitoring'
import { owns, readCorpus } from '~/domain/corpus/access.server'
import { formatCnj } from '~/domain/corpus/cnj'
import { KINDS } from '~/domain/corpus/kinds'
import { movementWords } from '~/domain/corpus/movement-words'
import { chunk } from '~/domain/corpus/store/batch.server'
import type { Deps } from '~/domain/deps'
import { t } from '~/i18n/pt-BR'
import { lawsuitPath } from '~/lib/paths'
import type { CheckedDocument, Window } from './documents.server'
import { excerptAround } from './matcher'

type CheckDeps = Pick<Deps, 'db'>
export type HitRow = typeof monitoringHits.$inferInsert & { userId: number }

/** Movements of one lawsuit arriving together past this many become one hit ("N novas movimentações"). */
const MOVEMENT_BURST = 5

/** Lawsuit monitorings: a matéria citing the number, and a watched number arriving in the corpus. */
export async function lawsuitNumberHits(deps: CheckDeps, page: CheckedDocument[]): Promise<HitRow[]> {
  const cnjs = [...new Set(page.map((d) => d.cnj).filter((c): c is string => !!c))]
  if (!cnjs.length) return []
  const watching: (typeof monitorings.$inferSelect)[] = []
  for (const part of chunk(cnjs, 90))
    watching.push(
      ...(await deps.db
        .select()
        .from(monitorings)
        .where(and(eq(monitorings.kind, 'processo'), inArray(monitorings.cnj, part)))),
    )
  const rows: HitRow[] = []
  const arrived: number[] = []
  for (const doc of page) {
    // Only what entered the corpus after the monitoring was made (decisions/0052).
    for (const m of watching.filter((w) => w.cnj === doc.cnj && doc.importedAt >= w.createdAt)) {
      const numero = formatCnj(m.cnj ?? '')
      if (doc.kind === 'materia') {
        const at = doc.text.indexOf(numero)
        rows.push({
          monitoringId: m.id,
          userId: m.userId,
          documentKind: 'materia',
          documentId: doc.id,
          lawsuitId: doc.lawsuitId,
          title: t('monitoring.hit.lawsuitPublication', { numero, diario: doc.gazetteName ?? '' }),
          url: doc.url,
          documentDate: doc.date,
          excerpt: at >= 0 ? excerptAround(doc.text, at, at + numero.length) : excerptAround(doc.text, 0, 0),
          reasons: [t('monitoring.hit.reasonCnj', { numero })],
          contextKey: doc.contextKey,
        })
      } else if (m.awaitingLawsuit) {
        arrived.push(m.id)
        rows.push({
          monitoringId: m.id,
          userId: m.userId,
          documentKind: 'processo',
          documentId: doc.id,
          lawsuitId: doc.lawsuitId,
          title: t('monitoring.hit.appeared', { numero, tribunal: doc.court ?? '' }),
          url: doc.url,
          documentDate: doc.date,
          excerpt: null,
          reasons: [t('monitoring.hit.reasonAppeared')],
          contextKey: doc.contextKey,
        })
      }
    }
  }
  // Announced once: later windows report its movements instead.
  for (const part of chunk(arrived, 90))
    await deps.db.update(monitorings).set({ awaitingLawsuit: false }).where(inArray(monitorings.id, part))
  return rows
}

/** New movements of watched lawsuits; a burst (a first import) becomes one hit, not dozens. */
export async function movementHits(deps: Pick<Deps, 'db' | 'corpus'>, window: Window): Promise<HitRow[]> {
  // Three steps, as the lawsuits live in shards and the monitorings in the primary
  // (decisions/0072): the numbers each shard saw move in the window (public lawsuits), the
  // primary's monitorings of those numbers, then the watched lawsuits' movements.
  const inWindow = and(gte(movements.importedAt, window.from), lt(movements.importedAt, window.to))
  // Each database only its own lawsuits: a split's moved rows are in two for a while (0083).
  const shards = await readCorpus.shards(deps.corpus, { families: KINDS.processo.families })
  const movedByShard = await Promise.all(
    shards.map(async (shard) =>
      (
        await shard.db
          .selectDistinct({ cnj: lawsuits.cnj })
          .from(movements)
          .innerJoin(lawsuits, eq(lawsuits.id, movements.lawsuitId))
          .where(and(inWindow, eq(lawsuits.secrecyLevel, 0), owns(shard, lawsuits.id)))
      ).map((r) => r.cnj),
    ),
  )
  const watching: { id: number; userId: number; cnj: string | null; createdAt: number }[] = []
  for (const part of chunk([...new Set(movedByShard.flat())], 90))
    watching.push(
      ...(await deps.db
        .select({
          id: monitorings.id,
          userId: monitorings.userId,
          cnj: monitorings.cnj,
          createdAt: monitorings.createdAt,
        })
        .from(monitorings)
        .where(and(eq(monitorings.kind, 'processo'), inArray(monitorings.cnj, part)))),
    )
  const watched = new Set(watching.map((w) => w.cnj))
  const moved = (
    await Promise.all(
      shards.map(async (shard, i) => {
        const numbers = (movedByShard[i] ?? []).filter((cnj) => watched.has(cnj))
        const found = []
        for (const part of chunk(numbers, 90))
          found.push(
            ...(await shard.db
              .select({
                movementId: movements.id,
                at: movements.at,
                name: movements.name,
                code: movements.code,
                importedAt: movements.importedAt,
                lawsuitId: lawsuits.id,
                cnj: lawsuits.cnj,
              })
              .from(movements)
              .innerJoin(lawsuits, eq(lawsuits.id, movements.lawsuitId))
              .where(and(inWindow, inArray(lawsuits.cnj, part), owns(shard, lawsuits.id)))),
          )
        return found
      }),
    )
  ).flat()
  // Only what entered the corpus after the monitoring was made (decisions/0052).
  const rows = moved.flatMap((m) =>
    watching
      .filter((w) => w.cnj === m.cnj && m.importedAt >= w.createdAt)
      .map((w) => ({ ...m, monitoringId: w.id, userId: w.userId })),
  )
  const groups = new Map<string, typeof rows>()
  for (const row of rows) {
    const key = `${row.monitoringId}:${row.lawsuitId}`
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  const hits: HitRow[] = []
  for (const group of groups.values()) {
    const sorted = group.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.movementId - a.movementId))
    const shown = sorted.length > MOVEMENT_BURST ? sorted.slice(0, 1) : sorted
    for (const m of shown) {
      const numero = formatCnj(m.cnj)
      // In plain words when the table knows the code (issue 41 §4): "Conclusão – O processo foi…".
      const words = movementWords(m.code)
      const name = words
        ? t('monitoring.hit.movementPlain', { nome: m.name, explicacao: words.what })
        : m.name
      const movimento =
        sorted.length > MOVEMENT_BURST
          ? `${sorted.length} novas movimentações (a mais recente: ${name})`
          : name
      hits.push({
        monitoringId: m.monitoringId,
        userId: m.userId,
        documentKind: sorted.length > MOVEMENT_BURST ? 'movimentos' : 'movimento',
        documentId: m.movementId,
        lawsuitId: m.lawsuitId,
        title: t('monitoring.hit.movement', { numero, movimento }),
        url: lawsuitPath(numero),
        documentDate: m.at,
        excerpt: null,
        reasons: [t('monitoring.hit.reasonMovement')],
        contextKey: `processo:${m.cnj}`,
      })
    }
  }
  return hits
}
