import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { lawsuits, movements } from '~/db/schema-corpus'
import { monitoringExclusions, monitoringHits, monitorings, webhooks } from '~/db/schema-monitoring'
import type { Deps } from '~/deps.server'
import { formatCnj } from '~/domain/corpus/cnj'
import { chunk } from '~/domain/corpus/store/batch.server'
import type { NotificationMessage } from '~/domain/notifications/notifications.server'
import { t } from '~/i18n/pt-BR'
import type { MonitoringSource } from '~/schemas/monitoring'
import { type CheckedDocument, lawsuitsPage, materiasPage, type Window } from './documents.server'
import { compileMonitorings, excerptAround, type MonitoringRule } from './matcher'
import type { WebhookMessage } from './messages'

type CheckDeps = Pick<Deps, 'db' | 'notificationsQueue' | 'monitoringQueue'>
type HitRow = typeof monitoringHits.$inferInsert & { userId: number }

/** Movements of one lawsuit arriving together past this many become one hit ("N novas movimentações"). */
const MOVEMENT_BURST = 5

/**
 * Checks everything that entered the corpus in the window against every monitoring: one compiled
 * matcher for all names and terms (decisions/0031), equality on the CNJ number for lawsuits. Each
 * hit is stored once per monitoring and document; its notification and webhook are queued with
 * keys that make a second run (a retry, the cron's re-check) deliver nothing twice.
 */
export async function checkWindow(deps: CheckDeps, window: Window) {
  const rules = await loadRules(deps)
  const matcher = compileMonitorings(rules.map((r) => r.rule))
  const ruleById = new Map(rules.map((r) => [r.rule.id, r]))
  const totals = { monitoringsChecked: rules.length, documents: 0, hits: 0 }

  for (const next of [materiasPage, lawsuitsPage]) {
    let after = 0
    for (;;) {
      const page = await next(deps.db, window, after)
      if (!page.length) break
      totals.documents += page.length
      const rows: HitRow[] = []
      for (const doc of page) {
        for (const hit of matcher.match(doc)) {
          const owner = ruleById.get(hit.monitoringId)
          if (owner?.sources.includes(doc.source)) rows.push(nameHit(doc, owner, hit))
        }
      }
      rows.push(...(await lawsuitNumberHits(deps, page)))
      totals.hits += await storeAndDeliver(deps, rows)
      after = page[page.length - 1]?.id ?? after
    }
  }
  totals.hits += await storeAndDeliver(deps, await movementHits(deps, window))
  return totals
}

type LoadedRule = { rule: MonitoringRule; userId: number; sources: MonitoringSource[]; term: string }

async function loadRules(deps: CheckDeps): Promise<LoadedRule[]> {
  const rows = await deps.db
    .select()
    .from(monitorings)
    .where(inArray(monitorings.kind, ['nome', 'termo']))
  const exclusions = await deps.db.select().from(monitoringExclusions)
  const byMonitoring = new Map<number, string[]>()
  for (const e of exclusions)
    byMonitoring.set(e.monitoringId, [...(byMonitoring.get(e.monitoringId) ?? []), e.contextKey])
  return rows.map((m) => ({
    userId: m.userId,
    term: m.term,
    sources: m.sources as MonitoringSource[],
    rule: {
      id: m.id,
      kind: m.kind === 'termo' ? 'termo' : 'nome',
      term: m.term,
      mode: m.mode,
      uf: m.uf,
      cityCode: m.cityCode,
      oab: m.oab,
      taxId: m.taxId,
      coParty: m.coParty,
      exclusions: byMonitoring.get(m.id) ?? [],
    },
  }))
}

function nameHit(
  doc: CheckedDocument,
  owner: LoadedRule,
  hit: { monitoringId: number; reasons: string[]; start: number; end: number },
): HitRow {
  const title =
    doc.kind === 'processo' && doc.cnj
      ? t('monitoring.hit.nameLawsuit', { termo: owner.term, numero: formatCnj(doc.cnj) })
      : t('monitoring.hit.namePublication', { termo: owner.term, diario: doc.gazetteName ?? doc.title })
  return {
    monitoringId: hit.monitoringId,
    userId: owner.userId,
    documentKind: doc.kind,
    documentId: doc.id,
    lawsuitId: doc.lawsuitId,
    title,
    url: doc.url,
    documentDate: doc.date,
    excerpt: excerptAround(doc.text, hit.start, hit.end),
    reasons: hit.reasons,
    contextKey: doc.contextKey,
  }
}

