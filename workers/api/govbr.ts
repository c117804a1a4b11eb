import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import {
  finishGovbrVerification,
  GOVBR_COOKIE,
  type GovbrClient,
  startGovbrVerification,
} from '~/domain/auth/govbr.server'
import type { AppEnv } from '../env'
import { redirectTo } from '../lib/respond'
import { oidcClient } from './oidc-client'

// "Verificar identidade com gov.br" (decisions/0047): the router reads the request (query, cookie,
// viewer), hands it to one use-case (app/domain/auth/govbr.server.ts) and carries the outcome out;
// the rules, the flash messages and the cookies are the use-case's (issue 29).

/** gov.br as this Worker reaches it. */
const govbr = (c: Context<AppEnv>): GovbrClient =>
  oidcClient(c, {
    issuer: 'GOVBR_ISSUER',
    standIn: 'govbr',
    clientId: 'GOVBR_CLIENT_ID',
    clientSecret: 'GOVBR_CLIENT_SECRET',
    callback: '/verificar-identidade/govbr/retorno',
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
