import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { completeSocialSignup } from '~/domain/auth/flows.server'
import { finishGoogleLogin, GOOGLE_FAILED, type GoogleClient, OIDC_COOKIE } from '~/domain/auth/google.server'
import { SOCIAL_SIGNUP_COOKIE } from '~/domain/auth/social-signup.server'
import { throughGoogle } from './accounts-helpers'
import { BASE, createUser, deps, ORIGIN } from './helpers'

// Issue 29: "Entrar com Google" keeps its rules in use-cases (app/domain/auth/google.server.ts):
// which account an identity reaches, when a session starts, which cookies come and go. The
// router reads the request and carries the outcome out.

/** The development stand-in provider, reached through the Worker as the router reaches it. */
const client: GoogleClient = {
  fetcher: (input, init) => SELF.fetch(input, init),
  issuer: () => `${BASE}/__dev/oidc`,
  clientId: env.GOOGLE_CLIENT_ID,
  clientSecret: () => env.GOOGLE_CLIENT_SECRET ?? '',
  redirectUri: `${BASE}/entrar/google/retorno`,
  baseDomain: env.BASE_DOMAIN,
}

/** The provider's answer for `email`: what the callback's request carries. */
async function callbackFor(email: string, options: { returnTo?: string } = {}) {
  const { stateCookie, callback } = await throughGoogle(email, options)
  const url = new URL(callback)
  return {
    stateCookie: stateCookie.slice(`${OIDC_COOKIE}=`.length),
    code: url.searchParams.get('code') ?? undefined,
    state: url.searchParams.get('state') ?? undefined,
  }
}

const unique = () => `google-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`

describe('the Google login decides in its use-case, the router holds no rule (issue 29)', () => {
  it('an identity of an existing account starts its session; the state cookie is spent', async () => {
    const email = unique()
    const account = await createUser({ email, emailConfirmedAt: Date.now() })
    const outcome = await finishGoogleLogin(deps(), client, {
      ...(await callbackFor(email, { returnTo: '/processos/7' })),
      viewerId: null,
    })
    expect(outcome.redirect).toBe('/processos/7')
    expect(outcome.effects).toEqual([
      { type: 'cookie.delete', name: OIDC_COOKIE },
      { type: 'session.start', userId: account.id },
    ])
    expect(outcome.failure).toBeUndefined()
  })

  it('a new identity waits in the signed signup cookie for the complete-signup form', async () => {
    const outcome = await finishGoogleLogin(deps(), client, {
      ...(await callbackFor(unique())),
      viewerId: null,
    })
    expect(outcome.redirect).toBe('/cadastrar/completar')
    expect(outcome.effects?.map((effect) => effect.type)).toEqual(['cookie.delete', 'cookie.set'])
    expect(outcome.effects?.[1]).toMatchObject({ type: 'cookie.set', name: SOCIAL_SIGNUP_COOKIE })
  })

  it('a state that does not match falls back to the login page, spends the cookie and says why in the log', async () => {
    const callback = await callbackFor(unique())
    const outcome = await finishGoogleLogin(deps(), client, { ...callback, state: 'outro', viewerId: null })
    expect(outcome).toEqual({
      redirect: GOOGLE_FAILED,
      failure: 'state',
      effects: [{ type: 'cookie.delete', name: OIDC_COOKIE }],
    })
  })

  it('the merge proof by Google names the problem for a visitor and for the same account', async () => {
    const email = unique()
    const account = await createUser({ email, emailConfirmedAt: Date.now() })
    const proof = async (viewerId: number | null) => {
      const begin = await SELF.fetch(`${BASE}/entrar/google?intencao=unir`, { redirect: 'manual' })
      const authorize = new URL(begin.headers.get('location') ?? '')
      const consent = await SELF.fetch(`${BASE}/__dev/oidc/authorize`, {
        method: 'POST',
        headers: { ...ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...Object.fromEntries(authorize.searchParams),
          email,
          name: 'Conta Google',
          email_verified: 'true',
        }),
        redirect: 'manual',
      })
      const callback = new URL(consent.headers.get('location') ?? '')
      return finishGoogleLogin(deps(), client, {
        stateCookie: /__Host-oidc=([^;]+)/.exec(begin.headers.get('set-cookie') ?? '')?.[1],
        code: callback.searchParams.get('code') ?? undefined,
        state: callback.searchParams.get('state') ?? undefined,
        viewerId,
      })
    }
    expect((await proof(null)).redirect).toBe('/login?auth.redirect=%2Fconta%2Funir')
    expect((await proof(account.id)).redirect).toBe('/conta/unir?erro=mesma-conta')
  })

  it('completing the signup spends the pending identity only once the account exists', async () => {
    await expect(
      completeSocialSignup(
        deps(),
        undefined,
        { nome: 'Ana', subdominio: 'x', termos: 'on' } as never,
        env.BASE_DOMAIN,
      ),
    ).rejects.toMatchObject({ key: 'auth.socialExpired', status: 422 })
  })
})
