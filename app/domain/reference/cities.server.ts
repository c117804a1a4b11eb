import { eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { likeSql } from '~/db/like'
import { cities } from '~/db/schema-corpus'
import { slugify } from '~/domain/corpus/import/text'
import { normalizeForMatch } from '~/domain/suggestion-lists/keys'
import { t } from '~/i18n/pt-BR'
import { UFS } from '~/schemas/ufs'
import { type CityRef, cityInputLabel } from './city-ref'
import {
  AUTOCOMPLETE_LIMIT,
  type AutocompleteItem,
  labelWithDetail,
  matchRank,
  slugWordPattern,
} from './match'

export { UFS }

/** IBGE codes of the state capitals: the city-by-IP fallback and a tie-breaker when ranking. */
export const CAPITAL_BY_UF: Record<string, number> = {
  AC: 1200401,
  AL: 2704302,
  AP: 1600303,
  AM: 1302603,
  BA: 2927408,
  CE: 2304400,
  DF: 5300108,
  ES: 3205309,
  GO: 5208707,
  MA: 2111300,
  MT: 5103403,
  MS: 5002704,
  MG: 3106200,
  PA: 1501402,
  PB: 2507507,
  PR: 4106902,
  PE: 2611606,
  PI: 2211001,
  RJ: 3304557,
  RN: 2408102,
  RS: 4314902,
  RO: 1100205,
  RR: 1400100,
  SC: 4205407,
  SP: 3550308,
  SE: 2800308,
  TO: 1721000,
}
const CAPITALS = new Set(Object.values(CAPITAL_BY_UF))

type CityRow = { code: number; name: string; uf: string; slug: string }

export function toCityRef(row: { code: number; name: string; uf: string }): CityRef {
  return { id: row.code, nome: row.name, uf: row.uf }
}

function toItem(row: CityRow): AutocompleteItem {
  return {
    label: labelWithDetail(row.name, row.uf),
    inputLabel: cityInputLabel({ nome: row.name, uf: row.uf }),
    value: row.code,
    slug: row.slug,
  }
}

/**
 * The cities autocomplete. City slugs are `slugify(name)-uf` (IBGE list, scripts/seed.ts), so a
 * slug prefix is an accent- and case-free name prefix: it is read as a range on the unique slug
 * index. Word prefixes ("paulo" → "São Paulo") scan the 5,570 slugs with LIKE, which SQLite does
 * in about a millisecond. Candidates are ranked here: exact name, then prefix, then word prefix;
 * capitals, then shorter names first.
 */
export async function searchCities(deps: { db: Database }, term: string): Promise<AutocompleteItem[]> {
  const key = slugify(term)
  if (!key) return []
  const nameSlug = sql`substr(${cities.slug}, 1, length(${cities.slug}) - 3)`
  const rows = await deps.db
    .select({ code: cities.code, name: cities.name, uf: cities.uf, slug: cities.slug })
    .from(cities)
    .where(
      sql`(${cities.slug} >= ${key} and ${cities.slug} < ${`${key}~`}) or ${likeSql(nameSlug, slugWordPattern(key))}`,
    )
    .orderBy(
      sql`${cities.slug} >= ${key} and ${cities.slug} < ${`${key}~`} desc`,
      sql`length(${cities.name})`,
    )
    .limit(200)
  return rankCities(rows, term).slice(0, AUTOCOMPLETE_LIMIT).map(toItem)
}

function rankCities(rows: CityRow[], term: string): CityRow[] {
  const scored = rows
    .map((row) => ({
      row,
      rank: matchRank(row.name, term) ?? matchRank(cityInputLabel({ nome: row.name, uf: row.uf }), term) ?? 9,
    }))
    .filter((s) => s.rank < 9)
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(CAPITALS.has(b.row.code)) - Number(CAPITALS.has(a.row.code)) ||
      a.row.name.length - b.row.name.length ||
      a.row.name.localeCompare(b.row.name, 'pt-BR'),
  )
  return scored.map((s) => s.row)
}

export async function findCityByCode(deps: { db: Database }, code: number): Promise<CityRef | null> {
  if (!Number.isSafeInteger(code) || code <= 0) return null
  const [row] = await deps.db.select().from(cities).where(eq(cities.code, code)).limit(1)
  return row ? toCityRef(row) : null
}

