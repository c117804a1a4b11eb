/**
 * The places a matéria names next to a person (decisions/0055): the DOU has no state or city, so a
 * monitoring's place filter reads them from the text, as a person would. A municipality (IBGE
 * names, with the UF it sits in) or a state counts only in a place context, never as a bare word
 * ("Natal", "Franca", "Vitória", "Cruz" are surnames and common words too):
 * - a UF after it: "Salmourão/SP", "Recife - PE", "Campinas (SP)", "Campinas, SP";
 * - a state after it: "Belo Horizonte, Minas Gerais";
 * - a place word before it: "município de", "Prefeitura Municipal de", "comarca de", "residente em",
 *   "com sede em", "lotado em"…;
 * - a state after "Estado de/do/da", or after de/do/da/no/na/em ("Universidade Federal da Bahia").
 */
import { type Tokens, tokenize } from './normalize'
import { MUNICIPALITIES, STATES } from './places-data'

/** One reading of a place: a municipality (code) with its UF, or a UF alone (code null). */
export type PlaceCandidate = { code: number | null; uf: string }
/** A place in the text: what its name may be (a name several municipalities share has several). */
export type Place = { candidates: PlaceCandidate[]; first: number; last: number }

type Entry = { words: string[]; code: number | null; uf: string }
type Index = { cities: Map<string, Entry[]>; states: Map<string, Entry[]>; ufs: Set<string> }

let index: Index | null = null
function add(map: Map<string, Entry[]>, entry: Entry) {
  const key = entry.words[0] as string
  const list = map.get(key)
  if (list) list.push(entry)
  else map.set(key, [entry])
}
/** Built on first use (5,571 names): most documents never need it. */
function places(): Index {
  if (index) return index
  const ufByCode = new Map<string, string>()
  const states = new Map<string, Entry[]>()
  for (const s of STATES.split('|')) {
    const uf = s.slice(2, 4)
    ufByCode.set(s.slice(0, 2), uf)
    add(states, { words: tokenize(s.slice(4)).norm, code: null, uf })
  }
  const cities = new Map<string, Entry[]>()
  for (const c of MUNICIPALITIES.split('|'))
    add(cities, {
      words: tokenize(c.slice(7)).norm,
      code: Number(c.slice(0, 7)),
      uf: ufByCode.get(c.slice(0, 2)) ?? '',
    })
  index = { cities, states, ufs: new Set(ufByCode.values()) }
  return index
}

/** The longest names of the map that start at token i: [entries, last token]. */
function longest(map: Map<string, Entry[]>, norm: string[], i: number): [Entry[], number] | null {
  const list = map.get(norm[i] as string)
  if (!list) return null
  let best: Entry[] = []
  let bestLength = 0
  for (const e of list) {
    const n = e.words.length
    if (n < bestLength) continue
    let k = 1
    while (k < n && norm[i + k] === e.words[k]) k++
    if (k < n) continue
    if (n > bestLength) {
      best = [e]
      bestLength = n
    } else best.push(e)
  }
  return bestLength ? [best, i + bestLength - 1] : null
}

// Words before "de/do/da" that make the next name a place, and before "em/no/na".
const BEFORE_OF = new Set(
  'municipio municipios prefeitura municipal cidade comarca natural foro distrito sede'.split(' '),
)
const BEFORE_IN = new Set(
  `residente residentes reside residem domiciliado domiciliada domiciliados domiciliadas domicilio sede
  sediado sediada sediados estabelecido estabelecida localizado localizada situado situada lotado lotada
  lotados lotadas lotacao exercicio escritorio morador moradora`.split(/\s+/),
)
const OF = new Set(['de', 'do', 'da', 'dos', 'das'])
const IN = new Set(['em', 'no', 'na'])

const isCapital = (text: string, tokens: Tokens, i: number) => {
  const c = text[tokens.start[i] as number] as string
  return c !== c.toLowerCase()
}
const gap = (text: string, tokens: Tokens, i: number) =>
  text.slice(tokens.end[i] as number, tokens.start[i + 1] as number)

/** A UF code written as one (two capitals) at token i, or null. */
function ufAt(text: string, tokens: Tokens, i: number, ufs: Set<string>): string | null {
  if (i >= tokens.count) return null
  const s = tokens.start[i] as number
  const raw = text.slice(s, tokens.end[i] as number)
  return raw.length === 2 && ufs.has(raw) ? raw : null
}

/** The places named in tokens [from, to), none inside [skipFirst, skipLast] (the person's name). */
export function findPlaces(
  text: string,
  tokens: Tokens,
  from: number,
  to: number,
  skipFirst = -1,
  skipLast = -1,
): Place[] {
  const { cities, states, ufs } = places()
  const norm = tokens.norm
  const out: Place[] = []
  for (let i = from; i < to; i++) {
    if (i >= skipFirst && i <= skipLast) continue
    if (!isCapital(text, tokens, i)) continue
    const prev = norm[i - 1]
    const prev2 = norm[i - 2]
    const city = cities.has(norm[i] as string) ? longest(cities, norm, i) : null
    if (city && city[1] < to && !(skipFirst >= 0 && city[1] >= skipFirst && i <= skipLast)) {
      const [entries, last] = city
      let candidates: PlaceCandidate[] | null = null
      let end = last
      const sep = last + 1 < tokens.count ? gap(text, tokens, last) : ''
      const uf = /^\s*(?:[/(–-]|,)\s*$/.test(sep) ? ufAt(text, tokens, last + 1, ufs) : null
      if (uf) {
        const inUf = entries.filter((e) => e.uf === uf)
        if (inUf.length) {
          candidates = inUf
          end = last + 1
        }
      } else if (/^\s*[,–-]\s*$/.test(sep)) {
        const state = longest(states, norm, last + 1)
        const inUf = state ? entries.filter((e) => state[0].some((s) => s.uf === e.uf)) : []
        if (state && inUf.length) {
          candidates = inUf
          end = state[1]
        }
      }
      if (
        !candidates &&
        prev !== undefined &&
        prev2 !== undefined &&
        ((OF.has(prev) && BEFORE_OF.has(prev2)) || (IN.has(prev) && BEFORE_IN.has(prev2)))
      )
        candidates = entries
      if (candidates) {
        out.push({ candidates: candidates.map((e) => ({ code: e.code, uf: e.uf })), first: i, last: end })
        i = end
        continue
      }
    }
    if (prev !== undefined && (OF.has(prev) || IN.has(prev))) {
      const state = states.has(norm[i] as string) ? longest(states, norm, i) : null
      if (state && state[1] < to) {
        out.push({ candidates: state[0].map((e) => ({ code: null, uf: e.uf })), first: i, last: state[1] })
        i = state[1]
        continue
      }
      const uf = prev2 === 'estado' ? ufAt(text, tokens, i, ufs) : null
      if (uf) out.push({ candidates: [{ code: null, uf }], first: i, last: i })
    }
  }
  return out
}

let names: Map<number, string> | null = null
/** A municipality's name by its IBGE code, for the reasons ("Mesma cidade: Campinas"). */
export function municipalityName(code: number | null | undefined): string | null {
  if (!code) return null
  names ??= new Map(MUNICIPALITIES.split('|').map((c) => [Number(c.slice(0, 7)), c.slice(7)]))
  return names.get(code) ?? null
}
