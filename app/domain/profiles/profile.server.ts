import { asc, count, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import {
  specialties,
  userPhones,
  userServiceCities,
  userServices,
  userSpecialties,
} from '~/db/schema-accounts'
import { cities } from '~/db/schema-corpus'
import { DomainError } from '~/domain/errors'
import { findUserById } from '~/domain/users/users.server'

/** A user's service cities, by name: one query builder for the profile and the profession form. */
export function serviceCitiesQuery(db: Database, userId: number) {
  return db
    .select({ code: cities.code, name: cities.name, uf: cities.uf, slug: cities.slug })
    .from(userServiceCities)
    .innerJoin(cities, eq(cities.code, userServiceCities.cityCode))
    .where(eq(userServiceCities.userId, userId))
    .orderBy(asc(cities.name))
}

/** A user's main city (the signup city, the one "Atende em" names first), by name. */
export function mainCityQuery(db: Database, userId: number) {
  return db
    .select({ code: cities.code, name: cities.name, uf: cities.uf, slug: cities.slug })
    .from(users)
    .innerJoin(cities, eq(cities.code, users.cityCode))
    .where(eq(users.id, userId))
}

/**
 * The main city once the profession form saved `cityCodes`. The form lists the cities the profile
 * shows, the main one among them (profileCities), so taking it off the list there moves the main
 * city to the first one left, or clears it: the profile never shows a city its owner removed.
 * Null when nothing changes; else the update, for the caller's batch (wrapped: an awaited
 * query builder would run at once).
 */
export async function mainCityAfter(db: Database, userId: number, cityCodes: number[]) {
  const [main] = await mainCityQuery(db, userId)
  if (!main || cityCodes.includes(main.code)) return null
  const [next] = cityCodes.length
    ? await db
        .select({ code: cities.code, name: cities.name, uf: cities.uf })
        .from(cities)
        .where(eq(cities.code, cityCodes[0] as number))
    : []
  return {
    update: db
      .update(users)
      .set({ cityCode: next?.code ?? null, city: next?.name ?? null, uf: next?.uf ?? null })
      .where(eq(users.id, userId)),
  }
}

/** A user's services in the order given. */
export function servicesQuery(db: Database, userId: number) {
  return db
    .select({ title: userServices.title })
    .from(userServices)
    .where(eq(userServices.userId, userId))
    .orderBy(asc(userServices.position))
}

/** What the public profile shows besides the user row: never phones (they are revealed on demand). */
export type ProfileDetails = {
  specialties: { id: number; titulo: string }[]
  /** Every city the profile works in, the main one first (profileCities). */
  serviceCities: { code: number; name: string; uf: string; slug: string }[]
  /** The main city as the cities table names it, when the profile has one. */
  mainCity: { name: string; uf: string } | null
  services: string[]
  phoneCount: number
}

/**
 * The cities a profile works in: its main city first (the one "Atende em" names), then the
 * service cities by name. One list for the page, the JSON-LD and the directory's rule (a
 * professional is listed in the main city and every service city), so they never disagree.
 */
export function profileCities<C extends { code: number }>(main: C | undefined, served: C[]): C[] {
  return main ? [main, ...served.filter((city) => city.code !== main.code)] : served
}

export async function getProfileDetails(deps: { db: Database }, userId: number): Promise<ProfileDetails> {
  const [specialtyRows, cityRows, serviceRows, [phones], [mainCity]] = await deps.db.batch([
    deps.db
      .select({ id: specialties.id, titulo: specialties.title })
      .from(userSpecialties)
      .innerJoin(specialties, eq(specialties.id, userSpecialties.specialtyId))
      .where(eq(userSpecialties.userId, userId))
      .orderBy(asc(specialties.title)),
    serviceCitiesQuery(deps.db, userId),
    servicesQuery(deps.db, userId),
    deps.db.select({ n: count() }).from(userPhones).where(eq(userPhones.userId, userId)),
    mainCityQuery(deps.db, userId),
  ])
  return {
    specialties: specialtyRows,
    serviceCities: profileCities(mainCity, cityRows),
    mainCity: mainCity ? { name: mainCity.name, uf: mainCity.uf } : null,
    services: serviceRows.map((row) => row.title),
    phoneCount: phones?.n ?? 0,
  }
}

export type RevealedPhone = { numero: string; whatsapp: boolean }

/** The phones "Ver telefones" reveals, in the owner's order. */
export async function listPhones(deps: { db: Database }, userId: number): Promise<RevealedPhone[]> {
  const rows = await deps.db
    .select({ numero: userPhones.number, whatsapp: userPhones.whatsapp })
    .from(userPhones)
    .where(eq(userPhones.userId, userId))
    .orderBy(asc(userPhones.position))
  return rows
}

const encoder = new TextEncoder()

/**
 * `ocupacao_key`: a per-profile key rendered in the profile page and required by
 * `ver-telefones`, so a reveal needs a page view first (decisions/0015). An HMAC of the user id
 * with the server's secret: stable, not guessable from the id, nothing stored.
 */
export async function phonesKey(secret: string | undefined, userId: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret || 'jurisedge-ver-telefones'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`ver-telefones:${userId}`)))
  let binary = ''
  for (const byte of mac.slice(0, 16)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Constant-time comparison of two keys. */
export function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * "Ver telefones" (spec §7): a profile's phones, only with the key its page gave (decisions/0015).
 * An unknown profile is "not found", a wrong key 403.
 */
export async function revealPhones(
  deps: { db: Database },
  secret: string | undefined,
  userId: number,
  key: string,
): Promise<RevealedPhone[]> {
  if (!(await findUserById(deps, userId))) throw new DomainError('message.recipientNotFound', 404)
  if (!sameKey(key, await phonesKey(secret, userId))) throw new DomainError('profile.phonesKey', 403)
  return listPhones(deps, userId)
}
