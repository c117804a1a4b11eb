import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { specialties, userServices, userSpecialties } from '~/db/schema-accounts'
import { cities } from '~/db/schema-corpus'
import { directoryListings as listings } from '~/db/schema-network'
import { DomainError } from '~/domain/errors'
import { type FollowState, followStates } from '~/domain/follows/follows.server'
import { profileUrl } from '~/domain/follows/targets.server'
import { type Alternatives, loadAlternatives } from './alternatives.server'
import { type DirectoryProfession, professionBySlug } from './professions'
import { CITY_SLUG_PATTERN, type DirectoryCity } from './urls'

/** Professionals per page (decisions/0024). */
export const DIRECTORY_PAGE_SIZE = 20
/** Deeper than this is no one's reading, only a crawler's or an attacker's OFFSET. */
export const DIRECTORY_MAX_PAGE = 5000
/** Specialties shown per professional. */
const SPECIALTIES_SHOWN = 3

export type DirectoryEntry = {
  id: number
  name: string
  /** The title they chose ("Advogada"). */
  headline: string
  photoUrl: string | null
  /** Their own city, as the profile shows it. */
  city: string | null
  uf: string | null
  /** The page's city when they are listed there because they serve it ("Atende em …"). */
  servesIn: string | null
  specialties: string[]
  services: number
  /** The profile on their subdomain. */
  url: string
  follow: FollowState
  /** The visitor is this professional: the count shows, not a button they cannot use. */
  own: boolean
}

export type DirectoryPage = {
  profession: Pick<DirectoryProfession, 'slug' | 'singular' | 'plural'> | null
  city: DirectoryCity | null
  page: number
  pages: number
  total: number
  entries: DirectoryEntry[]
  /** Where else to look, when this list is empty (never a dead end). */
  alternatives: Alternatives | null
}

/**
 * A directory list (spec §2): `/{profissão}` (each professional once, by their own city),
 * `/cidade/{cidade}` (every profession found in the city, service cities included) or both;
 * neither (the open API's directory without filters) is every professional once.
 * `profession` and `city` are slugs; an unknown one is a 404. Rows are read in the order of the
 * listing indexes (most complete, then most followed, then oldest account), 20 a page, in two
 * round trips: the city, the count and the page's ids; then their details and follow buttons.
 */
export async function loadDirectoryPage(
  deps: { db: Database; origin: string },
  query: { profession?: string; city?: string; page: number },
  viewerId: number | null,
): Promise<DirectoryPage> {
  const profession = query.profession === undefined ? null : (professionBySlug(query.profession) ?? null)
  if (query.profession !== undefined && !profession)
    throw new DomainError('directory.professionNotFound', 404)
  if (query.city !== undefined && !CITY_SLUG_PATTERN.test(query.city))
    throw new DomainError('directory.cityNotFound', 404)
  const page = Number.isSafeInteger(query.page) && query.page >= 1 ? query.page : 1
  if (page > DIRECTORY_MAX_PAGE) throw new DomainError('directory.pageNotFound', 404)

  const { db } = deps
  const citySlug = query.city ?? ''
  // The city is resolved inside the same statements (a constant subquery on the unique slug).
  const cityCode = sql`(SELECT ${cities.code} FROM ${cities} WHERE ${cities.slug} = ${citySlug})`
  const where = and(
    profession ? eq(listings.profession, profession.slug) : undefined,
    query.city === undefined ? eq(listings.home, true) : eq(listings.cityCode, cityCode),
  ) as SQL
  const [cityRows, [counted], rows] = await db.batch([
    db
      .select({ code: cities.code, name: cities.name, uf: cities.uf, slug: cities.slug })
      .from(cities)
      .where(eq(cities.slug, citySlug)),
    db.select({ n: count() }).from(listings).where(where),
    db
      .select({ id: listings.userId, home: listings.home })
      .from(listings)
      .where(where)
      .orderBy(desc(listings.completeness), desc(listings.followers), asc(listings.userId))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((page - 1) * DIRECTORY_PAGE_SIZE),
  ])
  const city = cityRows[0] ?? null
  if (query.city !== undefined && !city) throw new DomainError('directory.cityNotFound', 404)
  const total = counted?.n ?? 0
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE))
  if (page > pages) throw new DomainError('directory.pageNotFound', 404)

  const [entries, alternatives] = await Promise.all([
    loadEntries(deps, rows, city, viewerId),
    total === 0 ? loadAlternatives(deps, profession?.slug ?? null, city) : null,
  ])
  return {
    profession: profession
      ? { slug: profession.slug, singular: profession.singular, plural: profession.plural }
      : null,
    city,
    page,
    pages,
    total,
    entries,
    alternatives,
  }
}

/** The page's professionals, their first specialties, services count and follow state, by id. */
async function loadEntries(
  deps: { db: Database; origin: string },
  rows: { id: number; home: boolean }[],
  city: DirectoryCity | null,
  viewerId: number | null,
): Promise<DirectoryEntry[]> {
  const ids = rows.map((row) => row.id)
  if (!ids.length) return []
  const { db } = deps
  const [[people, specialtyRows, serviceRows], follow] = await Promise.all([
    db.batch([
      db
        .select({
          id: users.id,
          name: users.name,
          headline: users.headline,
          photoKey: users.photoKey,
          city: users.city,
          uf: users.uf,
          subdomain: users.subdomain,
        })
        .from(users)
        .where(inArray(users.id, ids)),
      db
        .select({ userId: userSpecialties.userId, title: specialties.title })
        .from(userSpecialties)
        .innerJoin(specialties, eq(specialties.id, userSpecialties.specialtyId))
        .where(inArray(userSpecialties.userId, ids))
        .orderBy(asc(userSpecialties.userId), asc(specialties.title)),
      db
        .select({ userId: userServices.userId, n: count() })
        .from(userServices)
        .where(inArray(userServices.userId, ids))
        .groupBy(userServices.userId),
    ]),
    followStates(deps, viewerId, 'usuario', ids),
  ])
  const byId = new Map(people.map((person) => [person.id, person]))
  const specialtiesOf = new Map<number, string[]>()
  for (const row of specialtyRows) {
    const list = specialtiesOf.get(row.userId) ?? []
    if (list.length < SPECIALTIES_SHOWN) list.push(row.title)
    specialtiesOf.set(row.userId, list)
  }
  const servicesOf = new Map(serviceRows.map((row) => [row.userId, row.n]))
  return rows.flatMap(({ id, home }) => {
    const person = byId.get(id)
    const state = follow.get(id)
    if (!person || !state) return []
    return [
      {
        id,
        name: person.name,
        headline: person.headline,
        photoUrl: person.photoKey ? `/imagens/${person.photoKey}` : null,
        city: person.city,
        uf: person.uf,
        servesIn: !home && city ? city.name : null,
        specialties: specialtiesOf.get(id) ?? [],
        services: servicesOf.get(id) ?? 0,
        url: profileUrl(deps.origin, person.subdomain),
        follow: state,
        own: id === viewerId,
      },
    ]
  })
}
