import { env } from 'cloudflare:test'
import { specialties, userPhones } from '~/db/schema-accounts'
import { cities, occupations } from '~/db/schema-corpus'
import { createUser, deps, get, ORIGIN } from './helpers'

// Each test gets its own client address, so rate limits of one test never leak into another.
export let address = 0
export const fromNewAddress = () => ({ 'CF-Connecting-IP': `198.51.100.${++address}` })

export const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX'
export const profileBase = (subdomain: string) => `http://${subdomain}.${env.BASE_DOMAIN}`

export function postForm(path: string, form: URLSearchParams, headers: Record<string, string> = {}) {
  return get(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      ...ORIGIN,
      ...headers,
    },
    body: form,
  })
}

export let codeSeq = 0
/** Reference rows the forms need (the e2e seed has the real lists; unit tests insert their own). */
export async function referenceData() {
  codeSeq += 1
  const tag = `${Date.now() % 100000}${codeSeq}`
  const db = deps().db
  const occupation = {
    code: `9${tag}`.slice(0, 6).padEnd(6, '0'),
    title: `Advogado Teste ${tag}`,
    slug: `adv-${tag}`,
  }
  const other = {
    code: `8${tag}`.slice(0, 6).padEnd(6, '0'),
    title: `Contador Teste ${tag}`,
    slug: `cont-${tag}`,
  }
  await db.insert(occupations).values([occupation, other]).onConflictDoNothing()
  const base = 9_000_000 + codeSeq * 10
  const cityRows = [
    { code: base + 1, name: `Campinas ${tag}`, uf: 'SP', slug: `campinas-${tag}` },
    { code: base + 2, name: `Santos ${tag}`, uf: 'SP', slug: `santos-${tag}` },
    { code: base + 3, name: `Recife ${tag}`, uf: 'PE', slug: `recife-${tag}` },
  ]
  await db.insert(cities).values(cityRows).onConflictDoNothing()
  const [family, labour, foreign] = await db
    .insert(specialties)
    .values([
      { occupationCode: occupation.code, title: `Direito de família ${tag}` },
      { occupationCode: occupation.code, title: `Direito do trabalho ${tag}` },
      { occupationCode: other.code, title: `Perícia contábil ${tag}` },
    ])
    .returning()
  if (!family || !labour || !foreign) throw new Error('specialties not inserted')
  return { occupation, other, cities: cityRows, specialties: { family, labour, foreign } }
}

export async function userWithPhones() {
  const user = await createUser()
  await deps()
    .db.insert(userPhones)
    .values([
      { userId: user.id, position: 0, number: '(11) 3456-7890', whatsapp: false },
      { userId: user.id, position: 1, number: '(11) 98765-4321', whatsapp: true },
    ])
  return user
}
