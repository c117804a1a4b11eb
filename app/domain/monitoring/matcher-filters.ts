/**
 * The filters of rule 5 (decisions/0031) that need more than the words: the document's place, and
 * the CPF, CNPJ or OAB written near each occurrence of the name.
 */
import { t } from '~/i18n/pt-BR'
import type { CompiledRule } from './matcher-compile'
import {
  compareOab,
  compareTax,
  findOabTokens,
  findTaxTokens,
  type OabToken,
  ownedToken,
  type TaxToken,
  type Verdict,
} from './matcher-ids'
import { placesNearName, placesOfMetadata } from './matcher-places'
import type { MatchDocument } from './matcher-types'
import type { Tokens } from './normalize'
import { municipalityName } from './places'

// IBGE codes of the states: a municipality's code starts with its state's.
const IBGE_UF: Record<string, string> = Object.fromEntries(
  '11 RO 12 AC 13 AM 14 RR 15 PA 16 AP 17 TO 21 MA 22 PI 23 CE 24 RN 25 PB 26 PE 27 AL 28 SE 29 BA 31 MG 32 ES 33 RJ 35 SP 41 PR 42 SC 43 RS 50 MS 51 MT 52 GO 53 DF'
    .match(/\d\d [A-Z]{2}/g)
    ?.map((pair) => pair.split(' ')) ?? [],
)
/** The UF of an IBGE municipality code (its first two digits). */
const ufOfCity = (code: number | null | undefined) =>
  code ? (IBGE_UF[String(code).slice(0, 2)] ?? null) : null

export type Reasons = { codes: string[]; texts: string[] }

/** Place filters: false when the document's place contradicts the rule's. */
export function checkPlace(rule: CompiledRule, doc: MatchDocument, out: Reasons): boolean {
  const docCity = doc.cityCode ?? null
  let cityAgrees = false
  if (rule.city && docCity) {
    if (rule.city !== docCity) return false
    cityAgrees = true
  }
  const ruleUf = rule.uf ?? ufOfCity(rule.city)
  const docUf = doc.uf?.trim().toUpperCase() || ufOfCity(docCity)
  if (ruleUf && docUf && ruleUf !== docUf) return false
  if (cityAgrees) {
    // The checker passes no name; the IBGE table the place reader has does (decisions/0055).
    const cityName = rule.cityName ?? municipalityName(rule.city)
    out.codes.push('cidade')
    out.texts.push(
      cityName ? t('monitoringMatch.city', { city: cityName }) : t('monitoringMatch.cityUnnamed'),
    )
  }
  if (ruleUf && docUf && (rule.uf || !cityAgrees)) {
    out.codes.push('uf')
    out.texts.push(t('monitoringMatch.uf', { uf: ruleUf }))
  }
  return true
}

/**
 * Whether the text is read for the place (decisions/0055): the document carries no city (the DOU
 * carries no place at all) and the rule's filter needs one it lacks.
 */
export function readsPlaceFromText(rule: CompiledRule, doc: MatchDocument): boolean {
  if ((!rule.uf && !rule.city) || doc.cityCode) return false
  return rule.city !== null || !doc.uf?.trim()
}

/**
 * The place filter against the places the text names next to one occurrence: null when every one
 * is elsewhere (a homonym), else the reasons it confirms (none when the text names no place).
 */
export function checkTextPlace(
  rule: CompiledRule,
  doc: MatchDocument,
  tokens: Tokens,
  first: number,
  last: number,
): Reasons | null {
  let found = placesNearName(doc.text, tokens, first, last)
  // Nothing near the name: the publishing body may say where the act is from (the DOU's
  // "Prefeituras/Estado do Piauí/Prefeitura Municipal de Teresina").
  if (!found.length && doc.placeText) found = placesOfMetadata(doc.placeText)
  const out: Reasons = { codes: [], texts: [] }
  if (!found.length) return out
  const ruleUf = rule.uf ?? ufOfCity(rule.city)
  const fits = (c: { code: number | null; uf: string }) =>
    (!ruleUf || c.uf === ruleUf) && (!rule.city || c.code === null || c.code === rule.city)
  if (!found.some((p) => p.candidates.some(fits))) return null
  if (rule.city && found.some((p) => p.candidates.length === 1 && p.candidates[0]?.code === rule.city)) {
    out.codes.push('cidade')
    out.texts.push(
      t('monitoringMatch.cityInText', { city: rule.cityName ?? municipalityName(rule.city) ?? '' }),
    )
  } else if (ruleUf && found.some((p) => p.candidates.every((c) => c.uf === ruleUf))) {
    out.codes.push('uf')
    out.texts.push(t('monitoringMatch.ufInText', { uf: ruleUf }))
  }
  return out
}

export type Occurrence = {
  first: number
  last: number
  abbreviated: boolean
  tax: Verdict
  taxToken: TaxToken | null
  taxShown: string
  oab: Verdict
  oabToken: OabToken | null
  /** What the text says of the place next to this occurrence, when the document has none. */
  place: Reasons | null
}

export function checkIds(rule: CompiledRule, text: string, tokens: Tokens, occ: Occurrence) {
  const start = tokens.start[occ.first] as number
  const end = tokens.end[occ.last] as number
  const tax = rule.tax
  if (tax) {
    const lengths =
      tax.kind === 'cpf' ? [11] : tax.kind === 'cnpj' ? [14] : tax.digits.length > 11 ? [14] : [11, 14]
    const token = ownedToken(text, tokens, start, end, (a, b) =>
      findTaxTokens(text, a, b).filter((x) => lengths.includes(x.pattern.length)),
    )
    if (token) {
      const check = compareTax(text, tax, token)
      occ.tax = check.verdict
      occ.taxToken = token
      occ.taxShown = check.shown ?? ''
    }
  }
  const oab = rule.oab
  if (oab) {
    const token = ownedToken(text, tokens, start, end, (a, b) => findOabTokens(text, a, b))
    if (token) {
      occ.oab = compareOab(oab, token)
      occ.oabToken = token
    }
  }
}

/** Several occurrences: any agreement wins, else any contradiction rules the document out. */
export function overall(occs: Occurrence[], key: 'tax' | 'oab'): Verdict {
  if (occs.some((o) => o[key] === 'agree')) return 'agree'
  return occs.some((o) => o[key] === 'contradict') ? 'contradict' : 'silent'
}
