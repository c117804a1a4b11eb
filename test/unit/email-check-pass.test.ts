import { describe, expect, it } from 'vitest'
import { signToken } from '~/domain/auth/tokens.server'
import { unique } from './accounts-helpers'
import { createUser, deps, postJson } from './helpers'
import { DUMMY } from './profiles-helpers'

// Issue 38 item 8: "is this e-mail registered?" needs a captcha pass (decisions/0092).

const PATH = '/cadastrar/verificar-email-existe'
const REFUSED = 'Para verificarmos se o e-mail já está em uso, confirme que você não é um robô.'

/** A check from its own address (the per-address counter stays out of the way) with a pass cookie. */
function check(email: string, options: { token?: string; pass?: string } = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': `10.92.${unique()}` }
  if (options.pass) headers.Cookie = `__Host-passe-email=${options.pass}`
  return postJson(
    PATH,
    { email, ...(options.token === undefined ? {} : { 'cf-turnstile-response': options.token }) },
    headers,
  )
}

function passOf(response: Response): string {
  const match = /__Host-passe-email=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')
  if (!match?.[1]) throw new Error('no pass cookie')
  return match[1]
}

/** Refused without a word about the address: the same answer for a taken and a free one. */
async function expectRefused(response: Response) {
  expect(response.status).toBe(403)
  const body = (await response.json()) as Record<string, unknown>
  expect(body).not.toHaveProperty('disponivel')
  expect(String(body.message)).toContain(REFUSED)
  expect(response.headers.get('set-cookie') ?? '').not.toContain('__Host-passe-email')
  return body
}

const freeAddress = () => `livre${unique()}@exemplo.invalid`

describe('the e-mail check behind a captcha pass', () => {
  it('without a pass or a token answers 403 and nothing about the address', async () => {
    const taken = await createUser()
    const forTaken = await expectRefused(await check(taken.email))
    const forFree = await expectRefused(await check(freeAddress()))
    expect(forTaken).toEqual(forFree)
  })

  it('a token the Turnstile stand-in refuses buys no pass', async () => {
    const taken = await createUser()
    await expectRefused(await check(taken.email, { token: 'token-forjado' }))
    await expectRefused(await check(taken.email, { token: '' }))
  })

  it('a verified token answers and sets a short HttpOnly pass good for 5 checks in all', async () => {
    const taken = await createUser()
    const first = await check(taken.email, { token: DUMMY })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ status: 'success', disponivel: false })
    const cookie = first.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Max-Age=600/)
    const pass = passOf(first)

    // Four more checks on the pass alone (no token), whichever address.
    const free = await check(freeAddress(), { pass })
    expect(await free.json()).toMatchObject({ disponivel: true })
    for (let i = 0; i < 3; i++) expect((await check(taken.email, { pass })).status).toBe(200)
    // The sixth: the pass has run out; replaying the same cookie buys nothing.
    await expectRefused(await check(taken.email, { pass }))
    await expectRefused(await check(taken.email, { pass }))
    // A fresh token buys a fresh pass.
    const again = await check(taken.email, { pass, token: DUMMY })
    expect(await again.json()).toMatchObject({ disponivel: false })
    expect(passOf(again)).not.toBe(pass)
  })

  it('refuses a forged or expired pass', async () => {
    const taken = await createUser()
    const real = passOf(await check(taken.email, { token: DUMMY }))
    const [header, payload] = real.split('.')
    await expectRefused(await check(taken.email, { pass: `${header}.${payload}.assinatura-falsa` }))
    await expectRefused(await check(taken.email, { pass: 'qualquer-coisa' }))
    const otherKey = await signToken(
      new TextEncoder().encode('outra-chave-de-32-caracteres-xxxx'),
      'passe-email',
      {
        jti: crypto.randomUUID(),
      },
    )
    await expectRefused(await check(taken.email, { pass: otherKey }))

    // Signed with the real key, its counter still full, but issued 11 minutes ago.
    const id = crypto.randomUUID()
    await deps().sessions.put(`passe-email:${id}`, '5', { expirationTtl: 600 })
    const old = await signToken(
      deps().authSecret(),
      'passe-email',
      { jti: id },
      new Date(Date.now() - 11 * 60_000),
    )
    await expectRefused(await check(taken.email, { pass: old }))
    // A token of another purpose is no pass either.
    const other = await signToken(deps().authSecret(), 'confirmar-email', { jti: id })
    await expectRefused(await check(taken.email, { pass: other }))
  })
})
