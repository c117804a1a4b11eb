/**
 * The place filter on documents that carry no place (decisions/0055): which places the text names
 * next to one occurrence of the name, read as a person reads a matéria:
 * 1. the clause naming the person (up to a ";" or the end of a sentence, within its paragraph);
 * 2. else the other clauses of that paragraph that name nobody else ("Convenente: Município de
 *    Caxias - MA. Responsável: SÉRGIO …");
 * 3. else, in a short matéria (one act), its other paragraphs that name nobody else (the title
 *    "PREFEITURA MUNICIPAL DE RECIFE", the bid's address).
 * Places in a clause about someone else ("2º ANA … - Recife/PE") are that person's.
 */
import { isNameWord, nameContinuesAt, tokenAt } from './matcher-names'
import { type Tokens, tokenize } from './normalize'
import { findPlaces, type Place } from './places'

/** A matéria up to this length is one act: a place anywhere in it, about nobody else, is its place. */
const ONE_ACT = 3000

// Abbreviations whose period does not end a sentence ("Av. Roraima", "Art. 2º", "Dr. José").
const ABBREVIATIONS = new Set(
  'art arts av avs dr dra drs sr sra srs prof profa proc fls inc cel gen pe nro num min des ltda cia'.split(
    ' ',
  ),
)

/** Capitalised words of institutions and addresses: two in a row are not a person's name. */
const INSTITUTION_WORDS = new Set(
  `universidade universitario federal estadual municipal nacional regional instituto escola colegio faculdade
  campus hospital centro conselho agencia superintendencia gerencia secretaria fundacao empresa companhia banco
  caixa economica governo diretoria coordenacao departamento divisao servico unidade policia receita justica
  ministerio previdencia social seguro educacao saude tecnologia ciencia quadro pessoal comissao assembleia
  procuradoria defensoria tribunal trabalho regiao republica presidencia gabinete orgao especial rodovia
  edificio predio avenida rua praca travessa alameda estrada jardim vila bairro parque setor quadra lote
  rio grande sul norte mato grosso minas gerais santa catarina espirito santo sao paulo janeiro distrito`.split(
    /\s+/,
  ),
)

function isSentenceEnd(text: string, k: number): boolean {
  const next = text[k + 1]
  if (next !== undefined && !/\s/.test(next)) return false
  let s = k
  while (s > 0 && /[\p{L}\p{N}]/u.test(text[s - 1] as string)) s--
  const word = text.slice(s, k)
  return word.length >= 3 && !ABBREVIATIONS.has(word.toLowerCase())
}

/** A clause of the document: its characters, its tokens, and (once asked) its places and whether it names someone. */
type Clause = {
  a: number
  b: number
  ta: number
  tb: number
  paragraph: number
  places: Place[] | null
  someone: boolean | null
}

/** Clauses of the whole text, in order, each with its paragraph (lines end paragraphs; ";" and sentences end clauses). */
function split(text: string, tokens: Tokens): Clause[] {
  const out: Clause[] = []
  let paragraph = 0
  let s = 0
  const push = (a: number, b: number) => {
    if (b > a)
      out.push({
        a,
        b,
        ta: tokenAt(tokens, a),
        tb: tokenAt(tokens, b),
        paragraph,
        places: null,
        someone: null,
      })
  }
  for (let k = 0; k < text.length; k++) {
    const c = text[k]
    if (c === '\n') {
      push(s, k)
      paragraph++
      s = k + 1
    } else if (c === ';' || (c === '.' && isSentenceEnd(text, k))) {
      push(s, k)
      s = k + 1
    }
  }
  push(s, text.length)
  return out
}

// The document being matched (documents are matched one at a time), split on the first rule that
// needs it; one entry, so a batch of documents never holds on to the clauses of the ones before.
let current: { tokens: Tokens; clauses: Clause[] } | null = null

const within = (i: number, p: Place) => i >= p.first && i <= p.last

function placesOf(text: string, tokens: Tokens, c: Clause): Place[] {
  c.places ??= findPlaces(text, tokens, c.ta, c.tb)
  return c.places
}

/** Whether a clause names a person: two name words in a run, not an institution's nor a place's. */
function namesSomeone(text: string, tokens: Tokens, c: Clause): boolean {
  if (c.someone !== null) return c.someone
  const found = placesOf(text, tokens, c)
  c.someone = false
  for (let i = c.ta; i < c.tb; i++) {
    if (!isNameWord(text, tokens, i) || found.some((p) => within(i, p))) continue
    const next = nameContinuesAt(text, tokens, i)
    if (next < 0 || next >= c.tb || found.some((p) => within(next, p))) continue
    if (INSTITUTION_WORDS.has(tokens.norm[i] as string) || INSTITUTION_WORDS.has(tokens.norm[next] as string))
      continue
    c.someone = true
    break
  }
  return c.someone
}

/** The places named next to the occurrence of a name at tokens [first, last]. */
export function placesNearName(text: string, tokens: Tokens, first: number, last: number): Place[] {
  if (current?.tokens !== tokens) current = { tokens, clauses: split(text, tokens) }
  const all = current.clauses
  const mine = all.find((c) => first >= c.ta && first < c.tb)
  if (!mine) return []
  const near = placesOf(text, tokens, mine).filter((p) => p.last < first || p.first > last)
  if (near.length) return near
  const others = (clauses: Clause[]) =>
    clauses.flatMap((c) =>
      c === mine || !placesOf(text, tokens, c).length || namesSomeone(text, tokens, c)
        ? []
        : (c.places as Place[]),
    )
  const paragraph = others(all.filter((c) => c.paragraph === mine.paragraph))
  if (paragraph.length || text.length > ONE_ACT) return paragraph
  return others(all.filter((c) => c.paragraph !== mine.paragraph))
}

// The few publishing bodies (organs) repeat across a batch of matérias: read each once.
const byOrgan = new Map<string, Place[]>()
/** The places a publishing body's name states ("…/Estado do Piauí/Prefeitura Municipal de Teresina"). */
export function placesOfMetadata(organ: string): Place[] {
  let found = byOrgan.get(organ)
  if (!found) {
    const tokens = tokenize(organ.replace(/\//g, '\n'))
    found = findPlaces(organ.replace(/\//g, '\n'), tokens, 0, tokens.count)
    if (byOrgan.size > 5_000) byOrgan.clear()
    byOrgan.set(organ, found)
  }
  return found
}
