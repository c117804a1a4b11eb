import { env, SELF } from 'cloudflare:test'
import { eq, inArray, or, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountMerges, users } from '~/db/schema'
import { requestPasswordReset } from '~/domain/auth/flows.server'
import { mergeTicketUrl } from '~/domain/auth/merge-ticket.server'
import { readSession, SESSION_COOKIE } from '~/domain/auth/session.server'
import { signToken } from '~/domain/auth/tokens.server'
import { hashPassword } from '~/domain/users/password.server'
import {
  ensureReference,
  loggedInAs,
  post,
  sessionFrom,
  signupForm,
  throughGoogle,
  unique,
  waitForMail,
} from './accounts-helpers'
import { BASE, createUser, deps, postJson, sessionCookie } from './helpers'
import { DUMMY } from './profiles-helpers'

/** Issue 27, items 1 and 2: a merge can neither take another's identity nor destroy one's own. */

const db = () => deps().db
const address = () => ({ 'CF-Connecting-IP': `10.27.${unique()}` })

async function confirmedWithPassword(password: string, name = 'Pessoa Confirmada') {
  return createUser({ name, passwordHash: await hashPassword(password, 1000), emailConfirmedAt: Date.now() })
}

async function prove(cookie: string, email: string, senha: string) {
  const response = await postJson(
    '/ajax/conta/unir/verificar',
    { email, senha },
    { Cookie: cookie, ...address() },
  )
  return {
    status: response.status,
    body: (await response.json()) as { redirect_url?: string; errors?: string[] },
  }
}

const ticketOf = (url: string) => new URL(url, BASE).searchParams.get('ticket') ?? ''

/** Whose session a cookie holds (null: none, or no longer valid for any page). */
async function sessionUser(cookie: string): Promise<number | null> {
  const id = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1]
  if (!id || !(await loggedInAs(cookie))) return null
  return (await readSession(deps(), id))?.userId ?? null
}

async function googleCallback(email: string) {
  const { callback, stateCookie } = await throughGoogle(email, { verified: true, returnTo: '/conta/perfil' })
  return SELF.fetch(callback, { headers: { Cookie: stateCookie }, redirect: 'manual' })
}

