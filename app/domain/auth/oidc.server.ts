import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose'
// gov.br's `sub` is the citizen's CPF; trust owns the identity's type (auth sits above trust).
import type { CitizenIdentity } from '~/domain/trust/identity.server'
import { z } from '~/schemas/zod'

/**
 * OpenID Connect, authorization-code flow with PKCE (S256), state and nonce: what Google
 * expects. `fetcher` is injected so the same code talks to Google in production and to the local
 * stand-in provider in development and tests.
 */
export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
})
export type ProviderMetadata = z.infer<typeof discoverySchema>

export async function discover(fetcher: Fetcher, issuer: string): Promise<ProviderMetadata> {
  const response = await fetcher(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
  if (!response.ok) throw new OidcError(`discovery answered ${response.status}`)
  const meta = discoverySchema.parse(await response.json())
  if (meta.issuer.replace(/\/$/, '') !== issuer.replace(/\/$/, '')) throw new OidcError('issuer mismatch')
  return meta
}

export class OidcError extends Error {
  override name = 'OidcError'
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export function randomToken(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64Url(new Uint8Array(digest))
}

export async function authorizationUrl(
  meta: ProviderMetadata,
  params: {
    clientId: string
    redirectUri: string
    state: string
    nonce: string
    verifier: string
    /** Google's by default; gov.br asks `openid profile`. */
    scope?: string
    prompt?: string
  },
): Promise<string> {
  const url = new URL(meta.authorization_endpoint)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: params.scope ?? 'openid email profile',
    state: params.state,
    nonce: params.nonce,
    code_challenge: await pkceChallenge(params.verifier),
    code_challenge_method: 'S256',
    ...(params.prompt === '' ? {} : { prompt: params.prompt ?? 'select_account' }),
  }).toString()
  return url.toString()
}

export type Identity = { sub: string; email: string; emailVerified: boolean; name: string }

const tokenAnswer = z.object({ id_token: z.string() })
const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().max(200).optional(),
  nonce: z.string(),
})

export type CodeExchange = {
  code: string
  clientId: string
  clientSecret: string
  redirectUri: string
  verifier: string
  nonce: string
  now: Date
  /** How the client authenticates at the token endpoint: Google takes the secret in the body, gov.br in Basic. */
  clientAuth?: 'post' | 'basic'
}

/**
 * Trades the code for tokens and verifies the ID token: signature (JWKS), iss, aud, exp, nonce.
 * Answers the verified claims, for the caller's own schema.
 */
async function exchangeCode(fetcher: Fetcher, meta: ProviderMetadata, params: CodeExchange) {
  const basic = params.clientAuth === 'basic'
  const response = await fetcher(meta.token_endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      ...(basic
        ? {
            Authorization: `Basic ${btoa(`${encodeURIComponent(params.clientId)}:${encodeURIComponent(params.clientSecret)}`)}`,
          }
        : {}),
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.code,
      redirect_uri: params.redirectUri,
      client_id: params.clientId,
      ...(basic ? {} : { client_secret: params.clientSecret }),
      code_verifier: params.verifier,
    }),
  })
  if (!response.ok) throw new OidcError(`token endpoint answered ${response.status}`)
  const { id_token } = tokenAnswer.parse(await response.json())
  const jwksResponse = await fetcher(meta.jwks_uri)
  if (!jwksResponse.ok) throw new OidcError(`jwks answered ${jwksResponse.status}`)
  const jwks = createLocalJWKSet((await jwksResponse.json()) as JSONWebKeySet)
  const { payload } = await jwtVerify(id_token, jwks, {
    issuer: meta.issuer,
    audience: params.clientId,
    currentDate: params.now,
    algorithms: ['RS256'],
  })
  if (payload.nonce !== params.nonce) throw new OidcError('nonce mismatch')
  return payload
}

/** Google: the account's subject, e-mail (and whether Google verified it) and name. */
export async function finishLogin(
  fetcher: Fetcher,
  meta: ProviderMetadata,
  params: CodeExchange,
): Promise<Identity> {
  const claims = claimsSchema.parse(await exchangeCode(fetcher, meta, params))
  return {
    sub: claims.sub,
    email: claims.email.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: claims.name ?? '',
  }
}

const govbrClaims = z.object({
  sub: z.string().regex(/^\d{11}$/),
  name: z.string().trim().min(1).max(200),
})

export async function finishGovbr(
  fetcher: Fetcher,
  meta: ProviderMetadata,
  params: CodeExchange,
): Promise<CitizenIdentity> {
  const claims = govbrClaims.parse(await exchangeCode(fetcher, meta, { ...params, clientAuth: 'basic' }))
  return { cpf: claims.sub, name: claims.name }
}
