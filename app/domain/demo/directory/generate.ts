import type { Batch } from '~/domain/corpus/generate'
import { SURNAMES } from '~/domain/corpus/generate/names'
import { createRng, dayFromIso, isoFromDay, type Rng } from '~/domain/corpus/generate/random'
import { slugify } from '~/domain/corpus/import/text'
import { DIRECTORY_PROFESSIONS, type DirectoryProfession } from '~/domain/directory/professions'
import { titleInForm } from '~/domain/reference/occupation-forms'
import { isReservedSubdomain } from '~/domain/site/host'
import { BIG_CITIES, BIG_CITY_SHARE, CAPITAL_BOOST, DDD_BY_UF } from './cities'
import {
  ABOUT_TEMPLATES,
  FIRST_CODE_SHARE,
  MEN_NAMES,
  PROFESSION_WEIGHTS,
  PUBLIC_SERVICE_EXTRAS,
  SERVICES,
  WOMEN_NAMES,
} from './content'
import { countBy, sample, weighted } from './pick'

/** Generated professionals' addresses: reserved `.invalid`, and how the seed recognises them. */
export const DIRECTORY_EMAIL_DOMAIN = 'diretorio.exemplo.invalid'
/** Their accounts were made between these days (all in the past, like the corpus). */
const FIRST_DAY = dayFromIso('2019-03-01')
const LAST_DAY = dayFromIso('2026-10-30')
const DAY_MS = 86_400_000
const BATCH_USERS = 1000

export type DirectoryCity = { code: number; name: string; uf: string; slug: string }
export type DirectoryInput = {
  seed: number
  count: number
  /** The first user id to use: the rows carry their ids, so follows can point ahead. */
  firstId: number
  /** Every municipality (the `cities` table). */
  cities: readonly DirectoryCity[]
  /** The `specialties` table: what each CBO code offers. */
  specialties: readonly { id: number; occupationCode: string; title: string }[]
  /** CBO code → title (the `occupations` table), the headline in its masculine form. */
  titles: Readonly<Record<string, string>>
  /** Theme communities some professionals follow besides their own. */
  themeIds: readonly number[]
  /** One hash for every account (the README's demo password), computed once by the caller. */
  passwordHash: string
  /** Usernames already in use (the named demo accounts, earlier signups). */
  taken?: Iterable<string>
}

type Row = Batch['rows'][number]

/** The cities' pickers: nationwide, and per UF for service cities ("mostly nearby"). */
function cityPickers(rng: Rng, cities: readonly DirectoryCity[]) {
  const big = new Map(BIG_CITIES.map(([slug, size, capital]) => [slug, size * (capital ? CAPITAL_BOOST : 1)]))
  const bigTotal = [...big.values()].reduce((a, b) => a + b, 0)
  // The long tail: a weight per town, drawn once; cubing makes a few towns much larger than most.
  const tail = cities.map((c) => (big.has(c.slug) ? 0 : 0.05 + rng.next() ** 3))
  const tailTotal = tail.reduce((a, b) => a + b, 0) || 1
  const weights = cities.map((c, i) =>
    big.has(c.slug)
      ? ((big.get(c.slug) as number) / bigTotal) * BIG_CITY_SHARE
      : ((tail[i] as number) / tailTotal) * (1 - BIG_CITY_SHARE),
  )
  const anywhere = weighted(cities, weights)
  const byUf = new Map<string, (rng: Rng) => DirectoryCity>()
  const inUf = (uf: string) => {
    let pick = byUf.get(uf)
    if (!pick) {
      const idx = cities.flatMap((c, i) => (c.uf === uf ? [i] : []))
      pick = weighted(
        idx.map((i) => cities[i] as DirectoryCity),
        idx.map((i) => weights[i] as number),
      )
      byUf.set(uf, pick)
    }
    return pick
  }
  return { anywhere, inUf }
}

