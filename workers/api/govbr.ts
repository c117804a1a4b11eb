import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import {
  finishGovbrVerification,
  GOVBR_COOKIE,
  type GovbrClient,
  startGovbrVerification,
} from '~/domain/auth/govbr.server'
import { checkedSecret } from '~/domain/auth/tokens.server'
import { isLocalDev } from '~/domain/site/environment'
import { mainOrigin } from '~/domain/site/host'
import type { AppEnv } from '../env'
import { redirectTo } from '../lib/respond'
import { providerFetch } from './social-login'

// "Verificar identidade com gov.br" (decisions/0047): the router reads the request (query, cookie,
// viewer), hands it to one use-case (app/domain/auth/govbr.server.ts) and carries the outcome out;
// the rules, the flash messages and the cookies are the use-case's (issue 29).

function issuer(env: Env): string {
  if (env.GOVBR_ISSUER) return env.GOVBR_ISSUER.replace(/\/$/, '')
  // The stand-in provider exists only in local development (decisions/0021).
  if (!isLocalDev(env)) throw new Error('GOVBR_ISSUER must be set outside local development')
  return `${mainOrigin(env.BASE_DOMAIN)}/__dev/govbr`
}

/** gov.br as this Worker reaches it (configuration, not rules). */
const govbr = (c: Context<AppEnv>): GovbrClient => ({
  fetcher: providerFetch(c),
  issuer: () => issuer(c.env),
  clientId: c.env.GOVBR_CLIENT_ID,
  clientSecret: () => checkedSecret('GOVBR_CLIENT_SECRET', c.env.GOVBR_CLIENT_SECRET, c.env, 1),
  redirectUri: `${mainOrigin(c.env.BASE_DOMAIN)}/verificar-identidade/govbr/retorno`,
  baseDomain: c.env.BASE_DOMAIN,
})

export const govbrApi = new Hono<AppEnv>()
  .get('/verificar-identidade/govbr', async (c) =>
    redirectTo(
      c,
      await startGovbrVerification(c.var.deps, govbr(c), {
        ret: c.req.query('auth.redirect'),
        viewerId: c.var.viewer?.id ?? null,
      }),
      { status: 302, log: 'govbr' },
    ),
  )
  .get('/verificar-identidade/govbr/retorno', async (c) =>
    redirectTo(
      c,
      await finishGovbrVerification(c.var.deps, govbr(c), {
        stateCookie: getCookie(c, GOVBR_COOKIE),
        code: c.req.query('code'),
        state: c.req.query('state'),
        viewerId: c.var.viewer?.id ?? null,
      }),
      { log: 'govbr' },
    ),
  )
