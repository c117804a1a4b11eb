/**
 * `npm run bench:prazos`: the deadline counter's exact-match rate on the two labelled sets of issue
 * 41 (decisions/0102): the development set and the held-out set written before the counter and
 * never tuned on. Prints every miss with the hand reasoning. Pure counter, no Worker.
 */
import { DEVELOPMENT_DEADLINE_CASES, HELDOUT_DEADLINE_CASES } from '../../app/fixtures/deadlines'
import { type DeadlineScore, scoreDeadlineCases } from '../../app/fixtures/deadlines/score'

export function printDeadlineScores() {
  const sets: [string, DeadlineScore][] = [
    ['desenvolvimento', scoreDeadlineCases(DEVELOPMENT_DEADLINE_CASES)],
    ['reservado (nunca ajustado)', scoreDeadlineCases(HELDOUT_DEADLINE_CASES)],
  ]
  for (const [name, s] of sets) {
    console.log(`prazos, ${name}: ${s.exact}/${s.cases} exatos (${(s.rate * 100).toFixed(1)} %)`)
    for (const m of s.misses) {
      console.log(
        `  erra ${m.id}: esperado ${m.expected ?? 'sem prazo'}, obtido ${m.got ?? 'sem prazo'} — ${m.trace}`,
      )
      console.log(`    à mão: ${m.why}`)
    }
  }
  return sets
}

if (process.argv[1]?.endsWith('prazos.ts')) printDeadlineScores()