/** The IBGE city with this name in this UF (name compared without case or accents). */
export async function findCityByName(
  deps: { db: Database },
  name: string,
  uf: string,
): Promise<CityRef | null> {
  const state = uf.trim().toUpperCase()
  if (!UFS.includes(state as (typeof UFS)[number])) return null
  const slug = `${slugify(name)}-${state.toLowerCase()}`
  const [bySlug] = await deps.db.select().from(cities).where(eq(cities.slug, slug)).limit(1)
  if (bySlug) return toCityRef(bySlug)
  // Slugs are unique, so a name shared inside a UF is not possible; compare names as a last resort.
  const wanted = normalizeForMatch(name).replace(/[^\p{L}\p{N}]+/gu, '')
  const inState = await deps.db.select().from(cities).where(eq(cities.uf, state))
  const found = inState.find((c) => normalizeForMatch(c.name).replace(/[^\p{L}\p{N}]+/gu, '') === wanted)
  return found ? toCityRef(found) : null
}

/**
 * Reads what a person typed in the city field without JavaScript: "Campinas/SP", "Campinas - SP",
 * "campinas sp", an IBGE code, or a name that exists in only one UF. Null when it is not exactly
 * one city.
 */
export async function resolveCityInput(deps: { db: Database }, text: string): Promise<CityRef | null> {
  const input = text.trim()
  if (!input) return null
  if (/^\d{7}$/.test(input)) return findCityByCode(deps, Number(input))
  const withUf = /^(.+?)[\s/,-]+([A-Za-z]{2})$/.exec(input)
  if (withUf?.[1] && withUf[2] && UFS.includes(withUf[2].toUpperCase() as (typeof UFS)[number])) {
    const found = await findCityByName(deps, withUf[1], withUf[2])
    if (found) return found
  }
  const key = slugify(input)
  if (!key) return null
  const rows = await deps.db
    .select()
    .from(cities)
    .where(sql`substr(${cities.slug}, 1, length(${cities.slug}) - 3) = ${key}`)
    .limit(2)
  return rows.length === 1 && rows[0] ? toCityRef(rows[0]) : null
}

/** What the runtime tells about where a request came from (a subset of `request.cf`). */
export type RequestGeo = { country?: unknown; city?: unknown; regionCode?: unknown }

export type CityByIp = { city: CityRef; approximate: boolean }

/**
 * City by IP (spec §7): Cloudflare's `request.cf` city and region (the UF, e.g. "SP") matched to
 * the IBGE city of that name in that UF. When the city is missing or unknown but the UF is
 * known, the UF capital is answered (approximate). Outside Brazil, or with no region (offline
 * `wrangler dev` reports Austin, Texas), there is no answer: the field simply stays editable.
 */
export async function cityFromGeo(
  deps: { db: Database },
  geo: RequestGeo | undefined | null,
): Promise<CityByIp | null> {
  if (geo?.country !== 'BR') return null
  const uf = typeof geo.regionCode === 'string' ? geo.regionCode.trim().toUpperCase() : ''
  if (!UFS.includes(uf as (typeof UFS)[number])) return null
  if (typeof geo.city === 'string' && geo.city.trim()) {
    const city = await findCityByName(deps, geo.city, uf)
    if (city) return { city, approximate: false }
  }
  const capital = await findCityByCode(deps, CAPITAL_BY_UF[uf] ?? 0)
  return capital ? { city: capital, approximate: true } : null
}

/**
 * `GET /ajax/cidade-por-ip` (spec §7): the city, or the Portuguese message that there is none.
 * "No city" is an expected answer, not a failure: the spec's `status` field in a 200, so pages
 * with the city field do not log a failed request on every visit under wrangler dev.
 */
export async function cityByAddress(deps: { db: Database }, geo: RequestGeo | undefined | null) {
  const found = await cityFromGeo(deps, geo)
  if (!found) return { status: 'error' as const, errors: [t('city.notFoundByIp')] }
  return { status: 'success' as const, cidade: found.city, aproximada: found.approximate }
}
