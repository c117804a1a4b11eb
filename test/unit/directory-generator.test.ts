import { getMunicipalities } from '@brazilian-utils/brazilian-utils'
import { describe, expect, it } from 'vitest'
import { slugify } from '~/domain/corpus/import/text'
import { professionOfCode } from '~/domain/directory/professions'
import { LEGAL_OCCUPATIONS, NEIGHBOUR_OCCUPATIONS, SPECIALTIES } from '~/domain/reference/data/specialties'
import { feminineTitle } from '~/domain/reference/occupation-forms'
import { isReservedSubdomain, SUBDOMAIN_PATTERN } from '~/domain/site/host'
import type { Batch } from '~/fixtures/corpus'
import { BIG_CITIES } from '~/fixtures/demo/directory/cities'
import { type DirectoryInput, generateDirectory } from '~/fixtures/demo/directory/generate'

// The inputs the seed reads from the database, built here the way the seed builds those tables.
const cities = getMunicipalities().map((m) => ({
  code: Number(m.code),
  name: m.name,
  uf: m.stateCode,
  slug: `${slugify(m.name)}-${m.stateCode.toLowerCase()}`,
}))
const input: DirectoryInput = {
  seed: 7,
  count: 3000,
  firstId: 101,
  cities,
  specialties: SPECIALTIES.map((s, i) => ({ id: i + 1, ...s })),
  titles: { ...LEGAL_OCCUPATIONS, ...NEIGHBOUR_OCCUPATIONS },
  themeIds: [90, 91, 92],
  passwordHash: 'pbkdf2-sha256$1$x$y',
  taken: ['ana', 'anasilva'],
}

type Row = Batch['rows'][number]
function collect(options: DirectoryInput) {
  const tables: Record<string, Row[]> = {}
  for (const batch of generateDirectory(options))
    tables[batch.table] = [...(tables[batch.table] ?? []), ...batch.rows]
  return tables
}
const byUser = (rows: Row[] = []) => {
  const map = new Map<number, Row[]>()
  for (const row of rows) map.set(Number(row.user_id), [...(map.get(Number(row.user_id)) ?? []), row])
  return map
}

