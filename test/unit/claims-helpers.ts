import { env, SELF } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { personClaims } from '~/db/schema-claims'
import { people } from '~/db/schema-corpus'
import { auditLog, userRoles } from '~/db/schema-trust'
import { buildCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { BASE, deps, ORIGIN, postJson } from './helpers'

// Shared by the "Este sou eu" tests (person-claims, claims-proof, claims-squatting, claims-review).

export const db = () => deps().db
let sequence = 9100 + Math.floor(Math.random() * 1_000_000)
const newCnj = () => buildCnj(++sequence, 2025, 8, 26, 100)

/** A surname no other test uses, letters only (names are words). */
export const surname = () =>
  `Tst${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => String.fromCharCode(97 + (b % 26))).join('')}`

/** A valid CPF (check digits right), nowhere else in the tests' corpus. */
export function randomCpf(): string {
  const d = Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => b % 10)
  const check = (digits: number[]) => {
    const sum = digits.reduce((acc, n, i) => acc + n * (digits.length + 1 - i), 0)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  d.push(check(d))
  d.push(check(d))
  return d.join('')
}
export const formatCpf = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`

export async function personBySlug(name: string) {
  const [person] = await db()
    .select()
    .from(people)
    .where(eq(people.slug, slugify(name)))
  if (!person) throw new Error('no person')
  return person
}

/** A person who is a party, on a lawsuit where a lawyer of that name has this OAB. */
export async function lawyerPerson(name: string, options: { secrecyLevel?: number; oab?: string } = {}) {
  const cnj = newCnj()
  await upsertLawsuits(db(), [
    {
      cnj,
      court: 'TJSP',
      secrecyLevel: options.secrecyLevel ?? 0,
      source: 'teste',
      subjects: [],
      movements: [],
      parties: [
        { pole: 'ativo', name, lawyers: [{ name, oabNumber: options.oab ?? '123456', oabUf: 'SP' }] },
      ],
    },
  ])
  return { person: await personBySlug(name), cnj }
}

export function materia(externalId: string, body: string, names: string[], lawsuitCnj: string | null = null) {
  const record: GazetteArticleRecord = {
    gazette: {
      slug: 'dje-tjsp',
      name: 'Diário da Justiça Eletrônico do TJSP',
      sphere: 'judiciario',
      uf: 'SP',
    },
    edition: { date: '2026-11-20', number: '4100', extra: false },
    section: 'Caderno 3 - Judicial',
    externalId,
    kind: 'Edital',
    organ: '2ª Vara Cível de Campinas',
    title: `Edital ${externalId}`,
    body,
    page: 3,
    lawsuitCnj,
    mentions: { people: names, companies: [] },
  }
  return upsertGazetteArticles(db(), [record])
}

export const claim = (cookie: string, personId: number, fields: Record<string, string>) =>
  postJson(`/ajax/pessoas/${personId}/reivindicar`, fields, { Cookie: cookie })
export const byOab = { tipo: 'oab', oab_numero: '123456', oab_uf: 'SP' }
export const byGovbr = { tipo: 'govbr' }
export const undo = (cookie: string, personId: number) =>
  postJson(`/ajax/pessoas/${personId}/desfazer-reivindicacao`, {}, { Cookie: cookie })
export const claimRow = async (personId: number, userId?: number) =>
  (await db().select().from(personClaims).where(eq(personClaims.personId, personId))).find(
    (row) => userId === undefined || row.userId === userId,
  )

export async function grantRole(userId: number) {
  await db().insert(userRoles).values({ userId, role: 'revisor' })
}

/**
 * "Verificar identidade com gov.br" through the stand-in provider, as a browser would: our
 * redirect, the provider's page (choosing this CPF and name), and the callback. Answers the
 * callback's response (a 303 back to `ret`).
 */
export async function verifyWithGovbr(cookie: string, cpf: string, name: string, ret = '/conta') {
  const start = await SELF.fetch(
    `${BASE}/verificar-identidade/govbr?auth.redirect=${encodeURIComponent(ret)}`,
    {
      headers: { Cookie: cookie },
      redirect: 'manual',
    },
  )
  if (start.status !== 302) throw new Error(`gov.br start answered ${start.status}`)
  const authorize = new URL(start.headers.get('location') ?? '')
  const stateCookie = /__Host-govbr=[^;]+/.exec(start.headers.get('set-cookie') ?? '')?.[0] ?? ''
  const consent = await SELF.fetch(`${BASE}/__dev/govbr/authorize`, {
    method: 'POST',
    headers: { ...ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), cpf, name }),
    redirect: 'manual',
  })
  const callback = consent.headers.get('location') ?? ''
  return SELF.fetch(callback, { headers: { Cookie: `${cookie}; ${stateCookie}` }, redirect: 'manual' })
}

/** Raw SQL on the test database (the audit trail's triggers are checked this way). */
export const rawDb = () => env.DB

/** A person page whose public matéria prints this CPF (whole, or masked) next to the name. */
export async function personWithCpf(name: string, cpf: string, masked = false) {
  const printed = masked ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : formatCpf(cpf)
  await materia(`trust-${name}`, `EDITAL. Fica intimado ${name.toUpperCase()}, CPF ${printed}, a pagar.`, [
    name,
  ])
  return personBySlug(name)
}

export const auditOf = (claimId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectKind, 'reivindicacao'), eq(auditLog.subjectId, claimId)))

export const rename = (cookie: string, email: string, nome: string) =>
  postJson('/ajax/conta/perfil', { email, nome, data_nascimento: '' }, { Cookie: cookie })
