import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { apiKeys } from '~/db/schema-accounts'
import { webhooks } from '~/db/schema-monitoring'
import { sha256Hex } from '~/domain/api-keys/keys.server'
import { readMailbox } from '~/domain/mail/mail.server'
import { hashPassword } from '~/domain/users/password.server'
import {
  createWithPassword,
  ensureReference,
  loggedInAs,
  post,
  sessionFrom,
  signupForm,
  throughGoogle,
  unique,
  waitForMail,
} from './accounts-helpers'
import { BASE, createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { apiGet } from './open-api-helpers'

// Issue 38 items 2 and 3 (decisions/0092): whoever proves the address gets the account without
// the foothold its signup left, and a closed account keeps no credential.

const db = () => deps().db
const address = () => ({ 'CF-Connecting-IP': `10.38.${unique()}` })
const SQUATTER_URL = 'https://recebe.atacante.example/alertas'

/** What a signup made before this rule could hold: a webhook and an API key (legacy rows). */
async function footholdOf(userId: number) {
  await db().insert(webhooks).values({ userId, url: SQUATTER_URL, secret: 'segredo-do-atacante' })
  const key = `je_${crypto.randomUUID().replace(/-/g, '')}`
  await db()
    .insert(apiKeys)
    .values({ userId, name: 'Do atacante', prefix: key.slice(0, 10), secretHash: await sha256Hex(key) })
  return key
}

async function mailWith(to: string, subject: string) {
  return eventually(async () =>
    (await readMailbox(env.SESSIONS, to)).find((m) => m.subject.includes(subject)),
  )
}

const linkIn = (text: string, path: string) =>
  new RegExp(`https?://\\S+${path}[\\w.%-]+`).exec(text)?.[0] ?? ''

/** The attacker signs up with the victim's address and never confirms it. */
async function squat(email: string) {
  await ensureReference()
  const signup = await post('/cadastrar', signupForm({ email, senha: 'senhadoatacante' }), address())
  expect(signup.status).toBe(200)
  const [row] = await db().select().from(users).where(eq(users.email, email))
  if (!row) throw new Error('no account')
  return { cookie: sessionFrom(signup), id: row.id }
}

describe('the confirmation link proves the mailbox, not the password (issue 38 item 2)', () => {
  it('followed elsewhere, it hands the account over: sessions, password, webhook and keys of the signup go', async () => {
    const email = `dona${unique()}@exemplo.invalid`
    const squatter = await squat(email)
    const key = await footholdOf(squatter.id)
    const confirmation = await waitForMail(email)

    // The owner opens the link from the mailbox, in a browser without the squatter's session.
    const back = await SELF.fetch(linkIn(confirmation.text, '/confirmar-email\\?token='), {
      redirect: 'manual',
    })
    expect(back.status).toBe(303)
    const location = back.headers.get('location') ?? ''
    expect(location).toMatch(/^\/confirmar-email\?resultado=nova-senha&redefinir=/)

    expect(await loggedInAs(squatter.cookie)).toBe(false)
    expect((await post('/login', { email, senha: 'senhadoatacante' }, address())).status).toBe(401)
    expect(await db().select().from(webhooks).where(eq(webhooks.userId, squatter.id))).toEqual([])
    // Confirmed now, the account's key would answer: it was revoked with the handover.
    expect((await apiGet('/api/v2/busca/p?q=teste', key)).status).toBe(401)
    const [row] = await db().select().from(users).where(eq(users.id, squatter.id))
    expect(row?.emailConfirmedAt).toBeGreaterThan(0)
    expect(row?.passwordHash).toBeNull()

    // The owner is told what went, and led to choose a password.
    const told = await mailWith(email, 'o que removemos')
    expect(told.text).toContain('removemos o webhook de monitoramentos')
    expect(told.text).toContain('revogamos as chaves de API (1)')
    const page = await (await get(location)).text()
    expect(page).toContain('apagamos a senha escolhida no cadastro')
    const resetUrl = /href="(\/senha\/redefinir\?token=[^"]+)"/.exec(page)?.[1] ?? ''
    const token = new URL(resetUrl.replace(/&amp;/g, '&'), BASE).searchParams.get('token') ?? ''
    const chosen = await post(
      '/senha/redefinir',
      { token, nova_senha: 'senhadadona', nova_senha_confirmation: 'senhadadona' },
      address(),
    )
    expect(chosen.status).toBe(200)
    expect(await loggedInAs(sessionFrom(chosen))).toBe(true)
    expect((await post('/login', { email, senha: 'senhadadona' }, address())).status).toBe(200)
  })

  it('followed in the browser that signed up, it confirms and keeps the password; every other session ends', async () => {
    const email = `propria${unique()}@exemplo.invalid`
    const own = await squat(email)
    const elsewhere = sessionFrom(await post('/login', { email, senha: 'senhadoatacante' }, address()))
    const confirmation = await waitForMail(email)
    const back = await SELF.fetch(linkIn(confirmation.text, '/confirmar-email\\?token='), {
      headers: { Cookie: own.cookie },
      redirect: 'manual',
    })
    expect(back.headers.get('location')).toBe('/confirmar-email?resultado=ok')
    expect(await loggedInAs(sessionFrom(back))).toBe(true)
    expect(await loggedInAs(elsewhere)).toBe(false)
    expect((await post('/login', { email, senha: 'senhadoatacante' }, address())).status).toBe(200)
    expect(await (await get('/confirmar-email?resultado=ok')).text()).toContain('E-mail confirmado')
  })

  it('a password reset of an unconfirmed account is a handover too', async () => {
    const squatter = await createWithPassword('senhadoatacante')
    await db()
      .update(users)
      .set({ googleSub: `sub-${unique()}` })
      .where(eq(users.id, squatter.id))
    const key = await footholdOf(squatter.id)
    const cookie = await sessionCookie(squatter.id)
    expect((await post('/senha/esqueci', { email: squatter.email }, address())).status).toBe(200)
    const resetMail = await mailWith(squatter.email, 'Redefinição de senha')
    const token = new URL(linkIn(resetMail.text, '/senha/redefinir\\?token=')).searchParams.get('token') ?? ''
    const done = await post(
      '/senha/redefinir',
      { token, nova_senha: 'senhadadona', nova_senha_confirmation: 'senhadadona' },
      address(),
    )
    expect(done.status).toBe(200)
    expect(await loggedInAs(cookie)).toBe(false)
    const [row] = await db().select().from(users).where(eq(users.id, squatter.id))
    expect(row?.emailConfirmedAt).toBeGreaterThan(0)
    expect(row?.googleSub).toBeNull()
    expect(await db().select().from(webhooks).where(eq(webhooks.userId, squatter.id))).toEqual([])
    expect((await apiGet('/api/v2/busca/p?q=teste', key)).status).toBe(401)
    expect((await mailWith(squatter.email, 'o que removemos')).text).toContain(
      'a senha escolhida no cadastro deu lugar à sua',
    )
  })

  it('"Entrar com o Google" with the verified address drops the webhook the signup saved', async () => {
    const squatter = await createWithPassword('senhadoatacante')
    await footholdOf(squatter.id)
    const { callback, stateCookie } = await throughGoogle(squatter.email, { verified: true })
    const back = await SELF.fetch(callback, { headers: { Cookie: stateCookie }, redirect: 'manual' })
    expect(back.status).toBe(303)
    expect(await db().select().from(webhooks).where(eq(webhooks.userId, squatter.id))).toEqual([])
    expect((await mailWith(squatter.email, 'o que removemos')).text).toContain('removemos o webhook')
  })
})

