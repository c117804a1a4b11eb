import { and, desc, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { intimations } from '~/db/schema-intimations'
import { monitorings } from '~/db/schema-monitoring'
import type { Deadline } from '~/domain/deadlines/types'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { t } from '~/i18n/pt-BR'
import type { IntimationCorrectionInput, IntimationFilters } from '~/schemas/intimations'
import { countDeadline, storedCorrection, storedDeadline } from './deadline'
import { countedColumns, suspensionLookup } from './recount.server'

// A lawyer's intimações and deadlines (issue 41 §1–3). Private: every statement here names the
// owner's id, and a row of someone else's is answered as one that does not exist.

type Db = { db: Database }
type Row = typeof intimations.$inferSelect

export type Intimation = Omit<Row, 'deadline' | 'correction'> & {
  deadline: Deadline | null
  correction: ReturnType<typeof storedCorrection>
}

const typed = (row: Row): Intimation => ({
  ...row,
  deadline: storedDeadline(row.deadline),
  correction: storedCorrection(row.correction),
})

function filtersOf(userId: number, filters: IntimationFilters): SQL[] {
  return [
    eq(intimations.userId, userId),
    ...(filters.oab ? [eq(intimations.oab, filters.oab)] : []),
    // "TRE-SP" and "TRESP" are one court, however the DJEN or the address spelled it.
    ...(filters.tribunal
      ? [sql`replace(${intimations.court}, '-', '') = ${filters.tribunal.replace(/-/g, '')}`]
      : []),
    ...(filters.processo ? [eq(intimations.lawsuitCnj, filters.processo)] : []),
  ]
}

export const INTIMATIONS_PER_PAGE = 30

/** `/intimacoes`: newest first (by disponibilização, then arrival), with the page's filters. */
export async function listIntimations(deps: Db, userId: number, filters: IntimationFilters, page = 1) {
  const rows = await deps.db
    .select()
    .from(intimations)
    .where(and(...filtersOf(userId, filters)))
    .orderBy(desc(intimations.availableOn), desc(intimations.id))
    .limit(INTIMATIONS_PER_PAGE + 1)
    .offset((page - 1) * INTIMATIONS_PER_PAGE)
  return { items: rows.slice(0, INTIMATIONS_PER_PAGE).map(typed), more: rows.length > INTIMATIONS_PER_PAGE }
}

/** What the filters offer: the person's OAB keys and the courts and lawsuits of her intimações. */
export async function filterChoices(deps: Db, userId: number) {
  const [oabs, courts] = await Promise.all([
    deps.db
      .select({ key: monitorings.oab, term: monitorings.term })
      .from(monitorings)
      .where(and(eq(monitorings.userId, userId), eq(monitorings.kind, 'oab')))
      .orderBy(monitorings.term),
    deps.db
      .selectDistinct({ court: intimations.court })
      .from(intimations)
      .where(eq(intimations.userId, userId))
      .orderBy(intimations.court),
  ])
  return {
    oabs: oabs.flatMap((o) => (o.key ? [{ key: o.key, label: o.term }] : [])),
    courts: courts.map((c) => c.court),
  }
}

/** Deadlines by date: past (vencidos), today, this week (to Sunday), later (issue 41 §3). */
export async function listDeadlines(deps: Db, userId: number, filters: IntimationFilters, today: string) {
  const rows = await deps.db
    .select()
    .from(intimations)
    .where(and(...filtersOf(userId, filters), isNotNull(intimations.lastDay)))
    .orderBy(intimations.lastDay, intimations.id)
    .limit(500)
  const weekEnd = endOfWeek(today)
  const groups = {
    vencidos: [] as Intimation[],
    hoje: [] as Intimation[],
    semana: [] as Intimation[],
    depois: [] as Intimation[],
  }
  for (const row of rows.map(typed)) {
    const day = row.lastDay ?? ''
    if (day < today) groups.vencidos.push(row)
    else if (day === today) groups.hoje.push(row)
    else if (day <= weekEnd) groups.semana.push(row)
    else groups.depois.push(row)
  }
  // The most recent past first: yesterday's matters more than last year's.
  groups.vencidos.reverse()
  return groups
}

/** The Sunday that ends the week of `day` (weeks run Monday to Sunday, as the courts' do). */
export function endOfWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  const toSunday = (7 - date.getUTCDay()) % 7
  return new Date(date.getTime() + toSunday * 86_400_000).toISOString().slice(0, 10)
}

async function ownIntimation(deps: Db, userId: number, id: number): Promise<Row> {
  const [row] = await deps.db
    .select()
    .from(intimations)
    .where(and(eq(intimations.id, id), eq(intimations.userId, userId)))
  if (!row) throw new DomainError('intimation.notFound', 404)
  return row
}

const back = (id: number) => `/intimacoes#intimacao-${id}`

/**
 * The lawyer corrects the number of days or the court's calendar: counted again at once by the
 * same counter, the correction kept (every later recount applies it) and shown as corrected. Both
 * empty removes the correction.
 */
export async function correctIntimation(
  deps: Db & { now: () => Date },
  userId: number,
  id: number,
  input: IntimationCorrectionInput,
): Promise<Outcome> {
  const row = await ownIntimation(deps, userId, id)
  if (!row.active) throw new DomainError('intimation.withdrawn', 409)
  const correction =
    input.dias || input.tribunal
      ? { ...(input.dias ? { days: input.dias } : {}), ...(input.tribunal ? { court: input.tribunal } : {}) }
      : null
  const counted = await countDeadline(suspensionLookup(deps.db), row, correction)
  await deps.db
    .update(intimations)
    .set({
      correction,
      // The lawyer's own change: the event moves, but it is not "moved by the court's calendar".
      ...countedColumns(row, counted),
      movedFrom: null,
      updatedAt: deps.now().getTime(),
    })
    .where(and(eq(intimations.id, id), eq(intimations.userId, userId)))
  return {
    message: correction ? t('intimation.corrected') : t('intimation.correctionRemoved'),
    redirect: back(id),
    body: { intimacao: { id, ultimo_dia: counted.lastDay, corrigido: correction !== null } },
  }
}

/** "Cumprido" (or undone): a fulfilled deadline stays listed, marked, and gets no more reminders. */
export async function markFulfilled(
  deps: Db & { now: () => Date },
  userId: number,
  id: number,
  done: boolean,
): Promise<Outcome> {
  await ownIntimation(deps, userId, id)
  await deps.db
    .update(intimations)
    .set({ fulfilledAt: done ? deps.now().getTime() : null, updatedAt: deps.now().getTime() })
    .where(and(eq(intimations.id, id), eq(intimations.userId, userId)))
  return {
    message: done ? t('intimation.fulfilled') : t('intimation.reopened'),
    redirect: back(id),
    body: { intimacao: { id, cumprido: done } },
  }
}

/** Open deadlines whose last day falls in [from, to]: the reminders' candidates (partial index). */
export async function openDeadlinesBetween(deps: Db, from: string, to: string) {
  const rows = await deps.db
    .select()
    .from(intimations)
    .where(
      and(
        isNotNull(intimations.lastDay),
        isNull(intimations.fulfilledAt),
        gte(intimations.lastDay, from),
        lte(intimations.lastDay, to),
      ),
    )
  return rows.map(typed)
}

/** Rows waiting for their announcement (oldest first). */
export async function unannounced(deps: Db, limit: number) {
  const rows = await deps.db
    .select()
    .from(intimations)
    .where(isNull(intimations.announcedAt))
    .orderBy(intimations.id)
    .limit(limit)
  return rows.map(typed)
}
