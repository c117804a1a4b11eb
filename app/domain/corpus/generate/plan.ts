import { getMunicipalities } from '@brazilian-utils/brazilian-utils'
import { slugify } from '../import/text'
import { COMPANY_CORES, COMPANY_SUFFIXES, FIRST_NAMES, SURNAMES } from './names'
import { cnpjWithCheckDigits, createRng, type Rng } from './random'
import { STATE_COURT_CITIES } from './vocab'

/** One batch of rows for one table, columns named as in the database. */
export type Batch = { table: string; rows: Record<string, string | number | null>[] }

/** The last day of the demo corpus: every date is on or before it (all in the past). */
export const CORPUS_END = '2026-10-30'
export const BATCH_SIZE = 2000

/** How many documents of each kind a scale asks for (scale = documents in total, roughly). */
export function plan(scale: number) {
  const n = (share: number, min: number) => Math.max(min, Math.round(scale * share))
  return {
    people: n(0.08, 20),
    companies: n(0.04, 10),
    lawsuits: n(0.3, 20),
    articles: n(0.418, 30),
    decisions: n(0.16, 10),
    statutes: n(0.002, 3),
  }
}

export type Person = { id: number; name: string; cityCode: number | null }
export type Company = { id: number; cnpj: string; name: string }

let cityCodes: Map<string, number> | null = null
/** IBGE code of a city named in the vocabulary (brazilian-utils' municipalities). */
export function cityCode(name: string, uf: string): number | null {
  if (!cityCodes) {
    cityCodes = new Map(getMunicipalities().map((m) => [`${slugify(m.name)}|${m.stateCode}`, Number(m.code)]))
  }
  return cityCodes.get(`${slugify(name)}|${uf}`) ?? null
}

export const VOCAB_CITIES = Object.entries(STATE_COURT_CITIES).flatMap(([court, names]) =>
  names.map((name) => ({ court, name, uf: court.slice(2) === 'DFT' ? 'DF' : court.slice(2) })),
)

/** People with unique names (their slug is their key), deterministic for a seed. */
export function makePeople(rng: Rng, count: number): Person[] {
  const seen = new Set<string>()
  const people: Person[] = []
  const suffixes = ['', ' Filho', ' Júnior', ' Neto', ' Sobrinho']
  for (let i = 0; people.length < count; i++) {
    const first = rng.pick(FIRST_NAMES)
    const middle = rng.chance(0.5) ? ` ${rng.pick(SURNAMES)}` : ''
    let name = `${first}${middle} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`
    for (const suffix of suffixes) {
      if (!seen.has(slugify(name + suffix))) {
        name += suffix
        break
      }
    }
    if (seen.has(slugify(name))) name = `${name} ${i}`
    seen.add(slugify(name))
    const city = rng.pick(VOCAB_CITIES)
    people.push({ id: people.length + 1, name, cityCode: cityCode(city.name, city.uf) })
  }
  return people
}

/**
 * The name a company trades under: its legal name less the legal form ("Comércio de Alimentos
 * Boa Mesa Ltda. - ME" → "Comércio de Alimentos Boa Mesa"), never its first words cut mid-phrase.
 */
export function tradeNameOf(legalName: string): string {
  return legalName.replace(/\s+(?:Ltda\.?(?:\s*-\s*(?:ME|EPP))?|S\.A\.|Eireli)\s*$/i, '').trim() || legalName
}

/** Companies with valid, unique CNPJs (the root walks a bijection of 0..10^8). */
export function makeCompanies(rng: Rng, count: number, seed: number): Company[] {
  const companies: Company[] = []
  for (let i = 0; i < count; i++) {
    const root = String((i * 7919 + (seed % 1000) * 104729 + 10_000_000) % 100_000_000).padStart(8, '0')
    const cnpj = cnpjWithCheckDigits(`${root}0001`)
    const name = `${rng.pick(COMPANY_CORES)} ${i % 7 === 0 ? 'do Brasil ' : ''}${rng.pick(COMPANY_SUFFIXES)}`
    companies.push({ id: i + 1, cnpj, name })
  }
  return companies
}

export function entityBatches(people: Person[], companies: Company[], rng: Rng): Batch[] {
  const batches: Batch[] = []
  for (let i = 0; i < people.length; i += BATCH_SIZE) {
    batches.push({
      table: 'people',
      rows: people
        .slice(i, i + BATCH_SIZE)
        .map((p) => ({ id: p.id, name: p.name, slug: slugify(p.name), city_code: p.cityCode })),
    })
  }
  for (let i = 0; i < companies.length; i += BATCH_SIZE) {
    batches.push({
      table: 'companies',
      rows: companies.slice(i, i + BATCH_SIZE).map((c) => {
        const city = rng.pick(VOCAB_CITIES)
        return {
          id: c.id,
          cnpj: c.cnpj,
          legal_name: c.name,
          trade_name: tradeNameOf(c.name),
          city_code: cityCode(city.name, city.uf),
          slug: `${slugify(c.name)}-${c.cnpj}`,
        }
      }),
    })
  }
  return batches
}

export { createRng }