describe('pre-hijacking through a merge (issue 27, item 1)', () => {
  it('an account whose e-mail is not confirmed proves nothing and is never merged, either side, at proof or merge', async () => {
    await ensureReference()
    const victim = `vitima${unique()}@exemplo.invalid`
    // The attacker registers the victim's address and never confirms it.
    const signup = await post(
      '/cadastrar',
      signupForm({ email: victim, senha: 'senhadoatacante' }),
      address(),
    )
    expect(signup.status).toBe(200)
    const squatter = sessionFrom(signup)
    const [squat] = await db().select().from(users).where(eq(users.email, victim))
    if (!squat) throw new Error('no squatter account')
    const attacker = await confirmedWithPassword('senha-atacante', 'Conta Do Atacante')
    const attackerCookie = await sessionCookie(attacker.id)

    const fromOwn = await prove(attackerCookie, victim, 'senhadoatacante')
    expect(fromOwn.status).toBe(422)
    expect(fromOwn.body.errors).toEqual([
      'O e-mail da outra conta não foi confirmado, e uma conta sem e-mail confirmado não pode ser unida. Entre nela e confirme o e-mail pelo link que enviamos.',
    ])
    const fromSquat = await prove(squatter, attacker.email, 'senha-atacante')
    expect(fromSquat.status).toBe(422)
    expect(fromSquat.body.errors).toEqual([
      'Confirme o e-mail desta conta antes de unir contas: use o link que enviamos a ele.',
    ])
    // A genuine ticket for the pair (as the Google proof would make) is refused inside the merge.
    for (const sobrevivente of ['esta', 'outra']) {
      const ticket = ticketOf(await mergeTicketUrl(deps(), attacker.id, squat.id))
      const merged = await postJson('/ajax/conta/unir', { ticket, sobrevivente }, { Cookie: attackerCookie })
      expect(merged.status).toBe(422)
    }
    const rows = await db()
      .select()
      .from(users)
      .where(inArray(users.id, [attacker.id, squat.id]))
    expect(rows.map((r) => r.mergedIntoId)).toEqual([null, null])

    // The victim's Google login lands in the account of their address, never the attacker's.
    const back = await googleCallback(victim)
    expect(await sessionUser(sessionFrom(back))).toBe(squat.id)
  })

  it('the Google proof refuses an account whose e-mail is not confirmed, and an unconfirmed session', async () => {
    const proveWithGoogle = async (cookie: string, email: string) => {
      const start = await SELF.fetch(`${BASE}/entrar/google?intencao=unir`, {
        headers: { Cookie: cookie },
        redirect: 'manual',
      })
      const authorize = new URL(start.headers.get('location') ?? '')
      const state = /__Host-oidc=[^;]+/.exec(start.headers.get('set-cookie') ?? '')?.[0] ?? ''
      const consent = await SELF.fetch(`${BASE}/__dev/oidc/authorize`, {
        method: 'POST',
        headers: { Origin: BASE, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...Object.fromEntries(authorize.searchParams),
          email,
          name: 'Prova',
          email_verified: 'true',
        }),
        redirect: 'manual',
      })
      const back = await SELF.fetch(consent.headers.get('location') ?? '', {
        headers: { Cookie: `${cookie}; ${state}` },
        redirect: 'manual',
      })
      return back.headers.get('location')
    }
    const mine = await confirmedWithPassword('senha-minha')
    const unconfirmed = await createUser({ emailConfirmedAt: null })
    expect(await proveWithGoogle(await sessionCookie(mine.id), unconfirmed.email)).toBe(
      '/conta/unir?erro=nao-confirmada',
    )
    expect(await proveWithGoogle(await sessionCookie(unconfirmed.id), mine.email)).toBe(
      '/conta/unir?erro=confirme-esta',
    )
    const page = await SELF.fetch(`${BASE}/conta/unir?erro=nao-confirmada`, {
      headers: { Cookie: await sessionCookie(mine.id) },
    })
    expect(await page.text()).toContain('O e-mail da outra conta não foi confirmado')
  })

  it('a closed account merged while unconfirmed (before the fix) leads nowhere, and the migration frees its address', async () => {
    await ensureReference()
    const victim = `vitima${unique()}@exemplo.invalid`
    const survivor = await confirmedWithPassword('senha-do-atacante', 'Sobrevivente Do Atacante')
    const closed = await createUser({ email: victim, googleSub: `sub-${unique()}`, emailConfirmedAt: null })
    await db().update(users).set({ mergedIntoId: survivor.id }).where(eq(users.id, closed.id))

    // Login, password reset and Google login with the victim's address reach no account.
    const login = await post('/login', { email: victim, senha: 'senha-do-atacante' }, address())
    expect(login.status).toBe(401)
    const reset = await requestPasswordReset(deps(), { email: victim }, `10.27.${unique()}`)
    expect(reset.effects ?? []).toEqual([])
    const back = await googleCallback(victim)
    expect(back.headers.get('location')).toBe('/cadastrar/completar')

    // The migration's release (decisions/0046) frees the address for its owner.
    const migration = (env.TEST_MIGRATIONS as { name: string; queries: string[] }[]).find((m) =>
      m.name.startsWith('0021_'),
    )
    for (const query of migration?.queries ?? [])
      if (/^\s*(--[^\n]*\n\s*)*UPDATE users/.test(query)) await env.DB.prepare(query).run()
    const check = await post(
      '/cadastrar/verificar-email-existe',
      { email: victim, 'cf-turnstile-response': DUMMY },
      address(),
    )
    expect(await check.json()).toMatchObject({ status: 'success', disponivel: true })
    const signup = await post('/cadastrar', signupForm({ email: victim }), address())
    expect(signup.status).toBe(200)
    const [kept] = await db().select().from(users).where(eq(users.id, closed.id))
    expect(kept?.mergedIntoId).toBe(survivor.id)
    expect(kept?.googleSub).toBeNull()
  })

  it('tells both addresses in Portuguese when a merge happens', async () => {
    const survivor = await confirmedWithPassword('senha-fica', 'Aviso Fica')
    const closed = await confirmedWithPassword('senha-sai', 'Aviso Sai')
    const cookie = await sessionCookie(survivor.id)
    const proved = await prove(cookie, closed.email, 'senha-sai')
    expect(proved.status).toBe(200)
    const merged = await postJson(
      '/ajax/conta/unir',
      { ticket: ticketOf(proved.body.redirect_url ?? ''), sobrevivente: 'esta' },
      { Cookie: cookie },
    )
    expect(merged.status).toBe(200)
    for (const to of [survivor.email, closed.email]) {
      const mail = await waitForMail(to)
      expect(mail.subject).toBe('Contas unidas no JurisEdge')
      expect(mail.text).toContain(`A conta ${closed.subdomain} foi unida à conta ${survivor.subdomain}`)
      expect(mail.text).toContain('Se não foi você, redefina sua senha agora')
    }
  })

  it('a closed account has no session (not even one made after the merge), no confirmation link, and is not followable', async () => {
    const survivor = await confirmedWithPassword('senha-fica')
    const closed = await confirmedWithPassword('senha-sai')
    const cookie = await sessionCookie(survivor.id)
    const proved = await prove(cookie, closed.email, 'senha-sai')
    const ticket = ticketOf(proved.body.redirect_url ?? '')
    expect(
      (await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })).status,
    ).toBe(200)
    expect(await sessionUser(await sessionCookie(closed.id))).toBeNull()
    // A confirmation link of the closed account (an e-mail change it had asked) is void.
    const pending = `pendente${unique()}@exemplo.invalid`
    await db().update(users).set({ pendingEmail: pending }).where(eq(users.id, closed.id))
    const token = await signToken(deps().authSecret(), 'confirmar-email', { uid: closed.id, email: pending })
    const confirm = await SELF.fetch(`${BASE}/confirmar-email?token=${encodeURIComponent(token)}`, {
      redirect: 'manual',
    })
    expect(confirm.headers.get('location')).toBe('/confirmar-email?resultado=invalido')
    expect((await db().select().from(users).where(eq(users.id, closed.id)))[0]?.email).toBe(closed.email)
    const follow = await postJson('/ajax/seguir', { tipo: 'usuario', id: closed.id }, { Cookie: cookie })
    expect(follow.status).toBe(404)
  })
})

