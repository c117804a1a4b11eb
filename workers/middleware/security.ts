import type { MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import { isLocalDev } from '~/domain/site/environment'
import { protocolFor } from '~/domain/site/host'
import type { AppEnv } from '../env'

/** Cloudflare Turnstile's script and frame: production only (elsewhere a local stand-in renders). */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

const byBaseDomain = new Map<string, MiddlewareHandler<AppEnv>>()

/**
 * CSP with a per-request nonce for Remix's inline scripts; everything else only from our own
 * origins (the main host and profile subdomains post to each other). Turnstile (script and
 * frame) is the one third party, in production only (decisions/0015).
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const base = c.env.BASE_DOMAIN
    // Turnstile's real script and frame everywhere but local development (decisions/0021).
    const production = !isLocalDev(c.env)
    const cacheKey = `${base}|${production}`
    let handler = byBaseDomain.get(cacheKey)
    if (!handler) {
      const siteOrigins = [`${protocolFor(base)}//${base}`, `*.${base}`]
      handler = secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE, ...(production ? [TURNSTILE_ORIGIN] : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...siteOrigins],
          formAction: ["'self'", ...siteOrigins],
          frameSrc: production ? [TURNSTILE_ORIGIN] : ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
        strictTransportSecurity: 'max-age=63072000; includeSubDomains',
        xFrameOptions: 'DENY',
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginResourcePolicy: 'same-site',
        permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
      })
      byBaseDomain.set(cacheKey, handler)
    }
    return handler(c, next)
  }
}
