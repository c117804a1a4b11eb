import { computeDeadline } from '~/domain/deadlines/compute'
import type { Deadline, DeadlineInput, DeadlineOverride } from '~/domain/deadlines/types'

// The one place an intimação meets the deadline counter (app/domain/deadlines, another area's):
// at its arrival, at a cancellation and at the lawyer's correction, always through computeDeadline.

export type IntimationFacts = {
  availableOn: string
  court: string
  body: string
  kind: string | null
  documentType: string | null
  className: string | null
  classCode: string | null
  lawsuitCnj: string
  active: boolean
}

/** What is stored: the last day as its own column (indexed, sorted on) and the whole count as JSON. */
export function countDeadline(
  facts: IntimationFacts,
  correction: DeadlineOverride | null,
): { lastDay: string | null; deadline: Deadline | null } {
  const input: DeadlineInput = {
    availableOn: facts.availableOn,
    court: facts.court,
    text: facts.body,
    communicationType: facts.kind,
    documentType: facts.documentType,
    className: facts.className,
    classCode: facts.classCode,
    lawsuitNumber: facts.lawsuitCnj,
    active: facts.active,
    ...(correction ? { override: correction } : {}),
  }
  const deadline = computeDeadline(input)
  return { lastDay: deadline?.lastDay ?? null, deadline }
}

/** The stored JSON back as the counter's type (the database layer keeps it untyped). */
export const storedDeadline = (value: unknown): Deadline | null => (value ? (value as Deadline) : null)
export const storedCorrection = (value: unknown): DeadlineOverride | null =>
  value ? (value as DeadlineOverride) : null
