import { NOT_NAME_WORDS } from '~/domain/monitoring/matcher-names'
import { isOrganizationName } from './initials'
import { isLegalPhrase, nameSpan } from './legal-phrases'
import { foldSameLength } from './mask-text'

/**
 * A minor in a protective measure, read from a gazette text (decisions/0065). DJEN and DOU texts
 * name the child ("a menor FULANA", "criança JOÃO …, representada por sua genitora …") beside a
 * case number; when the text is about such a measure the case is sensitive by the ECA (art. 143)
 * whether or not the case itself is in the corpus, and the same rule as for a listed case
 * applies: the people it names become initials. Three things must hold together:
 *
 * 1. a case number in the CNJ format (a protective measure is a case; a notice about "menor
 *    preço" is not);
 * 2. a minor word used as a noun ("o menor", "a criança", "adolescente", "infante",
 *    "recém-nascido"), not the comparative ("menor preço", "a menor diferença") nor part of a
 *    proper name ("Rua Criança Esperança", "BRINQUEDOS CRIANÇA FELIZ LTDA"); or the name of a
 *    childhood-protection class of the list ("Pedido de Medida de Proteção", "Acolhimento
 *    Institucional", "Destituição do Poder Familiar"), which is the case's own sensitivity;
 * 3. a person's name within a short reach of that word (before or after it).
 *
 * Then every person's name the text prints is masked, except public officials acting as such
 * (judges, prosecutors, public defenders, court staff, lawyers named with their OAB): a relative
 * or a party named next to the child identifies the child as surely as the child's own name.
 */
const CNJ = /\d{7}\s?-\s?\d{2}\s?\.\s?\d{4}\s?\.\s?\d\s?\.\s?\d{2}\s?\.\s?\d{4}|\b\d{20}\b/

const MINOR_WORD =
  /(?<![\p{L}])(menor(?:es)?|crianca(?:s)?|adolescente(?:s)?|infante(?:s)?|recem-nascid[oa]s?|lactente(?:s)?|nascituro)(?![\p{L}])/gu

/** After "menor" these make it a comparative ("menor preço"), not a child. */
const COMPARATIVE =
  /^\s*(?:de\s+)?(?:preco|precos|valor|valores|lance|taxa|prazo|custo|numero|percentual|desconto|tarifa|indice|oferta|proposta|quantidade|distancia|tempo|parte|grau|porte|risco|impacto|dos?\s+(?:precos|valores|lances)|global|unitario|que|ou\s+igual|aliquota)(?![\p{L}])/u

/** Lower-case words that may follow "menor" used as a noun; any other makes it a comparative. */
const AFTER_MINOR_NOUN = new Set(
  `impubere pubere de sob representado representada assistido assistida nascido nascida com e foi
  esta ficara permanece pede pedem requer requerem nao tem sera filho filha acolhido acolhida
  infrator infratora aprendiz abandonado abandonada em ao a o na no residente cujo cuja do da dos das`
    .split(/\s+/)
    .filter(Boolean),
)

/** Childhood-protection class names (TPU, decisions/0064) as the courts print them, folded. */
const PROTECTIVE_CLASS =
  /(?<![\p{L}])(medidas? de protecao|medidas? protetivas?[^.\n]{0,40}(?:crianca|adolescente)|acolhimento institucional|destituicao do poder familiar|perda ou suspensao do poder familiar|apuracao de ato infracional|guarda de infancia e juventude|infancia e juventude)(?![\p{L}])/gu

const REACH = 120

/** Folded words that end a name run besides NOT_NAME_WORDS (family roles, minor words, places). */
const STOP = new Set(
  `genitor genitora genitores mae pai pais avo avos tio tia irmao irma filho filha filhos neto neta
  menor menores crianca criancas adolescente adolescentes infante infantes nascituro
  vara infancia juventude familia sucessoes medida medidas protecao protetiva acolhimento guarda
  adocao alimentos termo audiencia edital intimacao juizo comarca direito justica publico
  ministerio defensoria estado conselho tutelar classe assunto polo ativo passivo`
    .split(/\s+/)
    .filter(Boolean),
)

