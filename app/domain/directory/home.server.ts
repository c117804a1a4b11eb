import { count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { cities } from '~/db/schema-corpus'
import { directoryListings as listings } from '~/db/schema-network'
import type { CityCount } from './alternatives.server'
import { DIRECTORY_PROFESSIONS } from './professions'

export type DirectoryHome = {
  /** Every profession, in the list's order, with how many professionals it has. */
  professions: { slug: string; plural: string; count: number }[]
  /** The cities where the most professionals are found. */
  cities: CityCount[]
}

/** Versioned so a change of shape never reads an older cached value. */
export const DIRECTORY_HOME_KEY = 'diretorio:inicio:v1'
const HOME_TTL_SECONDS = 3600
const CITIES_SHOWN = 12

/**
 * The directory home's counts. Both reads walk a whole listing index (every professional), so
 * they are cached in KV for an hour: a new professional shows in the counts within that hour,
 * while every list page counts exactly (decisions/0024).
 */
export async function loadDirectoryHome(deps: {
  db: Database
  suggestions: KVNamespace
}): Promise<DirectoryHome> {
  const cached = await deps.suggestions.get<DirectoryHome>(DIRECTORY_HOME_KEY, 'json')
  if (cached) return cached
  const fresh = await countDirectory(deps)
  await deps.suggestions.put(DIRECTORY_HOME_KEY, JSON.stringify(fresh), { expirationTtl: HOME_TTL_SECONDS })
  return fresh
}

async function countDirectory(deps: { db: Database }): Promise<DirectoryHome> {
  const { db } = deps
  const perCity = db
    .select({ code: listings.cityCode, n: count().as('n') })
    .from(listings)
    .groupBy(listings.cityCode)
    .orderBy(desc(sql`n`))
    .limit(CITIES_SHOWN)
    .as('per_city')
  const [perProfession, top] = await db.batch([
    // Each professional once: by their own city's row.
    db
      .select({ profession: listings.profession, n: count() })
      .from(listings)
      .where(eq(listings.home, true))
      .groupBy(listings.profession),
    db
      .select({ code: cities.code, name: cities.name, uf: cities.uf, slug: cities.slug, n: perCity.n })
      .from(perCity)
      .innerJoin(cities, eq(cities.code, perCity.code))
      .orderBy(desc(perCity.n), cities.name),
  ])
  const counts = new Map(perProfession.map((row) => [row.profession, row.n]))
  return {
    professions: DIRECTORY_PROFESSIONS.map((p) => ({
      slug: p.slug,
      plural: p.plural,
      count: counts.get(p.slug) ?? 0,
    })),
    cities: top.map(({ n, ...city }) => ({ city, count: n })),
  }
}
