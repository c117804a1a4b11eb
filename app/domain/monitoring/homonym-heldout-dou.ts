/**
 * The held-out homonym set (issue 28, decisions/0055): (person, DOU matéria) pairs in the INLABS
 * XML format the importer reads, each person's filters set as the monitoring form sets them (a
 * city also sets its UF). Written before the place reader, the address rule and the particle fix,
 * measured once before and once after them, and never tuned on: the development cases are in
 * `homonym-cases-*.ts`. `expected` is what a reader of the matéria would say.
 */
import { parseDou } from '~/domain/corpus/import/formats/dou'
import type { HomonymCase } from './homonym-builders'
import { HELDOUT_CASES } from './homonym-heldout-cases'
import type { MonitoringRule } from './matcher'

/** A held-out case before parsing: the matéria as INLABS delivers it. */
export type DouCase = {
  name: string
  rule: Omit<MonitoringRule, 'id'>
  xml: string
  expected: boolean
  why: string
}

/** A matéria as the checker reads it: title and body, no place (the DOU has no state or city). */
export function douCaseToHomonymCase(c: DouCase): HomonymCase {
  const parsed = parseDou({ name: `${c.name}.xml`, content: c.xml })
  const record = parsed.records[0]
  if (!record) throw new Error(`caso ${c.name}: ${parsed.issues[0]?.reason}`)
  return {
    name: c.name,
    rule: c.rule,
    doc: { text: `${record.title}\n${record.body}` },
    expected: c.expected,
    why: c.why,
  }
}

export const HELDOUT_DOU_CASES: HomonymCase[] = HELDOUT_CASES.map(douCaseToHomonymCase)
