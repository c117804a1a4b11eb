import type { Context } from 'hono'
import { mainOrigin } from '~/domain/site/host'
import {
  type HumanCheck,
  requireHuman as requireHumanIn,
  type TurnstileConfig,
} from '~/domain/site/turnstile.server'
import { isLoopbackHost } from '~/lib/loopback'
import type { AppEnv } from '../env'

/** The stand-in siteverify (workers/api/dev.ts), on whatever port this server runs. */
const STAND_IN_PATH = '/__dev/turnstile/siteverify'

/**
 * Where and how the Turnstile check is sent. In local development (`c.var.localFetch` is set only
 * there) a verify URL on this machine means the stand-in: it is answered in-process on the main
 * host of the port actually served (workers/app.dev.ts), so `wrangler dev --port N` works
 * although wrangler.toml names 8787.
 * Everywhere else the configured URL (Cloudflare's) is fetched.
 */
export function turnstileFor(c: Context<AppEnv>): {
  deps: { fetch: (request: Request) => Promise<Response> }
  config: TurnstileConfig
} {
  const secret = c.env.TURNSTILE_SECRET ?? ''
  const configured = c.env.TURNSTILE_VERIFY_URL
  const local = c.var.localFetch
  if (local && isLoopbackHost(hostnameOf(configured))) {
    const verifyUrl = `${mainOrigin(c.env.BASE_DOMAIN)}${STAND_IN_PATH}`
    return { deps: { fetch: local }, config: { verifyUrl, secret } }
  }
  return { deps: { fetch: (request) => fetch(request) }, config: { verifyUrl: configured, secret } }
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return ''
  }
}

/** The visitor's Turnstile check as this Worker sends it (the use-case decides what a failure means). */
export function humanCheck(c: Context<AppEnv>): HumanCheck {
  return { ...turnstileFor(c), remoteIp: c.req.header('cf-connecting-ip') ?? null }
}

/**
 * A public form's Turnstile check (the removal request): its token, checked with the visitor's
 * address; a failed check is the spec's message under the field.
 */
export async function requireHuman(c: Context<AppEnv>, token: string, field: string): Promise<void> {
  await requireHumanIn(humanCheck(c), token, field)
}
