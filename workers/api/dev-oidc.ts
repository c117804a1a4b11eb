import { Hono } from 'hono'
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose'
import { pkceChallenge, randomToken } from '~/domain/auth/oidc.server'
import { mainOrigin } from '~/domain/site/host'
import { z } from '~/schemas/zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'

/**
 * A stand-in OpenID Connect provider for development and tests (never mounted in production).
 * It speaks the same protocol as Google: discovery, an authorization page, a code-for-token
 * exchange checked with client secret and PKCE, and RS256 ID tokens verified through its JWKS.
 * The authorization page asks which identity to return, as a test account picker would.
 */
const KEY = 'dev-oidc:key'
const CODE_PREFIX = 'dev-oidc:code:'

type StoredKey = { privateJwk: JWK; publicJwk: JWK }
type StoredCode = {
  clientId: string
  redirectUri: string
  nonce: string
  challenge: string
  email: string
  name: string
  emailVerified: boolean
}

export async function signingKey(kv: KVNamespace): Promise<StoredKey> {
  const existing = await kv.get<StoredKey>(KEY, 'json')
  if (existing) return existing
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = randomToken(8)
  const stored: StoredKey = {
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  }
  await kv.put(KEY, JSON.stringify(stored))
  return stored
}

const issuerOf = (env: Env) => `${mainOrigin(env.BASE_DOMAIN)}/__dev/oidc`

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** A stable subject per e-mail, as a real provider keeps one per account. */
async function subjectFor(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.toLowerCase()))
  return [...new Uint8Array(digest)]
    .slice(0, 10)
    .reduce((acc, b) => acc + b.toString(10).padStart(3, '0'), '')
}

export const authorizeQuery = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.string().url(),
  state: z.string().min(1),
  nonce: z.string().min(1),
  code_challenge: z.string().min(1),
  code_challenge_method: z.literal('S256'),
  response_type: z.literal('code'),
})

export const devOidcApi = new Hono<AppEnv>()
  .get('/__dev/oidc/.well-known/openid-configuration', (c) => {
    const issuer = issuerOf(c.env)
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    })
  })
  .get('/__dev/oidc/jwks', async (c) => c.json({ keys: [(await signingKey(c.env.SESSIONS)).publicJwk] }))
  .get('/__dev/oidc/authorize', (c) => {
    const query = authorizeQuery.safeParse(c.req.query())
    if (!query.success) return c.text('invalid_request', 400)
    const hidden = Object.entries(query.data)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('')
    return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Provedor de identidade de teste</title></head>
<body><main><h1>Provedor de identidade de teste</h1>
<p>Substitui o Google em desenvolvimento e nos testes. Escolha a conta que será devolvida.</p>
<form method="post" action="/__dev/oidc/authorize">${hidden}
<p><label for="email">E-mail da conta</label><br><input id="email" name="email" type="email" required></p>
<p><label for="name">Nome</label><br><input id="name" name="name"></p>
<p><label><input type="checkbox" name="email_verified" value="true" checked> E-mail verificado</label></p>
<p><button type="submit">Continuar</button></p>
</form></main></body></html>`)
  })
  .post('/__dev/oidc/authorize', async (c) => {
    const input = await readInput(
      c,
      authorizeQuery.extend({
        email: z.string().email(),
        name: z.string().max(200).optional().default(''),
        email_verified: z.string().optional(),
      }),
    )
    const code = randomToken()
    const stored: StoredCode = {
      clientId: input.client_id,
      redirectUri: input.redirect_uri,
      nonce: input.nonce,
      challenge: input.code_challenge,
      email: input.email,
      name: input.name,
      emailVerified: input.email_verified === 'true',
    }
    await c.env.SESSIONS.put(`${CODE_PREFIX}${code}`, JSON.stringify(stored), { expirationTtl: 60 })
    const back = new URL(input.redirect_uri)
    back.searchParams.set('code', code)
    back.searchParams.set('state', input.state)
    return c.redirect(back.toString(), 302)
  })
  // Back channel: authenticated by the client secret and PKCE, not by cookies (no Origin check).
  .post('/__dev/oidc/token', async (c) => {
    const form = await c.req.parseBody()
    const code = String(form.code ?? '')
    const stored = await c.env.SESSIONS.get<StoredCode>(`${CODE_PREFIX}${code}`, 'json')
    if (stored) await c.env.SESSIONS.delete(`${CODE_PREFIX}${code}`)
    const valid =
      stored &&
      form.grant_type === 'authorization_code' &&
      form.client_id === stored.clientId &&
      form.client_id === c.env.GOOGLE_CLIENT_ID &&
      form.client_secret === c.env.GOOGLE_CLIENT_SECRET &&
      form.redirect_uri === stored.redirectUri &&
      (await pkceChallenge(String(form.code_verifier ?? ''))) === stored.challenge
    if (!valid || !stored) return c.json({ error: 'invalid_grant' }, 400)
    const { privateJwk } = await signingKey(c.env.SESSIONS)
    const key = await importJWK(privateJwk, 'RS256')
    const idToken = await new SignJWT({
      email: stored.email,
      email_verified: stored.emailVerified,
      name: stored.name,
      nonce: stored.nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid })
      .setIssuer(issuerOf(c.env))
      .setSubject(await subjectFor(stored.email))
      .setAudience(stored.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key)
    return c.json({ access_token: randomToken(), token_type: 'Bearer', expires_in: 300, id_token: idToken })
  })