describe('the merge race (issue 27, item 2)', () => {
  it('20 concurrent merges of one pair, same ticket and fresh ones, both survivors: one winner, two working logins', async () => {
    const a = await confirmedWithPassword('senha-de-a', 'Corrida A')
    const b = await confirmedWithPassword('senha-de-b', 'Corrida B')
    const cookieA = await sessionCookie(a.id)
    const cookieB = await sessionCookie(b.id)
    const shared = ticketOf(await mergeTicketUrl(deps(), a.id, b.id))
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const sobrevivente = i % 4 < 2 ? 'esta' : 'outra'
        // Even: the same ticket from A's session; odd: a fresh ticket from B's.
        const [ticket, cookie] =
          i % 2 === 0 ? [shared, cookieA] : [ticketOf(await mergeTicketUrl(deps(), b.id, a.id)), cookieB]
        const response = await postJson('/ajax/conta/unir', { ticket, sobrevivente }, { Cookie: cookie })
        return {
          status: response.status,
          body: (await response.json()) as { errors?: string[]; message?: string },
        }
      }),
    )
    const won = attempts.filter((r) => r.status === 200)
    expect(won).toHaveLength(1)
    const portuguese = [
      'Uma destas contas já foi unida a outra. Nada mais foi alterado.',
      'Esta confirmação já foi usada. Para unir outra conta, comece de novo.',
      'Você precisa entrar para continuar.',
    ]
    for (const lost of attempts.filter((r) => r.status !== 200)) {
      expect(lost.status).toBeGreaterThanOrEqual(400)
      expect(lost.status).toBeLessThan(500)
      expect(portuguese).toContain(lost.body.errors?.[0] ?? lost.body.message)
    }

    const rows = await db()
      .select()
      .from(users)
      .where(inArray(users.id, [a.id, b.id]))
    expect(rows.filter((r) => r.mergedIntoId === r.id)).toEqual([])
    const closedRow = rows.find((r) => r.mergedIntoId !== null)
    const survivorRow = rows.find((r) => r.mergedIntoId === null)
    expect(closedRow?.mergedIntoId).toBe(survivorRow?.id)
    const log = await db()
      .select()
      .from(accountMerges)
      .where(
        or(inArray(accountMerges.closedId, [a.id, b.id]), inArray(accountMerges.survivorId, [a.id, b.id])),
      )
    expect(log).toHaveLength(1)

    // Both addresses log in to the survivor with the survivor's password.
    const survivorPassword = survivorRow?.id === a.id ? 'senha-de-a' : 'senha-de-b'
    for (const email of [a.email, b.email]) {
      const login = await post('/login', { email, senha: survivorPassword }, address())
      expect(login.status).toBe(200)
      expect(await sessionUser(sessionFrom(login))).toBe(survivorRow?.id)
    }
  })

  it('a ticket is used once: its second use is a Portuguese 409', async () => {
    const a = await confirmedWithPassword('senha-de-a')
    const b = await confirmedWithPassword('senha-de-b')
    const cookie = await sessionCookie(a.id)
    const ticket = ticketOf(await mergeTicketUrl(deps(), a.id, b.id))
    expect(
      (await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })).status,
    ).toBe(200)
    const again = await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      errors: ['Uma destas contas já foi unida a outra. Nada mais foi alterado.'],
    })
  })

  it('the schema refuses a self-merge and a merge into a closed account', async () => {
    const a = await createUser()
    const b = await createUser()
    const c = await createUser()
    await expect(db().update(users).set({ mergedIntoId: a.id }).where(eq(users.id, a.id))).rejects.toThrow()
    await db().update(users).set({ mergedIntoId: b.id }).where(eq(users.id, a.id))
    await expect(db().update(users).set({ mergedIntoId: a.id }).where(eq(users.id, c.id))).rejects.toThrow()
    await expect(
      db().insert(accountMerges).values({ survivorId: c.id, closedId: c.id, summary: {} }),
    ).rejects.toThrow()
    const selfPointing = await db().get<{ n: number }>(
      sql`SELECT count(*) AS n FROM users WHERE merged_into_id = id`,
    )
    expect(selfPointing?.n).toBe(0)
  })
})
