import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { cities } from '~/db/schema-corpus'
import { directoryListings as listings } from '~/db/schema-network'
import { CAPITAL_BY_UF } from '~/domain/reference/cities.server'
import type { DirectoryCity } from './urls'

export type CityCount = { city: DirectoryCity; count: number }

/** Where to look when a list is empty (decisions/0024: never a dead end). */
export type Alternatives = {
  /** The same profession in other cities of the UF, the most professionals first. */
  nearby: CityCount[]
  /** The UF capital (for the profession, or everyone on a city page), unless this is it. */
  capital: CityCount | null
  /** Everyone in this city, whatever the profession (a profession + city page). */
  cityAll: number | null
}

const NEARBY_SHOWN = 8
const cityColumns = { code: cities.code, name: cities.name, uf: cities.uf, slug: cities.slug }

/**
 * Each read is one index range: the profession in the UF (`directory_profession_uf`, covering),
 * the capital's count and the city's count (`directory_profession_city`, `directory_city`).
 * A page of the profession alone needs nothing: it links to the directory's home.
 */
export async function loadAlternatives(
  deps: { db: Database },
  profession: string | null,
  city: DirectoryCity | null,
): Promise<Alternatives> {
  const none: Alternatives = { nearby: [], capital: null, cityAll: null }
  if (!city) return none
  const { db } = deps
  const capitalCode = CAPITAL_BY_UF[city.uf]
  const inCity = (code: number | SQL) =>
    and(profession ? eq(listings.profession, profession) : undefined, eq(listings.cityCode, code))
  const capitalQuery =
    capitalCode && capitalCode !== city.code
      ? db
          .select({
            ...cityColumns,
            n: sql<number>`(SELECT count(*) FROM ${listings} WHERE ${inCity(capitalCode)})`,
          })
          .from(cities)
          .where(eq(cities.code, capitalCode))
      : null
  const nearbyQuery = profession
    ? db
        .select({ ...cityColumns, n: count() })
        .from(listings)
        .innerJoin(cities, eq(cities.code, listings.cityCode))
        .where(
          and(
            eq(listings.profession, profession),
            eq(listings.uf, city.uf),
            ne(listings.cityCode, city.code),
            capitalCode ? ne(listings.cityCode, capitalCode) : undefined,
          ),
        )
        .groupBy(listings.cityCode)
        .orderBy(desc(count()), cities.name)
        .limit(NEARBY_SHOWN)
    : null
  const cityAllQuery = profession
    ? db.select({ n: count() }).from(listings).where(eq(listings.cityCode, city.code))
    : null
  const [capitalRows, nearbyRows, cityAllRows] = await Promise.all([capitalQuery, nearbyQuery, cityAllQuery])
  const capital = capitalRows?.[0]
  return {
    nearby: (nearbyRows ?? []).map(({ n, ...row }) => ({ city: row, count: n })),
    capital: capital ? { city: withoutCount(capital), count: capital.n } : null,
    cityAll: cityAllRows?.[0]?.n ?? null,
  }
}

function withoutCount({ n: _n, ...city }: DirectoryCity & { n: number }): DirectoryCity {
  return city
}
