/**
 * `npm run bench:minors`: precision and recall of the minors rule (decisions/0065) on the labelled
 * excerpts of test/fixtures/minors-excerpts.ts (the development set the rule was written against)
 * and test/fixtures/minors-heldout.ts (written afterwards and never tuned on). Pure functions, no
 * Worker. Then the name reader's precision and recall on case law and class lines
 * (test/fixtures/name-reader-phrases.ts, decisions/0090).
 */
import { type MinorsScore, scoreMinors } from '../../app/domain/privacy/minors-score'
import { scoreNameReader } from '../../app/domain/privacy/name-reader-score'
import { MINOR_EXCERPTS } from '../../test/fixtures/minors-excerpts'
import { MINOR_HELDOUT } from '../../test/fixtures/minors-heldout'
import { MINOR_HELDOUT_KINSHIP } from '../../test/fixtures/minors-heldout-kinship'
import { NAME_READER_CASES } from '../../test/fixtures/name-reader-phrases'

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

// The name reader itself (decisions/0090): case law, class lines and gazette headings, where a
// legal phrase in capitals must not be read as a person.
const reader = scoreNameReader(NAME_READER_CASES)
console.log(
  `leitor de nomes, jurisprudência e linhas de classe (${reader.cases} textos): precisão ${round2(reader.precision)} (${reader.right} de ${reader.found} trechos lidos como nome), revocação ${round2(reader.recall)} (${reader.masked} de ${reader.names} nomes mascarados)`,
)
for (const w of reader.wrong) console.log(`  não é nome: ${w.id}: ${w.run}`)
for (const u of reader.unmasked) console.log(`  nome à vista: ${u.id}: ${u.name}`)
