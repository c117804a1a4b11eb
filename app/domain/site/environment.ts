import { isLoopbackHost } from '~/lib/loopback'

/**
 * The one switch for development-only behaviour (issue 12, finding 3): the `/__dev/*` routes,
 * the development mailbox, the stand-in Google provider and Turnstile check, the gallery, and
 * the development secrets. Everything fails closed: all three must hold, so a deploy that
 * forgets `--env production` (or sets ENVIRONMENT to anything else) gets none of them.
 * - `LOCAL_DEV` is "1": set only in the top-level `[vars]` of wrangler.toml that `wrangler dev`
 *   and the tests use; Cloudflare environments do not inherit vars.
 * - `ENVIRONMENT` is exactly "development" or "test".
 * - `BASE_DOMAIN` is a loopback host (localhost, *.localhost, 127.0.0.1, [::1]).
 * Values are passed in by the adapters (Worker, Remix loaders); this module never reads env.
 */
export type RuntimeValues = { LOCAL_DEV?: string; ENVIRONMENT?: string; BASE_DOMAIN?: string }

export function isLocalDev(values: RuntimeValues): boolean {
  return (
    values.LOCAL_DEV === '1' &&
    (values.ENVIRONMENT === 'development' || values.ENVIRONMENT === 'test') &&
    !!values.BASE_DOMAIN &&
    isLoopbackHost(hostnameOf(values.BASE_DOMAIN))
  )
}

function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return ''
  }
}

/** What a page's Turnstile widget needs: the real one in production, the stand-in elsewhere. */
export function captchaSettings(values: RuntimeValues & { TURNSTILE_SITE_KEY: string }): {
  siteKey: string
  production: boolean
} {
  return { siteKey: values.TURNSTILE_SITE_KEY, production: !isLocalDev(values) }
}