/** Lawsuit monitorings: a matéria citing the number, and a watched number arriving in the corpus. */
async function lawsuitNumberHits(deps: CheckDeps, page: CheckedDocument[]): Promise<HitRow[]> {
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
    for (const m of watching.filter((w) => w.cnj === doc.cnj)) {
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
async function movementHits(deps: CheckDeps, window: Window): Promise<HitRow[]> {
  const rows = await deps.db
    .select({
      movementId: movements.id,
      at: movements.at,
      name: movements.name,
      lawsuitId: lawsuits.id,
      cnj: lawsuits.cnj,
      monitoringId: monitorings.id,
      userId: monitorings.userId,
    })
    .from(movements)
    .innerJoin(lawsuits, eq(lawsuits.id, movements.lawsuitId))
    .innerJoin(monitorings, eq(monitorings.cnj, lawsuits.cnj))
    .where(
      and(
        gte(movements.importedAt, window.from),
        lt(movements.importedAt, window.to),
        eq(lawsuits.secrecyLevel, 0),
        eq(monitorings.kind, 'processo'),
      ),
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
      const movimento =
        sorted.length > MOVEMENT_BURST
          ? `${sorted.length} novas movimentações (a mais recente: ${m.name})`
          : m.name
      hits.push({
        monitoringId: m.monitoringId,
        userId: m.userId,
        documentKind: sorted.length > MOVEMENT_BURST ? 'movimentos' : 'movimento',
        documentId: m.movementId,
        lawsuitId: m.lawsuitId,
        title: t('monitoring.hit.movement', { numero, movimento }),
        url: `/processos/${numero}`,
        documentDate: m.at,
        excerpt: null,
        reasons: [t('monitoring.hit.reasonMovement')],
        contextKey: `processo:${m.cnj}`,
      })
    }
  }
  return hits
}

/**
 * Stores the hits (a second run inserts nothing: unique per monitoring and document) and queues,
 * for every stored hit of these documents that nobody dismissed, its notification and webhook.
 * Queuing again what a failed run already queued is harmless: both are keyed by the hit.
 */
async function storeAndDeliver(deps: CheckDeps, rows: HitRow[]): Promise<number> {
  if (!rows.length) return 0
  let inserted = 0
  for (const part of chunk(rows, 7)) {
    const done = await deps.db
      .insert(monitoringHits)
      .values(part)
      .onConflictDoNothing()
      .returning({ id: monitoringHits.id })
    inserted += done.length
  }
  const wanted = new Set(rows.map((r) => `${r.monitoringId}:${r.documentKind}:${r.documentId}`))
  const stored: (typeof monitoringHits.$inferSelect)[] = []
  for (const [kind, ids] of groupIds(rows))
    for (const part of chunk(ids, 90))
      stored.push(
        ...(await deps.db
          .select()
          .from(monitoringHits)
          .where(
            and(
              eq(monitoringHits.documentKind, kind),
              inArray(monitoringHits.documentId, part),
              sql`${monitoringHits.dismissedAt} IS NULL`,
            ),
          )),
      )
  const mine = stored.filter((h) => wanted.has(`${h.monitoringId}:${h.documentKind}:${h.documentId}`))
  const notices = mine.map(
    (h): NotificationMessage => ({
      type: 'notify',
      userId: h.userId,
      kind: 'monitoramento',
      title: t('monitoring.notification', { titulo: h.title }).slice(0, 300),
      url: `/monitoramentos/${h.monitoringId}#ocorrencia-${h.id}`,
      dedupeKey: `monitoramento:${h.monitoringId}:${h.id}`,
      ...(h.lawsuitId ? { subject: { kind: 'processo' as const, id: h.lawsuitId } } : {}),
    }),
  )
  for (const part of chunk(notices, 100))
    await deps.notificationsQueue.sendBatch(part.map((body) => ({ body, contentType: 'json' as const })))
  const users = [...new Set(mine.map((h) => h.userId))]
  const withHook = new Set<number>()
  for (const part of chunk(users, 90))
    for (const w of await deps.db
      .select({ userId: webhooks.userId })
      .from(webhooks)
      .where(inArray(webhooks.userId, part)))
      withHook.add(w.userId)
  const calls = mine
    .filter((h) => withHook.has(h.userId))
    .map((h): WebhookMessage => ({ type: 'webhook', hitId: h.id }))
  for (const part of chunk(calls, 100))
    await deps.monitoringQueue.sendBatch(part.map((body) => ({ body, contentType: 'json' as const })))
  return inserted
}

function groupIds(rows: HitRow[]): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const r of rows)
    out.set(r.documentKind, [...new Set([...(out.get(r.documentKind) ?? []), r.documentId])])
  return out
}
