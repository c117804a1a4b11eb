/**
 * `npm run bench:minors`: precision and recall of the minors rule (decisions/0065) on the labelled
 * excerpts of test/fixtures/minors-excerpts.ts (the development set the rule was written against)
 * and test/fixtures/minors-heldout.ts (written afterwards and never tuned on). Pure functions, no
 * Worker.
 */
import { type MinorsScore, scoreMinors } from '../../app/domain/privacy/minors-score'
import { MINOR_EXCERPTS } from '../../test/fixtures/minors-excerpts'
import { MINOR_HELDOUT } from '../../test/fixtures/minors-heldout'
import { MINOR_HELDOUT_KINSHIP } from '../../test/fixtures/minors-heldout-kinship'

const round2 = (n: number) => Math.round(n * 100) / 100

function print(name: string, s: MinorsScore) {
  console.log(
    `menores nas matérias, ${name} (${s.cases} trechos, ${s.tp + s.fn} com menor): precisão ${round2(s.precision)}, revocação ${round2(s.recall)} (VP ${s.tp}, FP ${s.fp}, FN ${s.fn}, VN ${s.tn}); nomes particulares mascarados: ${s.namesMasked} de ${s.names}`,
  )
  for (const w of s.wrong)
    console.log(`  erra: ${w.id} (esperado ${w.expected ? 'mascarar' : 'não mascarar'})`)
  for (const u of s.unmasked) console.log(`  nome à vista: ${u.id}: ${u.name}`)
}

print('desenvolvimento', scoreMinors(MINOR_EXCERPTS))
print('reservado (nunca ajustado)', scoreMinors(MINOR_HELDOUT))
print(
  'reservado 2, parentesco e idade (escrito antes da regra, nunca ajustado)',
  scoreMinors(MINOR_HELDOUT_KINSHIP),
)
