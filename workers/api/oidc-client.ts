import type { Context } from 'hono'
import type { Fetcher } from '~/domain/auth/oidc.server'
import type { OidcClient } from '~/domain/auth/oidc-flow.server'
import { checkedSecret } from '~/domain/auth/tokens.server'
import { isLocalDev } from '~/domain/site/environment'
import { mainOrigin } from '~/domain/site/host'
import type { AppEnv } from '../env'

// An OpenID Connect provider as this Worker reaches it (configuration, not rules): Google's login
// (social-login.ts) and gov.br's verification (govbr.ts) differ only in the names below.

/**
 * The network for the provider. The development stand-ins live in this same Worker, so their
 * requests are dispatched in-process (a Worker cannot reliably fetch its own local address);
 * every other issuer, Google's and gov.br's included, is reached with the real `fetch`.
 */
function providerFetch(c: Context<AppEnv>): Fetcher {
  const own = `${mainOrigin(c.env.BASE_DOMAIN)}/__dev/`
  const local = c.var.localFetch
  return async (input, init) => {
    if (local && input.startsWith(own)) return local(new Request(input, init))
    return fetch(input, init)
  }
}

type ProviderConfig = {
  /** The issuer's variable; unset, the local stand-in at `/__dev/<standIn>` (development only). */
  issuer: 'OIDC_ISSUER' | 'GOVBR_ISSUER'
  standIn: string
  clientId: 'GOOGLE_CLIENT_ID' | 'GOVBR_CLIENT_ID'
  clientSecret: 'GOOGLE_CLIENT_SECRET' | 'GOVBR_CLIENT_SECRET'
  /** Our callback's path on the main origin. */
  callback: string
}

export function oidcClient(c: Context<AppEnv>, config: ProviderConfig): OidcClient {
  const origin = mainOrigin(c.env.BASE_DOMAIN)
  return {
    fetcher: providerFetch(c),
    issuer: () => {
      const issuer = c.env[config.issuer]
      if (issuer) return issuer.replace(/\/$/, '')
      // The stand-in provider exists only in local development (decisions/0021).
      if (!isLocalDev(c.env)) throw new Error(`${config.issuer} must be set outside local development`)
      return `${origin}/__dev/${config.standIn}`
    },
    clientId: c.env[config.clientId],
    // A provider's secrets may be shorter than ours: only an empty or development value is refused.
    clientSecret: () => checkedSecret(config.clientSecret, c.env[config.clientSecret], c.env, 1),
    redirectUri: `${origin}${config.callback}`,
    baseDomain: c.env.BASE_DOMAIN,
  }
}
