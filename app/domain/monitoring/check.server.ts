import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import { monitoringExclusions, monitoringHits, monitorings, webhooks } from '~/db/schema-monitoring'
import { readCorpus } from '~/domain/corpus/access.server'
import { formatCnj } from '~/domain/corpus/cnj'
import { KINDS, type MonitoredKind } from '~/domain/corpus/kinds'
import { chunk } from '~/domain/corpus/store/batch.server'
import type { Deps } from '~/domain/deps'
import { type NotificationMessage, notificationsBatch } from '~/domain/notifications/notifications-messages'
import { t } from '~/i18n/pt-BR'
import { monitoringPath } from '~/lib/paths'
import { truncateAtWord } from '~/lib/plain-text'
import type { MonitoringSource } from '~/schemas/monitoring'
import { type CheckedDocument, lawsuitsPage, materiasPage, type Window } from './documents.server'
import { type HitRow, lawsuitNumberHits, movementHits } from './lawsuit-hits.server'
import { compileMonitorings, excerptAround, type MonitoringRule } from './matcher'
import { monitoringBatch, type WebhookMessage } from './monitoring-messages'

type CheckDeps = Pick<Deps, 'db' | 'corpus' | 'notificationsQueue' | 'monitoringQueue'>

/** Each kind the catalogue marks `monitored`, and how its new documents are read. */
const PAGES: Record<MonitoredKind, typeof materiasPage> = { materia: materiasPage, processo: lawsuitsPage }
/** Where each kind of document is read from: every shard of its families (decisions/0072). */
const SWEPT = (Object.keys(PAGES) as MonitoredKind[]).map((kind) => ({
  next: PAGES[kind],
  families: KINDS[kind].families,
}))

/**
 * Checks everything that entered the corpus in the window against every monitoring: one compiled
 * matcher for all names and terms (decisions/0031), equality on the CNJ number for lawsuits. Each
 * hit is stored once per monitoring and document; its notification and webhook are queued with
 * keys that make a second run (a retry, the cron's re-check) deliver nothing twice.
 */
export async function checkWindow(deps: CheckDeps, window: Window) {
  const totals = { monitoringsChecked: 0, documents: 0, hits: 0 }
  // Rules are compiled a slice at a time (decisions/0031: ~15 MB per 25,000), so a Worker's
  // 128 MB holds any number of monitorings; each slice reads the window's documents again.
  let afterRule = 0
  for (let pass = 0; ; pass++) {
    const rules = await loadRules(deps, afterRule, RULES_PER_PASS)
    if (!rules.length && pass > 0) break
    const matcher = compileMonitorings(rules.map((r) => r.rule))
    const ruleById = new Map(rules.map((r) => [r.rule.id, r]))
    totals.monitoringsChecked += rules.length
    // Each shard's new documents by corpus time, a cursor of ids per shard (its ids are its own).
    const sweeps = (
      await Promise.all(
        SWEPT.map(async ({ next, families }) =>
          // Each database only its own ids: a split's moved rows are in two for a while (0083).
          (await readCorpus.shards(deps.corpus, { families })).map((shard) => ({ next, shard })),
        ),
      )
    ).flat()
    for (const { next, shard } of sweeps) {
      let after = 0
      for (;;) {
        const page = await next(shard.db, window, after, deps.corpus, shard)
        if (!page.length) break
        if (pass === 0) totals.documents += page.length
        const rows: HitRow[] = []
        for (const doc of page) {
          for (const hit of matcher.match(doc)) {
            const owner = ruleById.get(hit.monitoringId)
            // The page promises "a partir de agora": what entered before the monitoring is
            // history (the search shows it), never an alert (decisions/0052).
            if (owner?.sources.includes(doc.source) && doc.importedAt >= owner.createdAt)
              rows.push(nameHit(doc, owner, hit))
          }
        }
        // Lawsuit numbers are matched by equality, once.
        if (pass === 0) rows.push(...(await lawsuitNumberHits(deps, page)))
        totals.hits += await storeAndDeliver(deps, rows)
        after = page[page.length - 1]?.id ?? after
      }
    }
    if (rules.length < RULES_PER_PASS) break
    afterRule = rules[rules.length - 1]?.rule.id ?? afterRule
  }
  totals.hits += await storeAndDeliver(deps, await movementHits(deps, window))
  return totals
}

/** Name and term monitorings compiled together; sized for a Worker's memory (decisions/0031). */
const RULES_PER_PASS = 25_000

type LoadedRule = {
  rule: MonitoringRule
  userId: number
  sources: MonitoringSource[]
  term: string
  createdAt: number
}

async function loadRules(deps: CheckDeps, afterId: number, limit: number): Promise<LoadedRule[]> {
  const rows = await deps.db
    .select()
    .from(monitorings)
    .where(and(inArray(monitorings.kind, ['nome', 'termo']), gt(monitorings.id, afterId)))
    .orderBy(asc(monitorings.id))
    .limit(limit)
  const byMonitoring = new Map<number, string[]>()
  if (rows.length) {
    const first = rows[0]?.id ?? 0
    const last = rows[rows.length - 1]?.id ?? 0
    const exclusions = await deps.db
      .select()
      .from(monitoringExclusions)
      .where(and(gte(monitoringExclusions.monitoringId, first), lte(monitoringExclusions.monitoringId, last)))
    for (const e of exclusions)
      byMonitoring.set(e.monitoringId, [...(byMonitoring.get(e.monitoringId) ?? []), e.contextKey])
  }
  return rows.map((m) => ({
    userId: m.userId,
    term: m.term,
    sources: m.sources as MonitoringSource[],
    createdAt: m.createdAt,
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
      title: truncateAtWord(t('monitoring.notification', { titulo: h.title }), 300),
      url: `${monitoringPath(h.monitoringId)}#ocorrencia-${h.id}`,
      dedupeKey: `monitoramento:${h.monitoringId}:${h.id}`,
      ...(h.lawsuitId ? { subject: { kind: 'processo' as const, id: h.lawsuitId } } : {}),
    }),
  )
  for (const part of chunk(notices, 100)) await deps.notificationsQueue.sendBatch(notificationsBatch(part))
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
  for (const part of chunk(calls, 100)) await deps.monitoringQueue.sendBatch(monitoringBatch(part))
  return inserted
}

function groupIds(rows: HitRow[]): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const r of rows)
    out.set(r.documentKind, [...new Set([...(out.get(r.documentKind) ?? []), r.documentId])])
  return out
}
