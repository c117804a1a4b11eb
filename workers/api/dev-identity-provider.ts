import { Hono } from 'hono'
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose'
import { pkceChallenge, randomToken } from '~/domain/auth/oidc.server'
import { mainOrigin } from '~/domain/site/host'
import { escapeHtml } from '~/lib/html'
import { z } from '~/schemas/zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'

/**
 * The OpenID Connect provider behind the development stand-ins for Google (`/__dev/oidc`) and
 * gov.br (`/__dev/govbr`), never mounted in production (decisions/0021, 0047). Both speak the
 * real protocol: discovery, an authorization page that asks which identity to return, a
 * code-for-token exchange checked with the client's secret and PKCE, and RS256 ID tokens verified
 * through the JWKS. What differs (the form, how the client authenticates, the token's claims) is
 * each provider's configuration.
 */
const KEY = 'dev-oidc:key'

type StoredKey = { privateJwk: JWK; publicJwk: JWK }

/** One signing key for both stand-ins, kept in KV so tokens verify across restarts. */
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

const authorizeQuery = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.string().url(),
  state: z.string().min(1),
  nonce: z.string().min(1),
  code_challenge: z.string().min(1),
  code_challenge_method: z.literal('S256'),
  response_type: z.literal('code'),
})
type AuthorizeQuery = z.infer<typeof authorizeQuery>

/** The identity a code stands for: the token's subject and its other claims. */
type Identity = { subject: string; claims: Record<string, unknown> }
type StoredCode = Identity & Pick<AuthorizeQuery, 'client_id' | 'redirect_uri' | 'nonce' | 'code_challenge'>

export type ProviderConfig<Shape extends z.ZodRawShape> = {
  /** Path prefix, also the issuer's path: `/__dev/oidc`. */
  base: string
  title: string
  intro: string
  /** The page's own inputs (HTML), posted with the hidden authorization parameters. */
  inputs: string
  submit: string
  /** What the page posts beyond the authorization parameters. */
  fields: Shape
  identity: (input: z.infer<z.ZodObject<Shape>>) => Promise<Identity> | Identity
  /** Where the client's id and secret travel (Google: the form body; gov.br: HTTP Basic). */
  clientAuth: 'client_secret_post' | 'client_secret_basic'
  client: (env: Env) => { id: string | undefined; secret: string | undefined }
}

/** Client id and secret from `Authorization: Basic` (client_secret_basic). */
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

export function devIdentityProvider<Shape extends z.ZodRawShape>(config: ProviderConfig<Shape>) {
  const { base } = config
  const codeKey = (code: string) => `${base.slice(1).replace('/', ':')}:code:${code}`
  const issuerOf = (env: Env) => `${mainOrigin(env.BASE_DOMAIN)}${base}`
  const posted = authorizeQuery.extend(config.fields)

  return (
    new Hono<AppEnv>()
      .get(`${base}/.well-known/openid-configuration`, (c) => {
        const issuer = issuerOf(c.env)
        return c.json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: [config.clientAuth],
          code_challenge_methods_supported: ['S256'],
        })
      })
      .get(`${base}/jwks`, async (c) => c.json({ keys: [(await signingKey(c.env.SESSIONS)).publicJwk] }))
      .get(`${base}/authorize`, (c) => {
        const query = authorizeQuery.safeParse(c.req.query())
        if (!query.success) return c.text('invalid_request', 400)
        const hidden = Object.entries(query.data)
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
          .join('')
        return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${config.title}</title></head>
<body><main><h1>${config.title}</h1>
<p>${config.intro}</p>
<form method="post" action="${base}/authorize">${hidden}
${config.inputs}
<p><button type="submit">${config.submit}</button></p>
</form></main></body></html>`)
      })
      .post(`${base}/authorize`, async (c) => {
        const input = (await readInput(c, posted)) as AuthorizeQuery & z.infer<z.ZodObject<Shape>>
        const code = randomToken()
        const stored: StoredCode = {
          client_id: input.client_id,
          redirect_uri: input.redirect_uri,
          nonce: input.nonce,
          code_challenge: input.code_challenge,
          ...(await config.identity(input)),
        }
        await c.env.SESSIONS.put(codeKey(code), JSON.stringify(stored), { expirationTtl: 60 })
        const back = new URL(input.redirect_uri)
        back.searchParams.set('code', code)
        back.searchParams.set('state', input.state)
        return c.redirect(back.toString(), 302)
      })
      // Back channel: authenticated by the client's secret and PKCE, not by cookies (no Origin check).
      .post(`${base}/token`, async (c) => {
        const form = await c.req.parseBody()
        const code = String(form.code ?? '')
        const stored = await c.env.SESSIONS.get<StoredCode>(codeKey(code), 'json')
        if (stored) await c.env.SESSIONS.delete(codeKey(code))
        const client =
          config.clientAuth === 'client_secret_basic'
            ? basicClient(c.req.header('authorization'))
            : { id: String(form.client_id ?? ''), secret: String(form.client_secret ?? '') }
        const expected = config.client(c.env)
        const valid =
          stored &&
          client &&
          form.grant_type === 'authorization_code' &&
          client.id === stored.client_id &&
          client.id === expected.id &&
          client.secret === expected.secret &&
          form.redirect_uri === stored.redirect_uri &&
          (await pkceChallenge(String(form.code_verifier ?? ''))) === stored.code_challenge
        if (!valid || !stored) return c.json({ error: 'invalid_grant' }, 400)
        const { privateJwk } = await signingKey(c.env.SESSIONS)
        const idToken = await new SignJWT({ ...stored.claims, nonce: stored.nonce })
          .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid })
          .setIssuer(issuerOf(c.env))
          .setSubject(stored.subject)
          .setAudience(stored.client_id)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(await importJWK(privateJwk, 'RS256'))
        return c.json({
          access_token: randomToken(),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        })
      })
  )
}
