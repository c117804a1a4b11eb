import { Hono } from 'hono'
import { importJWK, SignJWT } from 'jose'
import { z } from 'zod'
import { pkceChallenge, randomToken } from '~/domain/auth/oidc.server'
import { mainOrigin } from '~/domain/site/host'
import { isValidCpf } from '~/schemas/claims'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { authorizeQuery, escapeHtml, signingKey } from './dev-oidc'

/**
 * A stand-in for gov.br's login (sso.acesso.gov.br) in development and tests, never mounted in
 * production (decisions/0021, 0047). Same protocol as the real one: discovery, an authorization
 * page, a code-for-token exchange authenticated with HTTP Basic (client id and secret) and PKCE,
 * and an RS256 ID token whose `sub` is the CPF. The page asks which citizen to return.
 */
const CODE_PREFIX = 'dev-govbr:code:'

type StoredCode = {
  clientId: string
  redirectUri: string
  nonce: string
  challenge: string
  cpf: string
  name: string
}

const issuerOf = (env: Env) => `${mainOrigin(env.BASE_DOMAIN)}/__dev/govbr`

/** Client id and secret from `Authorization: Basic`, as gov.br requires (client_secret_basic). */
function basicClient(header: string | undefined) {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '')
  if (!match?.[1]) return null
  try {
    const [id, secret] = atob(match[1]).split(':')
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') }
  } catch {
    return null
  }
}

export const devGovbrApi = new Hono<AppEnv>()
  .get('/__dev/govbr/.well-known/openid-configuration', (c) => {
    const issuer = issuerOf(c.env)
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
    })
  })
  .get('/__dev/govbr/jwks', async (c) => c.json({ keys: [(await signingKey(c.env.SESSIONS)).publicJwk] }))
  .get('/__dev/govbr/authorize', (c) => {
    const query = authorizeQuery.safeParse(c.req.query())
    if (!query.success) return c.text('invalid_request', 400)
    const hidden = Object.entries(query.data)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('')
    return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>gov.br de teste</title></head>
<body><main><h1>gov.br de teste</h1>
<p>Substitui o login gov.br em desenvolvimento e nos testes. Escolha a pessoa (CPF e nome) que será devolvida como verificada.</p>
<form method="post" action="/__dev/govbr/authorize">${hidden}
<p><label for="cpf">CPF</label><br><input id="cpf" name="cpf" inputmode="numeric" required></p>
<p><label for="name">Nome completo</label><br><input id="name" name="name" required></p>
<p><button type="submit">Autorizar</button></p>
</form></main></body></html>`)
  })
  .post('/__dev/govbr/authorize', async (c) => {
    const input = await readInput(
      c,
      authorizeQuery.extend({
        cpf: z.string().refine(isValidCpf, 'CPF inválido'),
        name: z.string().trim().min(1).max(200),
      }),
    )
    const code = randomToken()
    const stored: StoredCode = {
      clientId: input.client_id,
      redirectUri: input.redirect_uri,
      nonce: input.nonce,
      challenge: input.code_challenge,
      cpf: input.cpf.replace(/\D/g, ''),
      name: input.name,
    }
    await c.env.SESSIONS.put(`${CODE_PREFIX}${code}`, JSON.stringify(stored), { expirationTtl: 60 })
    const back = new URL(input.redirect_uri)
    back.searchParams.set('code', code)
    back.searchParams.set('state', input.state)
    return c.redirect(back.toString(), 302)
  })
  // Back channel: authenticated by Basic client credentials and PKCE, not by cookies.
  .post('/__dev/govbr/token', async (c) => {
    const form = await c.req.parseBody()
    const code = String(form.code ?? '')
    const stored = await c.env.SESSIONS.get<StoredCode>(`${CODE_PREFIX}${code}`, 'json')
    if (stored) await c.env.SESSIONS.delete(`${CODE_PREFIX}${code}`)
    const client = basicClient(c.req.header('authorization'))
    const valid =
      stored &&
      client &&
      form.grant_type === 'authorization_code' &&
      client.id === stored.clientId &&
      client.id === c.env.GOVBR_CLIENT_ID &&
      client.secret === c.env.GOVBR_CLIENT_SECRET &&
      form.redirect_uri === stored.redirectUri &&
      (await pkceChallenge(String(form.code_verifier ?? ''))) === stored.challenge
    if (!valid || !stored) return c.json({ error: 'invalid_grant' }, 400)
    const { privateJwk } = await signingKey(c.env.SESSIONS)
    const key = await importJWK(privateJwk, 'RS256')
    const idToken = await new SignJWT({ name: stored.name, nonce: stored.nonce, amr: ['passwd'] })
      .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid })
      .setIssuer(issuerOf(c.env))
      .setSubject(stored.cpf)
      .setAudience(stored.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key)
    return c.json({ access_token: randomToken(), token_type: 'Bearer', expires_in: 300, id_token: idToken })
  })
