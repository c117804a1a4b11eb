import { createMiddleware } from 'hono/factory'
import { useKey } from '~/domain/api-keys/keys.server'
import { DomainError } from '~/domain/errors'
import type { KeyEnv } from '../env'
import { rateLimiters } from './rate-limit'

/**
 * The open API's guard (decisions/0063): `Authorization: Bearer <key>`; an unknown or revoked key
 * is a 401 problem. The call is counted on the key as it is found (one statement).
 */
export const requireApiKey = createMiddleware<KeyEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match?.[1]) throw new DomainError('apiKeys.missing', 401)
  const key = await useKey(c.var.deps, match[1])
  if (!key) throw new DomainError('apiKeys.invalid', 401)
  c.set('apiKey', key)
  await next()
})

/** The binding's window (wrangler.toml, API_KEY_LIMITER): what `Retry-After` tells the caller. */
export const API_KEY_WINDOW_SECONDS = 60

/** Per key, not per address: a firm's servers share addresses, its keys are its own. */
export const perKeyLimit = createMiddleware<KeyEnv>(async (c, next) => {
  const { success } = await c.env.API_KEY_LIMITER.limit({ key: `k${c.var.apiKey.id}` })
  if (!success) {
    c.header('Retry-After', String(API_KEY_WINDOW_SECONDS))
    throw new DomainError('apiKeys.rateLimited', 429)
  }
  await next()
})
rateLimiters.add(perKeyLimit as never)