/** Usernames from the name, ASCII letters and digits; a number when the plain one is taken. */
function usernames(taken: Iterable<string> = []) {
  const used = new Set(taken)
  const next = new Map<string, number>()
  return (first: string, last: string) => {
    const base = slugify(`${first}${last}`)
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 24)
    for (let n = next.get(base) ?? 0; ; n++) {
      const candidate = n === 0 ? base : `${base}${n}`
      if (used.has(candidate) || isReservedSubdomain(candidate)) continue
      used.add(candidate)
      next.set(base, n + 1)
      return candidate
    }
  }
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('')

function phone(rng: Rng, uf: string): Row {
  const ddd = DDD_BY_UF[uf] ?? 11
  const mobile = rng.chance(0.75)
  const number = mobile
    ? `(${ddd}) 9${digits(rng, 4)}-${digits(rng, 4)}`
    : `(${ddd}) 3${digits(rng, 3)}-${digits(rng, 4)}`
  return { number, whatsapp: mobile && rng.chance(0.8) ? 1 : 0 }
}

function about(rng: Rng, specialtyTitles: string[], city: string): string | null {
  const [a, b] = specialtyTitles
  if (!a || rng.chance(0.4)) return null
  const template = b ? rng.pick(ABOUT_TEMPLATES) : ABOUT_TEMPLATES[2]
  return template
    .replace('{a}', a)
    .replace('{b}', (b ?? '').toLowerCase())
    .replace('{anos}', String(rng.int(3, 30)))
    .replace('{cidade}', city)
}

/**
 * The demo directory: `count` professionals as row batches (users, then their specialties,
 * service cities, services, phones and follows), in batches of 1,000 users. Pure and
 * deterministic: the same input gives the same rows (decisions/0025). Memberships of the
 * profession's community and the directory's listings are derived afterwards by the writer,
 * with the same SQL the product runs (MEMBERSHIP_BACKFILL_SQL, REBUILD_ALL_LISTINGS_SQL).
 */
