import type { Context } from 'hono'
import { DomainError } from '~/domain/errors'
import type { AppEnv } from '../env'
import { InvalidInput } from './input'

/** The product's JS posts with `Accept: application/json`; a plain form post (no JS) goes to Remix. */
export function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header('accept') ?? '').includes('application/json')
}

/** Login and signup answer `{status, message}` (spec §7); validation errors keep their words. */
export function failure(c: Context<AppEnv>, error: unknown) {
  if (error instanceof InvalidInput)
    return c.json({ status: 'error', message: error.messages[0], errors: error.messages }, 422)
  if (error instanceof DomainError)
    return c.json({ status: 'error', message: error.message, errors: [error.message] }, error.status)
  throw error
}

/** Work (e-mail) that runs after the answer; its failure is logged, never the request's. */
export function inBackground(c: Context<AppEnv>, work: Promise<unknown>) {
  const logged = work.catch((error) =>
    console.error(JSON.stringify({ requestId: c.var.requestId, background: String(error) })),
  )
  try {
    c.executionCtx.waitUntil(logged)
  } catch {
    // No execution context (direct app.fetch in a test): the promise still runs.
  }
}
