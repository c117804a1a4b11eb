import type { MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../env'

const byBaseDomain = new Map<string, MiddlewareHandler<AppEnv>>()

/**
 * CSP with a per-request nonce for Remix's inline scripts; everything else only from our own
 * origins (the main host and profile subdomains post to each other). Turnstile's frame is the
 * one third party, added with the accounts issue's captcha.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const base = c.env.BASE_DOMAIN
    let handler = byBaseDomain.get(base)
    if (!handler) {
      const siteOrigins = [`${base.startsWith('localhost') ? 'http' : 'https'}://${base}`, `*.${base}`]
      handler = secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...siteOrigins],
          formAction: ["'self'", ...siteOrigins],
          frameSrc: ['https://challenges.cloudflare.com'],
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
      byBaseDomain.set(base, handler)
    }
    return handler(c, next)
  }
}
