import { and, inArray, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { deadlineSettings, intimations } from '~/db/schema-intimations'
import { webhooks } from '~/db/schema-monitoring'
import type { Deadline } from '~/domain/deadlines/types'
import { jobWindowDone, recordJobWindow } from '~/domain/jobs/jobs.server'
import { createDelivery } from '~/domain/monitoring/webhook-delivery.server'
import { type NotificationMessage, notificationsBatch } from '~/domain/notifications/notifications-messages'
import { t } from '~/i18n/pt-BR'
import { formatCnj } from '~/lib/cnj'
import { formatDate } from '~/lib/format'
import { truncateAtWord } from '~/lib/plain-text'
import { DEFAULT_REMINDER_DAYS } from '~/schemas/intimations'
import { type Intimation, openDeadlinesBetween, unannounced } from './intimations.server'
import { actOf } from './words'

// The cron's two steps for intimações (issue 41): announcing the new ones (the import path may
// run where no queue is at hand, so the rows are the outbox) and the e-mail reminders before a
// last day. Both only enqueue, with keys that make a repeat harmless (at-least-once delivery).

type AnnounceDeps = {
  db: Database
  notificationsQueue: Queue
  monitoringQueue: Queue
  origin: string
  now: () => Date
}

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

const ANNOUNCE_PER_TICK = 200

/** The webhook's body: the intimação and its deadline (null when it asks nothing). */
export function webhookPayload(row: Intimation, origin: string) {
  const deadline = row.deadline
  return {
    evento: 'intimacao',
    intimacao: {
      id: row.id,
      oab: row.oab,
      tribunal: row.court,
      processo: formatCnj(row.lawsuitCnj),
      comunicacao_djen: row.communicationId,
      disponibilizacao: row.availableOn,
      tipo: row.kind,
      documento: row.documentType,
      orgao: row.organ,
      url: `${origin}/intimacoes#intimacao-${row.id}`,
      prazo: deadline
        ? {
            ultimo_dia: deadline.lastDay,
            dias: deadline.days,
            origem_dos_dias: deadline.daysFrom,
            contagem: deadline.counting,
            publicacao: deadline.publishedOn,
            inicio: deadline.startsOn,
            corrigido: deadline.corrected,
          }
        : null,
    },
  }
}

function notificationOf(row: Intimation): NotificationMessage {
  const numero = formatCnj(row.lawsuitCnj)
  const title = row.lastDay
    ? t('intimation.notification', {
        ato: actOf(row),
        numero,
        tribunal: row.court,
        data: formatDate(row.lastDay),
      })
    : t('intimation.notificationNoDeadline', { ato: actOf(row), numero, tribunal: row.court })
  return {
    type: 'notify',
    userId: row.userId,
    kind: 'intimacao',
    title: truncateAtWord(title, 300),
    url: `/intimacoes#intimacao-${row.id}`,
    dedupeKey: `intimacao:${row.id}`,
  }
}

/**
 * Each new intimação once: its notification (bell, then e-mail by the person's choice) and, for a
 * person with a webhook, a delivery whose body carries the deadline (the cron's webhook step sends
 * it: this step runs before it). The rows are marked only after both were queued, so a tick that
 * dies in between is redone by the next, and the dedupe key and the delivery key absorb the repeat.
 * One cancelled before its announcement is marked without a word.
 */
export async function announceIntimations(deps: AnnounceDeps, limit = ANNOUNCE_PER_TICK): Promise<number> {
  const rows = await unannounced(deps, limit)
  if (!rows.length) return 0
  const live = rows.filter((r) => r.active)
  for (const part of chunks(live.map(notificationOf), 100))
    await deps.notificationsQueue.sendBatch(notificationsBatch(part))
  const users = [...new Set(live.map((r) => r.userId))]
  const withHook = new Set<number>()
  for (const part of chunks(users, 90))
    for (const w of await deps.db
      .select({ userId: webhooks.userId })
      .from(webhooks)
      .where(inArray(webhooks.userId, part)))
      withHook.add(w.userId)
  for (const row of live.filter((r) => withHook.has(r.userId)))
    await createDelivery(deps, {
      userId: row.userId,
      deliveryKey: `intimacao-${row.id}`,
      event: 'intimacao',
      hitId: null,
      payload: webhookPayload(row, deps.origin),
    })
  const at = deps.now().getTime()
  for (const part of chunks(
    rows.map((r) => r.id),
    90,
  ))
    await deps.db
      .update(intimations)
      .set({ announcedAt: at })
      .where(and(inArray(intimations.id, part), isNull(intimations.announcedAt)))
  return live.length
}

/**
 * The business days before a last day a reminder falls on: counted back over the count's own days
 * (the court's calendar the counter used: its skipped days are not business days, nor weekends in
 * a count in calendar days). None when the count is shorter than that.
 */
export function reminderDates(deadline: Deadline, daysBefore: number[]): Map<number, string> {
  const business = deadline.steps
    .filter((s) => !s.skipped && s.date < deadline.lastDay)
    .map((s) => s.date)
    .filter((d) => {
      const weekday = new Date(`${d}T00:00:00Z`).getUTCDay()
      return weekday !== 0 && weekday !== 6
    })
  const out = new Map<number, string>()
  for (const n of daysBefore) {
    const day = business[business.length - n]
    if (day) out.set(n, day)
  }
  return out
}

/** Brasília's hour from which the day's reminders go (before the 08:00 digest gathers them). */
export const REMINDER_HOUR = 7
/** Looks this far ahead for last days: past any reminder of 30 business days. */
const LOOKAHEAD_DAYS = 50

export function remindersDue(now: Date): { due: boolean; day: string } {
  const local = new Date(now.getTime() - 3 * 60 * 60 * 1000)
  return { due: local.getUTCHours() >= REMINDER_HOUR, day: local.toISOString().slice(0, 10) }
}

/**
 * Once a Brasília day (from 07:00): a reminder for each open deadline whose reminder day is today,
 * by each person's chosen business days before the last day (3 and 1 unless changed). Keyed by
 * intimação, last day and distance, so a redelivery, a re-run or a second tick sends nothing twice,
 * and a corrected deadline gets its own. They go through the notifications, so the person's e-mail
 * choice (at once or in the daily digest) applies.
 */
export async function remindDeadlines(deps: AnnounceDeps, scheduledTime: number): Promise<number> {
  const { due, day } = remindersDue(new Date(scheduledTime))
  if (!due || (await jobWindowDone(deps, 'prazos-lembretes', day))) return 0
  const until = new Date(Date.parse(`${day}T00:00:00Z`) + LOOKAHEAD_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10)
  const open = (await openDeadlinesBetween(deps, day, until)).filter((r) => r.active && r.deadline)
  const users = [...new Set(open.map((r) => r.userId))]
  const chosen = new Map<number, number[]>()
  for (const part of chunks(users, 90))
    for (const s of await deps.db
      .select({ userId: deadlineSettings.userId, days: deadlineSettings.reminderDays })
      .from(deadlineSettings)
      .where(inArray(deadlineSettings.userId, part)))
      chosen.set(s.userId, s.days)
  const messages: NotificationMessage[] = []
  for (const row of open) {
    const deadline = row.deadline as Deadline
    for (const [n, date] of reminderDates(deadline, chosen.get(row.userId) ?? DEFAULT_REMINDER_DAYS)) {
      if (date !== day) continue
      messages.push({
        type: 'notify',
        userId: row.userId,
        kind: 'lembrete-prazo',
        title: truncateAtWord(
          t(n === 1 ? 'deadlines.reminder.one' : 'deadlines.reminder.many', {
            n,
            ato: actOf(row),
            numero: formatCnj(row.lawsuitCnj),
            data: formatDate(deadline.lastDay),
          }),
          300,
        ),
        url: `/prazos#intimacao-${row.id}`,
        dedupeKey: `prazo:${row.id}:${deadline.lastDay}:${n}`,
      })
    }
  }
  for (const part of chunks(messages, 100)) await deps.notificationsQueue.sendBatch(notificationsBatch(part))
  await recordJobWindow(deps, 'prazos-lembretes', day, { at: scheduledTime, sent: messages.length })
  return messages.length
}
