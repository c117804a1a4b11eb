import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { auditLog, removalRequests } from '~/db/schema-trust'
import { readMailbox } from '~/domain/mail/mail.server'
import { db, grantRole, surname } from './claims-helpers'
import { BASE, createUser, eventually, get, ORIGIN, sessionCookie } from './helpers'
import { locs } from './sitemap-helpers'

// Shared by the removal request tests (issue 30, decisions/0066 and 0067).

/** A real (tiny) PDF: what the type check reads is its first bytes. */
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

let address = Math.floor(Math.random() * 200)
/** Each request from its own address: the daily cap per address is not what these tests are about. */
const nextAddress = () => `10.30.${Math.floor(++address / 250) % 250}.${address % 250}`

export type RequestFields = { [name: string]: string | string[] | Blob | null | undefined }

export function removalForm(fields: RequestFields = {}): FormData {
  const form = new FormData()
  const values: Record<string, string | string[] | Blob | null | undefined> = {
    nome: 'Maria Teste',
    email: `pedido${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.invalid`,
    relacao: 'titular',
    direitos: ['eliminacao', 'oposicao'],
    motivo: 'Meu nome aparece em um processo de família encerrado e isso me prejudica.',
    paginas: '',
    'cf-turnstile-response': 'XXXX.DUMMY.TOKEN.XXXX',
    documento: new Blob([PDF], { type: 'application/pdf' }),
    ...fields,
  }
  for (const [name, value] of Object.entries(values)) {
    if (value == null) continue
    if (value instanceof Blob) form.append(name, value, 'documento.pdf')
    else for (const item of Array.isArray(value) ? value : [value]) form.append(name, item)
  }
  return form
}

/** Posts the request form as the page's script does (multipart, JSON answer). */
export function fileRequest(fields: RequestFields = {}) {
  return SELF.fetch(`${BASE}/ajax/remocao`, {
    method: 'POST',
    headers: { ...ORIGIN, Accept: 'application/json', 'cf-connecting-ip': nextAddress() },
    body: removalForm(fields),
  })
}

/** Files a request and follows the e-mailed confirmation link; answers its id, e-mail and status path. */
export async function confirmedRequest(fields: RequestFields = {}) {
  const form = removalForm(fields)
  const email = String(form.get('email'))
  const response = await fileRequest({ ...fields, email })
  if (response.status !== 200) throw new Error(`request refused: ${await response.text()}`)
  const { redirect_url: status } = (await response.json()) as { redirect_url: string }
  const link = await confirmationLink(email)
  const confirmed = await get(link, { redirect: 'manual' })
  if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status}`)
  const row = await requestByEmail(email)
  return { id: row.id, email, status, row }
}

export async function confirmationLink(email: string): Promise<string> {
  // The e-mail is sent after the answer: poll for it.
  return eventually(async () => {
    const mails = await readMailbox(env.SESSIONS, email)
    return mails
      .map((mail) => mail.text.match(/https?:\/\/\S+\/remocao\/confirmar\?token=\S+/)?.[0])
      .find(Boolean)
  })
}

export async function requestByEmail(email: string) {
  const [row] = await db().select().from(removalRequests).where(eq(removalRequests.email, email))
  if (!row) throw new Error('no request')
  return row
}

export const trailOf = async (id: number) =>
  (await db().select().from(auditLog).where(eq(auditLog.subjectId, id))).filter(
    (row) => row.subjectKind === 'remocao',
  )

export const decide = (cookie: string, id: number, action: string, fields: Record<string, string> = {}) =>
  SELF.fetch(`${BASE}/ajax/revisao/remocoes/${id}/${action}`, {
    method: 'POST',
    headers: { ...ORIGIN, Accept: 'application/json', 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(fields),
  })

/** The requester's mails, once one says `text` (sent after the answer). */
export const mailSaying = (email: string, text: string) =>
  eventually(async () => (await readMailbox(env.SESSIONS, email)).find((mail) => mail.text.includes(text)))

/** A reviewer's session, a search's total and result addresses, a sitemap kind's addresses. */
export async function reviewer() {
  const user = await createUser({ name: `Revisora ${surname()}` })
  await grantRole(user.id)
  return sessionCookie(user.id)
}

export const searchTotal = async (q: string, qo: string) => {
  const body = (await (await get(`/api/v2/busca?q=${encodeURIComponent(`"${q}"`)}&qo=${qo}`)).json()) as {
    sections: { total: number; results: { href: string }[] }[]
  }
  return {
    total: body.sections[0]?.total ?? 0,
    hrefs: body.sections.flatMap((s) => s.results.map((r) => r.href)),
  }
}

export async function sitemapLocs(kind: string): Promise<string[]> {
  const index = await (await get('/sitemap.xml')).text()
  const shards = locs(index).filter((loc) => loc.includes(`/sitemaps/${kind}-`))
  const all: string[] = []
  for (const shard of shards) all.push(...locs(await (await get(new URL(shard).pathname)).text()))
  return all
}
