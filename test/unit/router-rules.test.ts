import { env } from 'cloudflare:test'
import { describe, expect, inject, it } from 'vitest'
import { contactProfessional } from '~/domain/profiles/messages.server'
import { phonesKey, revealPhones } from '~/domain/profiles/profile.server'
import { deps } from './helpers'
import { userWithPhones } from './profiles-helpers'

// Issue 29: a router validates (by its declaration), calls one use-case and answers its outcome.
// The rules these routers held (which account, sessions, cookies, the phones' key, the captcha
// and the daily quota) are the use-cases', tested here through them.

/** Per router, what only a use-case may do. */
const RULES: Record<string, RegExp> = {
  'workers/api/social-login.ts':
    /\b(setCookie|deleteCookie|startSession|findAccount|signInByVerifiedEmail|signToken|verifyToken|mergeTicketUrl)\b/,
  'workers/api/profiles.ts':
    /\b(findUserById|phonesKey|sameKey|requireHuman|verifyTurnstile|takeAddressQuota)\b/,
  'workers/api/claims.ts': /\b(validate|requireUser|perUserLimit)\b/,
  'workers/api/merge.ts': /\b(validate|requireUser|perUserLimit)\b/,
  'workers/api/review.ts': /\b(validate|requireRole|perUserLimit)\b/,
  'workers/api/selects.ts': /\b(select|from|likePattern|likeSql)\(/,
  'workers/api/reference.ts': /\b(searchTerm|cityFromGeo)\b/,
  'workers/api/govbr.ts':
    /\b(setCookie|deleteCookie|setFlash|signToken|verifyToken|saveVerification|acceptByIdentity|safeReturnUrl)\b/,
  'workers/api/session-bridge.ts':
    /\b(setCookie|deleteCookie|writeSessionCookie|clearSessionHint|sealBridge|openBridge|readSession|resolveSite)\b/,
}

describe('routers hold no rule (issue 29)', () => {
  it('each moved router leaves its rules, guards and queries to the declaration and the use-cases', () => {
    const sources = inject('sources')
    const offenders = Object.entries(RULES)
      .filter(([file, rule]) => rule.test(sources[file] ?? ''))
      .map(([file, rule]) => `${file}: ${(sources[file] ?? '').match(rule)?.[0]}`)
    expect(offenders).toEqual([])
  })

  it('the phones open only with the key of their own profile page', async () => {
    const user = await userWithPhones()
    const key = await phonesKey(env.AUTH_SECRET, user.id)
    expect(await revealPhones(deps(), env.AUTH_SECRET, user.id, key)).toEqual([
      { numero: '(11) 3456-7890', whatsapp: false },
      { numero: '(11) 98765-4321', whatsapp: true },
    ])
    const otherKey = await phonesKey(env.AUTH_SECRET, user.id + 1)
    await expect(revealPhones(deps(), env.AUTH_SECRET, user.id, otherKey)).rejects.toMatchObject({
      key: 'profile.phonesKey',
      status: 403,
    })
    await expect(revealPhones(deps(), env.AUTH_SECRET, 999_999_999, key)).rejects.toMatchObject({
      key: 'message.recipientNotFound',
      status: 404,
    })
  })

  it('a message that fails the captcha is refused under its field, before anything is looked up or stored', async () => {
    let asked = 0
    const human = {
      deps: {
        fetch: async () => {
          asked++
          return Response.json({ success: false, 'error-codes': ['invalid-input-response'] })
        },
      },
      config: { verifyUrl: 'https://verificador.invalid/siteverify', secret: 'segredo' },
      remoteIp: '198.51.100.250',
    }
    const input = {
      nome: 'Visitante',
      email: 'visitante@exemplo.invalid',
      telefone: '11987654321',
      conteudo: 'Pergunta.',
      'cf-turnstile-response': 'token-falso',
      usuario_id: 999_999_999,
    }
    await expect(
      contactProfessional(deps(), { address: '198.51.100.250', human }, input),
    ).rejects.toMatchObject({
      key: 'message.captchaRequired',
      status: 422,
      field: 'cf-turnstile-response',
    })
    expect(asked).toBe(1)
  })
})
