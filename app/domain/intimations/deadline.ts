import { computeDeadline } from '~/domain/deadlines/compute'
import { deadlineInputFromDjen } from '~/domain/deadlines/djen'
import type { CourtSuspension, Deadline, DeadlineOverride } from '~/domain/deadlines/types'

// The one place an intimação meets the deadline counter (app/domain/deadlines, another area's):
// at its arrival, at a cancellation, at the lawyer's correction and at a recount, always with the
// same inputs: the communication as the DJEN gave it (through deadlineInputFromDjen, so the two
// cannot drift) and the reviewers' suspensions of the calendar it is counted on.

export type IntimationFacts = {
  availableOn: string
  court: string
  organ: string | null
  body: string
  kind: string | null
  documentType: string | null
  className: string | null
  classCode: string | null
  lawsuitCnj: string
  active: boolean
}

/** A court's suspensions touching [from, to] (suspensionsFor, or a test's stand-in). */
export type SuspensionLookup = (court: string, from: string, to: string) => Promise<CourtSuspension[]>

/** A suspension can only push a last day later; a few rounds reach the fixed point. */
const MAX_ROUNDS = 6

const count = (facts: IntimationFacts, correction: DeadlineOverride | null, suspensions: CourtSuspension[]) =>
  computeDeadline(
    deadlineInputFromDjen(
      {
        data_disponibilizacao: facts.availableOn,
        siglaTribunal: facts.court,
        texto: facts.body,
        tipoComunicacao: facts.kind,
        tipoDocumento: facts.documentType,
        nomeOrgao: facts.organ,
        nomeClasse: facts.className,
        codigoClasse: facts.classCode,
        numero_processo: facts.lawsuitCnj,
        ativo: facts.active,
      },
      { ...(correction ? { override: correction } : {}), suspensions },
    ),
  )

/**
 * What is stored: the last day as its own column (indexed, sorted on) and the whole count as JSON.
 * The count's window is [disponibilização, last day], and a suspension in it pushes the last day
 * on: the suspensions are read for the window, the count redone, and read again for the longer
 * window until the last day stays inside what was read (then no suspension is missing).
 */
export async function countDeadline(
  lookup: SuspensionLookup,
  facts: IntimationFacts,
  correction: DeadlineOverride | null,
): Promise<{ lastDay: string | null; deadline: Deadline | null }> {
  const court = correction?.court ?? facts.court
  let deadline = count(facts, correction, [])
  let readTo = ''
  for (let round = 0; deadline && deadline.lastDay > readTo && round < MAX_ROUNDS; round++) {
    readTo = deadline.lastDay
    deadline = count(facts, correction, await lookup(court, facts.availableOn, readTo))
  }
  return { lastDay: deadline?.lastDay ?? null, deadline }
}

/** The stored JSON back as the counter's type (the database layer keeps it untyped). */
export const storedDeadline = (value: unknown): Deadline | null => (value ? (value as Deadline) : null)
export const storedCorrection = (value: unknown): DeadlineOverride | null =>
  value ? (value as DeadlineOverride) : null
