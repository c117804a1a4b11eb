import { env } from 'cloudflare:test'
import {
  specialties,
  userPhones,
  userServiceCities,
  userServices,
  userSpecialties,
} from '~/db/schema-accounts'
import { cities } from '~/db/schema-corpus'
import { refreshListing } from '~/domain/directory/listings.server'
import { createUser, deps, postJson, sessionCookie } from './helpers'

let sequence = 0
const run = `${Date.now().toString(36)}`.slice(-5)
// Seven-digit codes no IBGE city has (those start with 1–5), apart from other files' test cities.
const codeBase = 8_000_000 + (Date.now() % 40_000) * 20

/** A tag of letters and digits, unique in this run (city names, slugs, specialty titles). */
export function tag(): string {
  sequence += 1
  return `${run}${sequence}`.toLowerCase()
}

export type City = { code: number; name: string; uf: string; slug: string }

/** A city of our own (a code no IBGE city has), so its lists hold only this file's people. */
export async function makeCity(uf = 'AC', name = `Vila Teste ${tag()}`): Promise<City> {
  sequence += 1
  const city = {
    code: codeBase + sequence,
    name,
    uf,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${uf.toLowerCase()}`,
  }
  await deps().db.insert(cities).values(city)
  return city
}

/** The real capital's row (the empty page points to it); other files may have it already. */
export async function capital(code: number, name: string, uf: string, slug: string): Promise<City> {
  const city = { code, name, uf, slug }
  await deps().db.insert(cities).values(city).onConflictDoNothing()
  return city
}

export type Shape = {
  /** CBO code: '241005' Advogado, '252210' Contador, '351440' Árbitro, '351405' Escrevente. */
  code?: string
  headline?: string
  name?: string
  city: City
  photo?: boolean
  specialties?: number
  services?: number
  phone?: boolean
  confirmed?: boolean
  serves?: City[]
}

/**
 * A professional whose profile is as complete as asked (COMPLETENESS_SQL: photo 25, 7 per
 * specialty up to 3, services 15, phones 15, service cities 14, confirmed e-mail 10), with the
 * directory listings the profile use-cases would have written.
 */
export async function professional(shape: Shape) {
  const db = deps().db
  const user = await createUser({
    name: shape.name ?? `Profissional ${tag()}`,
    headline: shape.headline ?? 'Advogada',
    occupationCode: shape.code ?? '241005',
    city: shape.city.name,
    uf: shape.city.uf,
    cityCode: shape.city.code,
    photoKey: shape.photo ? `perfil/${tag()}.png` : null,
    emailConfirmedAt: shape.confirmed ? Date.now() : null,
  })
  const count = shape.specialties ?? 0
  if (count) {
    const rows = await db
      .insert(specialties)
      .values(
        Array.from({ length: count }, (_, i) => ({
          occupationCode: shape.code ?? '241005',
          title: `Área ${i} ${tag()}`,
        })),
      )
      .returning()
    await db.insert(userSpecialties).values(rows.map((row) => ({ userId: user.id, specialtyId: row.id })))
  }
  if (shape.services)
    await db.insert(userServices).values(
      Array.from({ length: shape.services }, (_, i) => ({
        userId: user.id,
        position: i,
        title: `Serviço ${i}`,
      })),
    )
  if (shape.phone)
    await db.insert(userPhones).values({ userId: user.id, position: 0, number: '(68) 3224-0000' })
  if (shape.serves?.length)
    await db
      .insert(userServiceCities)
      .values(shape.serves.map((c) => ({ userId: user.id, cityCode: c.code })))
  await refreshListing(deps(), user.id)
  return user
}

/** `n` followers of a professional, written as rows (the triggers keep the counts). */
/** `n` new people follow `targetId` the way the product does (which also purges the cached lists). */
export async function followedBy(targetId: number, n: number) {
  for (let i = 0; i < n; i++) {
    const fan = await createUser({ kind: 'estudante', headline: 'Estudante' })
    const res = await postJson(
      '/ajax/seguir',
      { id: targetId, tipo: 'usuario' },
      { Cookie: await sessionCookie(fan.id) },
    )
    if (res.status !== 200) throw new Error(`follow failed: ${res.status}`)
  }
}

/** The names of the result cards, in page order. */
export function cardNames(html: string): string[] {
  return [...html.matchAll(/class="directory-card__name"><a href="[^"]*">([^<]+)<\/a>/g)].map(
    (m) => m[1] ?? '',
  )
}

export function canonicalOf(html: string): string | null {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null
}

export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? 'null'),
  )
}

export const ORIGIN_URL = `http://${env.BASE_DOMAIN}`