describe('a closed account keeps no credential (issue 38 item 3)', () => {
  const person = async (password: string) =>
    createUser({ passwordHash: await hashPassword(password, 1000), emailConfirmedAt: Date.now() })

  it('the key of an account closed by a merge stops answering, revoked', async () => {
    const keep = await person('senha-fica')
    const leave = await person('senha-sai')
    const made = await postJson(
      '/ajax/conta/api/chaves',
      { nome: 'Planilha' },
      { Cookie: await sessionCookie(leave.id) },
    )
    const { chave } = (await made.json()) as { chave: string }
    expect((await apiGet('/api/v2/busca/p?q=teste', chave)).status).toBe(200)

    const cookie = await sessionCookie(keep.id)
    const proved = await postJson(
      '/ajax/conta/unir/verificar',
      { email: leave.email, senha: 'senha-sai' },
      { Cookie: cookie },
    )
    const { redirect_url } = (await proved.json()) as { redirect_url: string }
    const ticket = new URL(redirect_url, BASE).searchParams.get('ticket') ?? ''
    const merged = await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })
    expect(merged.status).toBe(200)

    expect((await apiGet('/api/v2/busca/p?q=teste', chave)).status).toBe(401)
    const [key] = await db().select().from(apiKeys).where(eq(apiKeys.userId, leave.id))
    expect(key?.revokedAt).toBeGreaterThan(0)
  })

  it('whatever closes an account revokes its keys and its password, and the key check refuses it anyway', async () => {
    const survivor = await person('senha-a')
    const closed = await person('senha-b')
    const made = await postJson(
      '/ajax/conta/api/chaves',
      { nome: 'Script' },
      { Cookie: await sessionCookie(closed.id) },
    )
    const { chave, id } = (await made.json()) as { chave: string; id: number }
    await db().update(users).set({ mergedIntoId: survivor.id }).where(eq(users.id, closed.id))
    const [row] = await db().select().from(users).where(eq(users.id, closed.id))
    expect(row?.passwordHash).toBeNull()
    expect(row?.passwordChangedAt).toBeGreaterThan(0)
    expect((await apiGet('/api/v2/busca/p?q=teste', chave)).status).toBe(401)
    // Even a key someone un-revoked by hand: the check itself refuses a closed account's key.
    await db().update(apiKeys).set({ revokedAt: null }).where(eq(apiKeys.id, id))
    expect((await apiGet('/api/v2/busca/p?q=teste', chave)).status).toBe(401)
  })
})
