/**
 * The labelled homonym set (issue 16, decisions/0031): small documents in the style of gazettes
 * and court communications, each with a monitoring and whether it really concerns the monitored
 * person, company or term. `expected` is the truth as a reader of the document would judge it,
 * not what the engine does: the cases the rules get wrong stay wrong, and the precision and
 * recall they give are reported as they are (the unit test and `npm run bench:monitoring`).
 */
import type { HomonymCase } from './homonym-builders'
import { ID_AND_TERM_CASES } from './homonym-cases-ids'
import { NAME_CASES } from './homonym-cases-names'
import { TEXT_CASES } from './homonym-cases-text'
import { compileMonitorings } from './matcher'

export type { HomonymCase } from './homonym-builders'

export const HOMONYM_CASES: HomonymCase[] = [...NAME_CASES, ...ID_AND_TERM_CASES, ...TEXT_CASES]

export type HomonymScore = {
  cases: number
  tp: number
  fp: number
  fn: number
  tn: number
  precision: number
  recall: number
  wrong: { name: string; expected: boolean; why: string }[]
}

/** Runs every case through the matcher (one rule each) and counts the outcomes. */
export function scoreHomonymCases(cases: HomonymCase[] = HOMONYM_CASES): HomonymScore {
  let tp = 0
  let fp = 0
  let fn = 0
  let tn = 0
  const wrong: HomonymScore['wrong'] = []
  cases.forEach((c, i) => {
    const matcher = compileMonitorings([{ ...c.rule, id: i + 1 }])
    const key = `caso:${i + 1}`
    const got = matcher.match({ ...c.doc, key, contextKey: c.doc.contextKey ?? key }).length > 0
    if (got && c.expected) tp++
    else if (got) fp++
    else if (c.expected) fn++
    else tn++
    if (got !== c.expected) wrong.push({ name: c.name, expected: c.expected, why: c.why })
  })
  return {
    cases: cases.length,
    tp,
    fp,
    fn,
    tn,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: tp + fn ? tp / (tp + fn) : 1,
    wrong,
  }
}
