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
import type { Tokens } from './normalize'
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

/** Clause boundaries (character offsets) of the paragraph [from, to). */
function clauses(text: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = []
  let s = from
  for (let k = from; k < to; k++) {
    const c = text[k]
    if (c === ';' || (c === '.' && isSentenceEnd(text, k))) {
      out.push([s, k])
      s = k + 1
    }
  }
  if (s < to) out.push([s, to])
  return out
}

function paragraphs(text: string): [number, number][] {
  const out: [number, number][] = []
  let s = 0
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', s)) {
    out.push([s, k])
    s = k + 1
  }
  out.push([s, text.length])
  return out
}

const within = (i: number, p: Place) => i >= p.first && i <= p.last

/** Whether tokens [a, b) name a person other than [first, last]: two name words in a run, not an institution's. */
function namesSomeoneElse(
  text: string,
  tokens: Tokens,
  a: number,
  b: number,
  first: number,
  last: number,
  found: Place[],
) {
  for (let i = a; i < b; i++) {
    if (i >= first && i <= last) continue
    if (!isNameWord(text, tokens, i) || found.some((p) => within(i, p))) continue
    const next = nameContinuesAt(text, tokens, i)
    if (next < 0 || next >= b || (next >= first && next <= last) || found.some((p) => within(next, p)))
      continue
    if (INSTITUTION_WORDS.has(tokens.norm[i] as string) || INSTITUTION_WORDS.has(tokens.norm[next] as string))
      continue
    return true
  }
  return false
}

/** The places named next to the occurrence of a name at tokens [first, last]. */
export function placesNearName(text: string, tokens: Tokens, first: number, last: number): Place[] {
  const start = tokens.start[first] as number
  const paras = paragraphs(text)
  const own = paras.find(([a, b]) => start >= a && start <= b) ?? [0, text.length]
  const range = ([a, b]: [number, number]): [number, number] => [tokenAt(tokens, a), tokenAt(tokens, b)]
  const ownClauses = clauses(text, own[0], own[1])
  const mine = ownClauses.find(([a, b]) => start >= a && start <= b) ?? own
  const [ma, mb] = range(mine)
  const near = findPlaces(text, tokens, ma, mb, first, last)
  if (near.length) return near
  const others = (spans: [number, number][]) => {
    const out: Place[] = []
    for (const span of spans) {
      if (span === mine) continue
      const [a, b] = range(span)
      const found = findPlaces(text, tokens, a, b)
      if (found.length && !namesSomeoneElse(text, tokens, a, b, first, last, found)) out.push(...found)
    }
    return out
  }
  const paragraph = others(ownClauses)
  if (paragraph.length || text.length > ONE_ACT) return paragraph
  return others(paras.filter((p) => p !== own).flatMap(([a, b]) => clauses(text, a, b)))
}
