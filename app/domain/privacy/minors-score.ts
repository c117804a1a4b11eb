import { foldSameLength, maskNamesInText } from './mask-text'
import { minorNames } from './minors'

/** One labelled excerpt of the minors set (test/fixtures/minors-excerpts.ts, decisions/0065). */
export type MinorExcerpt = { id: string; minor: boolean; names: string[]; text: string }

export type MinorsScore = {
  cases: number
  tp: number
  fp: number
  fn: number
  tn: number
  precision: number
  recall: number
  names: number
  namesMasked: number
  unmasked: { id: string; name: string }[]
  wrong: { id: string; expected: boolean }[]
}

const plain = (text: string) => foldSameLength(text).replace(/\s+/g, ' ')

/**
 * Precision and recall of the minors rule on labelled excerpts: a text is a true positive when the
 * rule masks it and it names a minor; every labelled private name still readable after masking
 * is listed in `unmasked` (the goal: none).
 */
export function scoreMinors(cases: MinorExcerpt[]): MinorsScore {
  const s: MinorsScore = {
    cases: cases.length,
    tp: 0,
    fp: 0,
    fn: 0,
    tn: 0,
    precision: 0,
    recall: 0,
    names: 0,
    namesMasked: 0,
    unmasked: [],
    wrong: [],
  }
  for (const c of cases) {
    const names = minorNames(c.text)
    const masked = names.length > 0
    if (masked && c.minor) s.tp++
    else if (masked) s.fp++
    else if (c.minor) s.fn++
    else s.tn++
    if (masked !== c.minor) s.wrong.push({ id: c.id, expected: c.minor })
    const out = plain(maskNamesInText(c.text, names))
    for (const name of c.names) {
      s.names++
      if (out.includes(plain(name))) s.unmasked.push({ id: c.id, name })
      else s.namesMasked++
    }
  }
  s.precision = s.tp + s.fp ? s.tp / (s.tp + s.fp) : 1
  s.recall = s.tp + s.fn ? s.tp / (s.tp + s.fn) : 1
  return s
}
