import { foldSameLength, maskNamesInText } from './mask-text'
import { personNames } from './minors'

/** One labelled text of the name reader's set (test/fixtures/name-reader-phrases.ts, decisions/0090). */
export type NameReaderCase = { id: string; heading?: boolean; names: string[]; text: string }

export type NameReaderScore = {
  cases: number
  found: number
  right: number
  names: number
  masked: number
  precision: number
  recall: number
  wrong: { id: string; run: string }[]
  unmasked: { id: string; name: string }[]
}

const plain = (text: string) => foldSameLength(text).replace(/\s+/g, ' ').trim()

/**
 * Precision and recall of the name reader (`personNames`): a run it returns is right when it is a
 * labelled name or part of one, wrong otherwise (a legal phrase taken for a person); a labelled
 * name is masked when the text masked with the runs no longer prints it.
 */
export function scoreNameReader(cases: NameReaderCase[]): NameReaderScore {
  const s: NameReaderScore = {
    cases: cases.length,
    found: 0,
    right: 0,
    names: 0,
    masked: 0,
    precision: 0,
    recall: 0,
    wrong: [],
    unmasked: [],
  }
  for (const c of cases) {
    const runs = personNames(c.text, { heading: c.heading })
    const labelled = c.names.map(plain)
    for (const run of runs) {
      s.found++
      if (labelled.some((name) => name.includes(plain(run)))) s.right++
      else s.wrong.push({ id: c.id, run })
    }
    const out = plain(maskNamesInText(c.text, runs))
    for (const name of c.names) {
      s.names++
      if (out.includes(plain(name))) s.unmasked.push({ id: c.id, name })
      else s.masked++
    }
  }
  s.precision = s.found ? s.right / s.found : 1
  s.recall = s.names ? s.masked / s.names : 1
  return s
}