const OFFICIAL_BEFORE =
  /(?:juiz|juiza|juizes|dr|dra|des|desembargador|desembargadora|promotor|promotora|procurador|procuradora|defensor|defensora|defensoria|advogad[oa]s?|escriva|escrivao|diretor|diretora|secretario|secretaria|servidor|servidora|analista|tecnico|tecnica|oficial|perito|perita|relator|relatora|presidente|tabeliao|tabelia|conciliador|conciliadora|mediador|mediadora|assistente social|psicologo|psicologa|magistrado|magistrada|exmo|exma|assinado eletronicamente por|chefe|coordenador|coordenadora|analista judiciario)\s*(?:\(a\))?\s*[.:,]?\s*(?:de direito|substitut[oa]|titular)?\s*[.:,]?\s*$/u
const OAB_AFTER = /^\s*[,(-]?\s*(?:oab|\(oab|- oab)/u
const PLACE_BEFORE =
  /(?:comarca|municipio|cidade|foro|distrito|regional|bairro|rua|avenida|travessa|praca|escola|vara|juizo|tribunal|camara|rodovia|estado)\s+(?:de|do|da|dos|das)?\s*$/u

type Run = { from: number; to: number; text: string }

/** Capitalised runs of at least two words (particles allowed inside): the names a text prints. */
export function nameRuns(text: string): Run[] {
  const folded = foldSameLength(text)
  const words = [...text.matchAll(/[\p{L}\p{M}'’]+/gu)].map((m) => ({
    from: m.index ?? 0,
    to: (m.index ?? 0) + m[0].length,
    word: m[0],
    fold: folded.slice(m.index ?? 0, (m.index ?? 0) + m[0].length),
  }))
  const runs: Run[] = []
  let current: typeof words = []
  const flush = () => {
    while (current.length && isParticle(current[current.length - 1]?.fold ?? '')) current.pop()
    const significant = current.filter((w) => !isParticle(w.fold))
    const first = current[0]
    const last = current[current.length - 1]
    if (significant.length >= 2 && first && last)
      runs.push({ from: first.from, to: last.to, text: text.slice(first.from, last.to).replace(/\s+/g, ' ') })
    current = []
  }
  for (const [i, w] of words.entries()) {
    const previous = words[i - 1]
    const gap = previous ? text.slice(previous.to, w.from) : ''
    const together = /^[ \t\u00a0]*\n?[ \t\u00a0]*$/.test(gap) && gap.length > 0
    if (current.length && !together) flush()
    const capital = /^\p{Lu}/u.test(w.word) && w.word.length >= 2
    if (capital && !NOT_NAME_WORDS.has(w.fold) && !STOP.has(w.fold)) current.push(w)
    else if (current.length && isParticle(w.fold) && w.word === w.word.toLowerCase()) current.push(w)
    else if (current.length && isParticle(w.fold) && /^\p{Lu}+$/u.test(w.word)) current.push(w)
    else flush()
  }
  flush()
  return runs
}

const isParticle = (fold: string) => ['da', 'de', 'do', 'das', 'dos', 'e'].includes(fold)

/** Where a minor word stands as a noun, or a protective class is named, in the text. */
function minorPositions(text: string, folded: string): number[] {
  const out: number[] = []
  for (const match of folded.matchAll(MINOR_WORD)) {
    const at = match.index ?? 0
    const word = match[1] ?? ''
    const after = folded.slice(at + word.length, at + word.length + 40)
    if (word.startsWith('menor') && (COMPARATIVE.test(after) || comparativeNext(text, at + word.length)))
      continue
    if (partOfProperName(text, folded, at, word.length)) continue
    out.push(at)
  }
  for (const match of folded.matchAll(PROTECTIVE_CLASS)) out.push(match.index ?? 0)
  return out
}

/** "a menor diferença": a lower-case word after "menor" that a child's mention never has there. */
function comparativeNext(text: string, from: number): boolean {
  const next = /^\s+([\p{L}]+)/u.exec(text.slice(from, from + 30))?.[1]
  if (!next || next !== next.toLowerCase()) return false
  return !AFTER_MINOR_NOUN.has(foldSameLength(next))
}

/** "Rua Criança Esperança", "BRINQUEDOS CRIANÇA FELIZ LTDA": the word names a place or a company. */
function partOfProperName(text: string, folded: string, at: number, length: number): boolean {
  const word = text.slice(at, at + length)
  const titled = /^\p{Lu}\p{Ll}/u.test(word)
  const nextTitled = /^\s+\p{Lu}\p{Ll}/u.test(text.slice(at + length, at + length + 20))
  if (titled && nextTitled) return true
  const before = folded.slice(Math.max(0, at - 25), at)
  if (
    /(?:rua|avenida|av\.?|praca|travessa|escola|creche|programa|projeto|instituto|associacao|lar|casa|hospital|fundacao)\s+(?:da|de|do)?\s*$/u.test(
      before,
    )
  )
    return true
  return /^[^.,;\n]{0,30}\b(?:ltda|s\.a\.|s\/a|eireli|epp)\b/u.test(
    folded.slice(at + length, at + length + 40),
  )
}

/**
 * Kinship words that name a child by relation (decisions/0071): a minor only with an age under 18
 * close after them ("a neta …, de 10 anos", "seu filho …, com 8 anos"); "o filho …, de 42 anos"
 * and "a filha …, maior e capaz" are adults.
 */
const KINSHIP =
  /(?<![\p{L}])(filh[oa]s?|net[oa]s?|bisnet[oa]s?|entead[oa]s?|sobrinh[oa]s?|pupil[oa]s?|tutelad[oa]s?)(?![\p{L}])/gu
/** An age as the courts print it: "de 10 anos", "com 8 anos", "contando 13 anos", "6 anos de idade". */
const AGE =
  /(?:\b(?:de|com|contando|com apenas)\s+(\d{1,2})\s+anos|\b(\d{1,2})\s+anos\s+de\s+idade)(?![\p{L}])/u
const KIN_REACH = 80

/** Where a kinship word is followed, within the same sentence, by an age under 18. */
function kinshipPositions(folded: string): number[] {
  const out: number[] = []
  for (const match of folded.matchAll(KINSHIP)) {
    const at = match.index ?? 0
    const after = folded.slice(at, at + KIN_REACH).split(/[.;\n]/)[0] ?? ''
    const age = AGE.exec(after)
    const years = Number(age?.[1] ?? age?.[2] ?? Number.NaN)
    if (years < 18) out.push(at)
  }
  return out
}

/** Words between a minor or kinship word and the name it introduces ("o menor impúbere Enzo"). */
const BEFORE_NAME = /^(?:\s+(?:impubere|pubere|de\s+\d{1,2}\s+anos|recem-nascid[oa]))*\s+/u

/**
 * The name right after a minor or kinship word, even of one word ("a infante ISADORA", "seu filho
 * DAVI, com 8 anos"): the name runs need two words, and a child is often named by one.
 */
function adjacentNames(text: string, folded: string, positions: number[]): string[] {
  const out: string[] = []
  for (const at of positions) {
    const word = /^[\p{L}-]+/u.exec(folded.slice(at))?.[0] ?? ''
    const rest = at + word.length
    const skip = BEFORE_NAME.exec(folded.slice(rest, rest + 40))?.[0].length ?? 0
    const name = /^(\p{Lu}[\p{L}'’]+(?:\s+(?:(?:da|de|do|das|dos|e)\s+)?\p{Lu}[\p{L}'’]+)*)/u.exec(
      text.slice(rest + skip, rest + skip + 80),
    )?.[1]
    if (!name) continue
    const first = foldSameLength(name.split(/\s+/)[0] ?? '')
    if (NOT_NAME_WORDS.has(first) || STOP.has(first) || isOrganizationName(name)) continue
    out.push(name)
  }
  return out
}

/**
 * The names to mask in a text that names a minor in a protective measure (decisions/0065), or
 * none when the rule does not hold.
 */
export function minorNames(text: string): string[] {
  if (!CNJ.test(text)) return []
  const folded = foldSameLength(text)
  const kin = kinshipPositions(folded)
  const minors = [...minorPositions(text, folded), ...kin]
  if (!minors.length) return []
  const people = peopleRuns(text, folded)
  const adjacent = adjacentNames(text, folded, minors)
  const near =
    adjacent.length > 0 ||
    people.some((run) =>
      minors.some(
        (at) => (at >= run.to && at - run.to <= REACH) || (at < run.from && run.from - at <= REACH),
      ),
    )
  return near ? [...new Set([...people.map((run) => run.text), ...adjacent])] : []
}

/**
 * The people a text names: name runs that are not officials, places, organisations or legal
 * phrases ("ESTUPRO DE VULNERÁVEL", "PROCEDIMENTO COMUM CÍVEL": decisions/0090).
 */
function peopleRuns(text: string, folded = foldSameLength(text)): Run[] {
  return nameRuns(text)
    .filter(
      (run) =>
        !isLegalPhrase(run.text) &&
        !official(folded, run) &&
        !place(folded, run) &&
        !isOrganizationName(run.text) &&
        !company(text, folded, run),
    )
    .map(withoutLegalEnds)
}

/** A run less a legal phrase glued to either end ("JEFERSON PAIVA DUARTE HABEAS CORPUS CRIMINAL"). */
function withoutLegalEnds(run: Run): Run {
  if (isLegalPhrase(run.text)) return run
  const span = nameSpan(run.text)
  if (span.from === 0 && span.to === run.text.length) return run
  return { from: run.from + span.from, to: run.from + span.to, text: run.text.slice(span.from, span.to) }
}

/**
 * Every private person's name a text prints: what a sensitive case's matéria masks. `heading`:
 * the text opens with a case-law heading (an ementa's all-caps topics, "HABEAS CORPUS. PRISÃO
 * PREVENTIVA."), whose runs are subjects, not people.
 */
export function personNames(text: string, options: { heading?: boolean } = {}): string[] {
  const skip = options.heading ? headingEnd(text) : 0
  return [...new Set(peopleRuns(text).flatMap((run) => (run.from < skip ? [] : [run.text])))]
}

/** The subjects of an ementa's heading, folded: the same words in its full text are no names either. */
export function headingTopics(text: string): Set<string> {
  const end = headingEnd(text)
  return new Set(nameRuns(text).flatMap((run) => (run.from < end ? [foldSameLength(run.text)] : [])))
}

// A company's form written after its name ("Auto Peças Estrada Real Eireli", "Têxtil Fio de
// Prata Ltda.", "Rota Certa do Brasil S.A.", "… Marco Zero Ltda. - EPP"): the form words end a
// name run, so the run itself reads like a person's name. Companies keep their names (issue 30).
const COMPANY_AFTER = /^\s*[,.]?\s*(?:-\s*)?(?:ltda|eireli|limitada|cia|s\.\s?a(?![\p{L}])|s\/a)(?![\p{L}])/u
// "ME", "MEI" and "EPP" only in capitals: "me" is also a pronoun.
const SMALL_COMPANY_AFTER = /^\s*[,.]?\s*(?:-\s*)?(?:ME|MEI|EPP)(?![\p{L}])/u

function company(text: string, folded: string, run: Run): boolean {
  return (
    COMPANY_AFTER.test(folded.slice(run.to, run.to + 24)) ||
    SMALL_COMPANY_AFTER.test(text.slice(run.to, run.to + 24))
  )
}

/**
 * Where an ementa's opening all-caps heading ends: the last period before the first lower-case
 * letter. A text with no lower case at all has no heading told apart (everything is read).
 */
function headingEnd(text: string): number {
  const firstLower = text.search(/\p{Ll}/u)
  if (firstLower < 0) return 0
  return text.lastIndexOf('.', firstLower) + 1
}

function official(folded: string, run: Run): boolean {
  const before = folded.slice(Math.max(0, run.from - 60), run.from)
  const after = folded.slice(run.to, run.to + 20)
  return OFFICIAL_BEFORE.test(before) || OAB_AFTER.test(after)
}

function place(folded: string, run: Run): boolean {
  return PLACE_BEFORE.test(folded.slice(Math.max(0, run.from - 30), run.from))
}
