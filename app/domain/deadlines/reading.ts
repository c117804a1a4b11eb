// What the intimação's text says (issue 41, decisions/0102): the number of days or hours, the
// act asked, whether it asks anything, who is intimated (doubled periods) and the exceptions of
// CPP art. 798-A. Reads lower case text without accents.
import { ACT_PERIODS, type ActContext, type ActPeriod } from './acts'
import { plain } from './courts'

const UNITS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  quatorze: 14,
  catorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
  cem: 100,
  cento: 100,
  duzentos: 200,
  trezentos: 300,
}
const WORD = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|')
const NUMBER = `(\\d{1,3}|(?:${WORD})(?: e (?:${WORD}))*)`
const PERIOD = new RegExp(
  `${NUMBER}\\s*(?:\\([a-z\\s]{2,40}\\)\\s*)?(dias?|horas?)\\b(\\s+(?:uteis|corridos))?`,
  'g',
)
// What comes right before a period's number: "prazo (comum) de", "em", "dentro de", "por".
const BEFORE = /(prazo(?: [a-z]+)?(?: de)?|prazo:|\bem|dentro de|\bpor|interregno de|\bate)\s*$/

const NOT_A_PERIOD = /suspen|sobrest|arquiv|aguarde-se/

function numberValue(text: string): number {
  if (/^\d+$/.test(text)) return Number(text)
  return text.split(' e ').reduce((sum, word) => sum + (UNITS[word] ?? 0), 0)
}

export interface TextPeriod {
  days: number
  hours?: number
  corridos: boolean
  /** every distinct period the text names, when more than one */
  several?: number[]
}

/** The period the text names; the shortest when it names several (the conservative end). */
export function periodFromText(text: string): TextPeriod | null {
  const t = plain(text)
  const found: { days: number; hours?: number; corridos: boolean }[] = []
  for (const m of t.matchAll(PERIOD)) {
    if (!BEFORE.test(t.slice(Math.max(0, (m.index ?? 0) - 30), m.index))) continue
    // "Suspendo o processo por 90 dias", "aguarde-se em arquivo por 1 ano": not the lawyer's period.
    const sentence =
      t
        .slice(Math.max(0, (m.index ?? 0) - 50), m.index)
        .split(/[.;]\s/)
        .at(-1) ?? ''
    if (NOT_A_PERIOD.test(sentence)) continue
    const n = numberValue(m[1] ?? '')
    if (n <= 0) continue
    if (m[2]?.startsWith('hora')) found.push({ days: Math.ceil(n / 24), hours: n, corridos: true })
    else found.push({ days: n, corridos: m[3]?.includes('corridos') ?? false })
  }
  if (found.length === 0) return null
  const shortest = found.reduce((a, b) => (b.days < a.days ? b : a))
  const distinct = [...new Set(found.map((f) => f.hours ?? f.days))]
  return distinct.length > 1 ? { ...shortest, several: distinct } : shortest
}

/** The sentences that ask for something ("intime-se … para", "querendo", "emende"…). */
function requests(text: string): string[] {
  return text
    .split(/(?<=[.;!?])\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])/)
    .map(plain)
    .filter((s) =>
      /\b(para|a fim de|querendo|intime-se|intimem-se|intimad[ao]s?|cite-se|emende|oponha|opor|apresente|manifeste|manifestem|pague|responda|diga|vista)\b/.test(
        s,
      ),
    )
}

/** The law's period for the act the text asks, in this context. */
export function actFromText(text: string, context: ActContext): ActPeriod | null {
  const asked = requests(text)
  for (const row of ACT_PERIODS) {
    if (!row.contexts.includes(context)) continue
    if (asked.some((s) => row.words.test(s))) return row
  }
  return null
}

/** Communications that ask nothing of the lawyer: no deadline (issue 41). */
export function asksNothing(
  type: string | null | undefined,
  documentType: string | null | undefined,
  text: string,
): boolean {
  if (/pauta|distribuicao|edital|certidao/.test(plain(type ?? ''))) return true
  const t = plain(text)
  const asks =
    /intimad|intime|cite-se|manifest(e|ar|em)\b|no prazo|prazo de|em \d+ dias|querendo|para (apresentar|juntar|pagar|recolher)/.test(
      t,
    )
  if (/certidao/.test(plain(documentType ?? '')) && !asks) return true
  if (/\b(pauta|sessao) de julgamento|incluido em pauta|inclusao em pauta/.test(t) && !periodFromText(text))
    return true
  return false
}

export type Party = 'fazenda' | 'ministerio' | 'defensoria'

const PARTIES: [RegExp, Party][] = [
  [
    /fazenda publica|estado\b|municipio d[aeo]|uniao\b|inss\b|instituto nacional do seguro social|autarquia|fundacao publica|procuradoria/,
    'fazenda',
  ],
  [/defensoria publica|defensor publico/, 'defensoria'],
  [/ministerio publico/, 'ministerio'],
]

/** The public party the text intimates by name ("Intime-se a Fazenda Pública…"), if any. */
export function intimatedParty(text: string): Party | null {
  const t = plain(text)
  const addressed =
    /\b(?:intime-se|intimem-se|cite-se|intime|cite)\s+(?:a|o|os|as)\s+([^,.;]{0,60})|\bfica(?:m)?\s+(?:a|o|os|as)\s+([^,.;]{0,60}?)\s+intimad/g
  for (const m of t.matchAll(addressed)) {
    const who = m[1] ?? m[2] ?? ''
    for (const [pattern, party] of PARTIES)
      if (pattern.test(who.slice(0, 40)) && who.search(pattern) < 4) return party
  }
  return null
}

/** CPP art. 798-A I–III: réu preso, Lei Maria da Penha, urgent measures: no suspension. */
export function criminalRecessException(text: string): boolean {
  return /\b(reus? pres[oa]s?|pres[oa]s?\b|prisao|custodiad|maria da penha|11\.340|medidas? protetivas?|urgen)/.test(
    plain(text),
  )
}
