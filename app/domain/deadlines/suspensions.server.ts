import { and, desc, eq, gte, lte } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { courtSuspensions } from '~/db/schema-deadlines'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { auditInsertForLastRow } from '~/domain/trust/audit.server'
import { t } from '~/i18n/pt-BR'
import { courtCalendar } from './courts'
import type { CourtSuspension } from './types'

// The suspensions courts declare, kept by reviewers with their source (issue 41, decisions/0102):
// each addition is one batch with its audit row; the counter reads them as `suspensions`.

/** A declared suspension runs at most a year: a longer one is a typing mistake. */
const MAX_DAYS = 366

export interface SuspensionInput {
  tribunal: string
  de: string
  ate: string
  motivo: string
  fonte: string
}

export async function addSuspension(
  deps: { db: Database },
  actorId: number,
  input: SuspensionInput,
): Promise<Outcome & { id: number }> {
  if (courtCalendar(input.tribunal).branch === 'desconhecido')
    throw new DomainError('deadlines.suspension.courtUnknown', 400, { field: 'tribunal' })
  const span = (Date.parse(input.ate) - Date.parse(input.de)) / 86_400_000
  if (span < 0) throw new DomainError('deadlines.suspension.order', 400, { field: 'ate' })
  if (span >= MAX_DAYS) throw new DomainError('deadlines.suspension.tooLong', 400, { field: 'ate' })
  const [inserted] = await deps.db.batch([
    deps.db
      .insert(courtSuspensions)
      .values({
        court: input.tribunal,
        fromDay: input.de,
        toDay: input.ate,
        reason: input.motivo,
        source: input.fonte,
        createdBy: actorId,
      })
      .returning({ id: courtSuspensions.id }),
    auditInsertForLastRow(deps.db, {
      actorId,
      subjectKind: 'suspensao',
      action: 'registrar',
      reason: input.motivo,
      details: { tribunal: input.tribunal, de: input.de, ate: input.ate, fonte: input.fonte },
    }),
  ])
  const row = inserted[0]
  if (!row) throw new DomainError('deadlines.suspension.courtUnknown', 400)
  return { id: row.id, message: t('deadlines.suspension.added'), redirect: '/revisao/suspensoes' }
}

/** The newest suspensions first, for the reviewers' page. */
export function listSuspensions(deps: { db: Database }, limit = 200) {
  return deps.db
    .select()
    .from(courtSuspensions)
    .orderBy(desc(courtSuspensions.fromDay), desc(courtSuspensions.id))
    .limit(limit)
}

/** A court's suspensions touching [from, to]: what the counter needs for one deadline. */
export async function suspensionsFor(
  deps: { db: Database },
  court: string,
  from: string,
  to: string,
): Promise<CourtSuspension[]> {
  const sigla = court.toUpperCase().replace(/[^A-Z0-9]/g, '')
  const rows = await deps.db
    .select()
    .from(courtSuspensions)
    .where(
      and(
        eq(courtSuspensions.court, sigla),
        lte(courtSuspensions.fromDay, to),
        gte(courtSuspensions.toDay, from),
      ),
    )
  return rows.map((r) => ({
    court: r.court,
    from: r.fromDay,
    to: r.toDay,
    reason: r.reason,
    source: r.source,
  }))
}
