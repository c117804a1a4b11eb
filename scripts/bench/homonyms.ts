/**
 * `npm run bench:homonyms` (and the end of `npm run bench:monitoring`): precision and recall of the
 * name monitors on the two labelled homonym sets (decisions/0031, 0055): the development set the
 * rules were written against, and the held-out DOU set written before the issue-28 fixes and
 * never tuned on. Pure matcher, no Worker.
 */
import {
  HOMONYM_CASES,
  type HomonymScore,
  scoreHomonymCases,
} from '../../app/fixtures/homonyms/homonym-cases'
import { HELDOUT_DOU_CASES } from '../../app/fixtures/homonyms/homonym-heldout-dou'

const round2 = (n: number) => Math.round(n * 100) / 100

export function homonymScores(): { development: HomonymScore; heldOut: HomonymScore } {
  return { development: scoreHomonymCases(HOMONYM_CASES), heldOut: scoreHomonymCases(HELDOUT_DOU_CASES) }
}

export function printHomonymScores(scores = homonymScores()) {
  const sets: [string, HomonymScore][] = [
    ['desenvolvimento', scores.development],
    ['reservado (DOU, nunca ajustado)', scores.heldOut],
  ]
  for (const [name, s] of sets) {
    console.log(
      `homônimos, ${name} (${s.cases} casos, ${s.tn + s.fp} homônimos): precisão ${round2(s.precision)}, revocação ${round2(s.recall)} (VP ${s.tp}, FP ${s.fp}, FN ${s.fn}, VN ${s.tn})`,
    )
    for (const w of s.wrong)
      console.log(`  erra: ${w.name} (esperado ${w.expected ? 'sim' : 'não'}): ${w.why}`)
  }
  return scores
}

if (process.argv[1]?.endsWith('homonyms.ts')) printHomonymScores()