export function* generateDirectory(input: DirectoryInput): Generator<Batch> {
  const rng = createRng(input.seed)
  const { count, firstId } = input
  const cities = cityPickers(rng, input.cities)
  const professions = DIRECTORY_PROFESSIONS.filter((p) => p.codes.some((code) => input.titles[code]))
  const profession = weighted(
    professions,
    professions.map((p) => PROFESSION_WEIGHTS[p.slug] ?? 1),
  )
  const specialtiesOf = new Map<string, { id: number; title: string }[]>()
  for (const s of input.specialties) {
    const list = specialtiesOf.get(s.occupationCode) ?? []
    list.push({ id: s.id, title: s.title })
    specialtiesOf.set(s.occupationCode, list)
  }
  // Who gets followed: a heavy-tailed popularity, so a few are followed by many and most by few.
  const popularity = Array.from({ length: count }, () => Math.min(200, (1 - rng.next()) ** -1.4))
  const ids = Array.from({ length: count }, (_, i) => firstId + i)
  const popular = weighted(ids, popularity)
  const username = usernames(input.taken)
  const createdDay = (i: number) => FIRST_DAY + Math.floor(((i + 0.5) / count) * (LAST_DAY - FIRST_DAY))

  for (let start = 0; start < count; start += BATCH_USERS) {
    const tables: Record<string, Row[]> = {
      users: [],
      user_specialties: [],
      user_service_cities: [],
      user_services: [],
      user_phones: [],
      follows: [],
    }
    for (let i = start; i < Math.min(count, start + BATCH_USERS); i++) professional(i, tables)
    for (const [table, rows] of Object.entries(tables)) if (rows.length) yield { table, rows }
  }

  function professional(i: number, out: Record<string, Row[]>) {
    const id = firstId + i
    const woman = rng.chance(0.52)
    const first = rng.pick(woman ? WOMEN_NAMES : MEN_NAMES)
    const last = rng.pick(SURNAMES)
    const middle = rng.chance(0.55) ? rng.pick(SURNAMES) : null
    const name = [first, middle !== last ? middle : null, last].filter(Boolean).join(' ')
    const job: DirectoryProfession = profession(rng)
    const codes = job.codes.filter((code) => input.titles[code])
    const code = (rng.chance(FIRST_CODE_SHARE) ? codes[0] : rng.pick(codes)) as string
    const home = cities.anywhere(rng)
    const createdAt = createdDay(i) * DAY_MS + rng.int(8, 20) * 3_600_000 + rng.int(0, 3_599_999)
    const incomplete = rng.chance(0.15)
    const subdomain = username(first, last)
    const specialties = incomplete
      ? []
      : sample(rng, specialtiesOf.get(code) ?? [], countBy(rng, [0.08, 0.22, 0.35, 0.35]))
    out.users?.push({
      id,
      subdomain,
      email: `${subdomain}@${DIRECTORY_EMAIL_DOMAIN}`,
      name,
      kind: 'profissional',
      headline: titleInForm(input.titles[code] as string, woman ? 'feminino' : 'masculino'),
      city: home.name,
      uf: home.uf,
      about: incomplete
        ? null
        : about(
            rng,
            specialties.map((s) => s.title),
            home.name,
          ),
      photo_key: null,
      password_hash: input.passwordHash,
      birth_date: rng.chance(0.5) ? isoFromDay(dayFromIso('1955-01-01') + rng.int(0, 45 * 365)) : null,
      email_confirmed_at: rng.chance(incomplete ? 0.7 : 0.93)
        ? createdAt + rng.int(60_000, 86_400_000)
        : null,
      occupation_code: code,
      city_code: home.code,
      created_at: createdAt,
    })
    for (const s of specialties) out.user_specialties?.push({ user_id: id, specialty_id: s.id })
    if (!incomplete) {
      const served = new Set<number>([home.code])
      const wanted = countBy(rng, [0.35, 0.25, 0.18, 0.12, 0.06, 0.04])
      for (let tries = 0; served.size <= wanted && tries < wanted * 4; tries++) {
        // Mostly nearby (the same UF), sometimes a big city elsewhere.
        const city = rng.chance(0.85) ? cities.inUf(home.uf)(rng) : cities.anywhere(rng)
        if (served.has(city.code)) continue
        served.add(city.code)
        out.user_service_cities?.push({ user_id: id, city_code: city.code })
      }
      const offered = [...(SERVICES[job.slug] ?? PUBLIC_SERVICE_EXTRAS)]
      sample(rng, offered, countBy(rng, [0.2, 0.15, 0.25, 0.2, 0.12, 0.08])).forEach((title, position) => {
        out.user_services?.push({ user_id: id, position, title })
      })
      if (rng.chance(0.65))
        for (let position = 0; position < (rng.chance(0.3) ? 2 : 1); position++)
          out.user_phones?.push({ user_id: id, position, ...phone(rng, home.uf) })
    }
    follows(id, createdAt, out)
  }

  function follows(id: number, since: number, out: Record<string, Row[]>) {
    const wanted = rng.chance(0.45) ? 0 : Math.min(15, 1 + Math.floor(-Math.log(1 - rng.next()) * 3))
    const followed = new Set<number>([id])
    const when = () => since + Math.floor(rng.next() * Math.max(0, LAST_DAY * DAY_MS - since))
    for (let tries = 0; followed.size <= wanted && tries < wanted * 3; tries++) {
      const target = popular(rng)
      if (followed.has(target)) continue
      followed.add(target)
      out.follows?.push({
        user_id: id,
        kind: 'usuario',
        target_id: target,
        membership: 0,
        created_at: when(),
      })
    }
    if (input.themeIds.length && rng.chance(0.25))
      for (const theme of sample(rng, input.themeIds, rng.int(1, 3)))
        out.follows?.push({
          user_id: id,
          kind: 'comunidade',
          target_id: theme,
          membership: 0,
          created_at: when(),
        })
  }
}
