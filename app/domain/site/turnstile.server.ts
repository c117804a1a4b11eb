import { DomainError } from '~/domain/errors'

/** Cloudflare's test token: the widget's test mode (and our local stand-in) produce it. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'
/** Cloudflare's always-passing test secret. */
export const TURNSTILE_TEST_SECRET = '1x0000000000000000000000000000000AA'

export type TurnstileConfig = { verifyUrl: string; secret: string }
export type TurnstileResult = { success: boolean; errorCodes: string[] }

/** A visitor's Turnstile check as the adapter sends it: where, with which secret, from which address. */
export type HumanCheck = {
  deps: { fetch: (request: Request) => Promise<Response> }
  config: TurnstileConfig
  remoteIp: string | null
}

/**
 * A public form's Turnstile check (the message to a professional, a removal request): a failed
 * check is the spec's message under the captcha field.
 */
export async function requireHuman(check: HumanCheck, token: string, field: string): Promise<void> {
  const verdict = await verifyTurnstile(check.deps, check.config, token, check.remoteIp)
  if (!verdict.success) throw new DomainError('message.captchaRequired', 422, { field })
}

/**
 * Server-side Turnstile check: POSTs `secret`, `response` and `remoteip` to the siteverify URL
 * (Cloudflare's, or the local stand-in outside production). A network failure or a malformed
 * answer counts as "not verified": the message is refused, never stored unchecked.
 */
export async function verifyTurnstile(
  deps: { fetch: (request: Request) => Promise<Response> },
  config: TurnstileConfig,
  token: string,
  remoteIp: string | null,
): Promise<TurnstileResult> {
  const body = new URLSearchParams({ secret: config.secret, response: token })
  if (remoteIp) body.set('remoteip', remoteIp)
  try {
    const response = await deps.fetch(
      new Request(config.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      }),
    )
    const answer = (await response.json()) as { success?: unknown; 'error-codes'?: unknown }
    const errorCodes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : []
    return { success: answer.success === true, errorCodes }
  } catch {
    return { success: false, errorCodes: ['internal-error'] }
  }
}

/**
 * What the local stand-in answers, like Cloudflare's test keys: the passing test secret with the
 * dummy token succeeds; anything else fails with Cloudflare's error codes.
 */
export function standInVerdict(secret: string, token: string): Record<string, unknown> {
  if (!secret) return { success: false, 'error-codes': ['missing-input-secret'] }
  if (secret !== TURNSTILE_TEST_SECRET) return { success: false, 'error-codes': ['invalid-input-secret'] }
  if (!token) return { success: false, 'error-codes': ['missing-input-response'] }
  if (token !== TURNSTILE_DUMMY_TOKEN) return { success: false, 'error-codes': ['invalid-input-response'] }
  return {
    success: true,
    challenge_ts: new Date().toISOString(),
    hostname: 'localhost',
    'error-codes': [],
    action: '',
    cdata: '',
  }
}