describe('demo directory generator', () => {
  const data = collect(input)
  const users = data.users ?? []
  const ids = new Set(users.map((u) => Number(u.id)))
  const cityOf = new Map(cities.map((c) => [c.code, c]))

  it('gives the same rows for the same seed, other rows for another seed', () => {
    expect(collect(input)).toEqual(data)
    expect(collect({ ...input, seed: 8 }).users?.map((u) => u.name)).not.toEqual(users.map((u) => u.name))
  })

  it('knows every big city it weights by the slug of the cities table', () => {
    const slugs = new Set(cities.map((c) => c.slug))
    expect(BIG_CITIES.filter(([slug]) => !slugs.has(slug))).toEqual([])
  })

  it('makes the asked number of professionals with their own ids, usernames and .invalid e-mails', () => {
    expect(users).toHaveLength(3000)
    expect([...ids]).toEqual(Array.from({ length: 3000 }, (_, i) => 101 + i))
    const subdomains = users.map((u) => String(u.subdomain))
    expect(new Set(subdomains).size).toBe(subdomains.length)
    for (const name of subdomains) {
      expect(name).toMatch(SUBDOMAIN_PATTERN)
      expect(name.length).toBeLessThanOrEqual(30)
      expect(isReservedSubdomain(name)).toBe(false)
    }
    expect(subdomains).not.toContain('ana')
    expect(subdomains).not.toContain('anasilva')
    expect(users.every((u) => String(u.email).endsWith('.invalid'))).toBe(true)
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length)
    expect(users.every((u) => u.photo_key === null && u.password_hash === input.passwordHash)).toBe(true)
  })

  it('gives each a directory profession, the title in the form of their gender, and a real city', () => {
    let feminine = 0
    for (const user of users) {
      const code = String(user.occupation_code)
      expect(professionOfCode(code)).toBeDefined()
      const title = input.titles[code] as string
      expect([title, feminineTitle(title)]).toContain(user.headline)
      if (user.headline !== title) feminine += 1
      const city = cityOf.get(Number(user.city_code))
      expect(city).toBeDefined()
      expect([user.city, user.uf]).toEqual([city?.name, city?.uf])
    }
    expect(feminine).toBeGreaterThan(users.length * 0.3)
    expect(users.length - feminine).toBeGreaterThan(users.length * 0.3)
  })

  it('spreads them realistically: many lawyers, few notaries; the big cities first', () => {
    const per = (pick: (u: Row) => string) => {
      const counts = new Map<string, number>()
      for (const u of users) counts.set(pick(u), (counts.get(pick(u)) ?? 0) + 1)
      return counts
    }
    const professions = per((u) => professionOfCode(String(u.occupation_code))?.slug ?? '')
    expect(professions.get('advogado')).toBeGreaterThan(users.length * 0.5)
    expect(professions.get('contador') ?? 0).toBeGreaterThan(professions.get('tabeliao') ?? 0)
    expect(professions.size).toBeGreaterThan(12)
    const inCities = [...per((u) => String(cityOf.get(Number(u.city_code))?.slug)).entries()].sort(
      (a, b) => b[1] - a[1],
    )
    expect(inCities[0]?.[0]).toBe('sao-paulo-sp')
    const big = new Set(BIG_CITIES.map(([slug]) => slug))
    const inBig = users.filter((u) => big.has(String(cityOf.get(Number(u.city_code))?.slug))).length
    expect(inBig / users.length).toBeGreaterThan(0.5)
    expect(inCities.length).toBeGreaterThan(500) // and a long tail of small towns
  })

  it("lists specialties of their own profession and up to five other cities, mostly in the user's UF", () => {
    const owner = new Map(users.map((u) => [Number(u.id), u]))
    const specialtyCode = new Map(SPECIALTIES.map((s, i) => [i + 1, s.occupationCode]))
    for (const row of data.user_specialties ?? [])
      expect(specialtyCode.get(Number(row.specialty_id))).toBe(
        owner.get(Number(row.user_id))?.occupation_code,
      )
    let sameUf = 0
    const served = byUser(data.user_service_cities)
    for (const [userId, rows] of served) {
      const home = owner.get(userId)
      expect(rows.length).toBeLessThanOrEqual(5)
      expect(new Set(rows.map((r) => r.city_code)).size).toBe(rows.length)
      for (const row of rows) {
        expect(row.city_code).not.toBe(home?.city_code)
        if (cityOf.get(Number(row.city_code))?.uf === home?.uf) sameUf += 1
      }
    }
    expect(sameUf / (data.user_service_cities?.length ?? 1)).toBeGreaterThan(0.7)
    for (const row of data.user_phones ?? []) expect(row.number).toMatch(/^\(\d\d\) (9\d{4}|3\d{3})-\d{4}$/)
  })

  it('leaves some profiles incomplete and some e-mails unconfirmed', () => {
    const withSpecialties = byUser(data.user_specialties)
    const withServices = byUser(data.user_services)
    const bare = users.filter((u) => !withSpecialties.has(Number(u.id)) && !withServices.has(Number(u.id)))
    expect(bare.length).toBeGreaterThan(users.length * 0.1)
    expect(bare.length).toBeLessThan(users.length * 0.3)
    const unconfirmed = users.filter((u) => u.email_confirmed_at === null).length
    expect(unconfirmed).toBeGreaterThan(0)
    expect(unconfirmed).toBeLessThan(users.length * 0.2)
  })

  it('makes follows between them, once each and never of oneself, so follower counts vary', () => {
    const follows = data.follows ?? []
    const keys = follows.map((f) => `${f.user_id}:${f.kind}:${f.target_id}`)
    expect(new Set(keys).size).toBe(keys.length)
    const followers = new Map<number, number>()
    for (const f of follows) {
      expect(f.membership).toBe(0)
      if (f.kind === 'comunidade') {
        expect(input.themeIds).toContain(f.target_id)
        continue
      }
      expect(f.kind).toBe('usuario')
      expect(f.target_id).not.toBe(f.user_id)
      expect(ids.has(Number(f.target_id))).toBe(true)
      followers.set(Number(f.target_id), (followers.get(Number(f.target_id)) ?? 0) + 1)
    }
    const counts = [...followers.values()].sort((a, b) => a - b)
    expect(counts.at(-1)).toBeGreaterThan(5 * (counts[Math.floor(counts.length / 2)] ?? 1))
  })
})
