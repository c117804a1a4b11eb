import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { BRIDGE_NONCE_COOKIE, SESSION_HINT_COOKIE } from '~/domain/auth/bridge.server'
import { type BridgeRequest, bridgeReturn, bridgeStep } from '~/domain/auth/session-bridge.server'
import type { AppEnv } from '../env'
import { redirectTo } from '../lib/respond'

/** What the bridge's use-cases read from the request: the host, the query, the session. */
const bridgeRequest = (c: Context<AppEnv>): BridgeRequest => ({
  site: c.var.site,
  baseDomain: c.env.BASE_DOMAIN,
  query: {
    volta: c.req.query('volta'),
    auto: c.req.query('auto'),
    perfil: c.req.query('perfil'),
    n: c.req.query('n'),
    t: c.req.query('t'),
  },
  viewerId: c.var.viewer?.id ?? null,
  sessionId: c.var.sessionId ?? null,
})

/**
 * The session bridge (decisions/0023). On a profile host `/sessao/ponte` starts it (a nonce
 * cookie, then the main host); on the main host it answers with a token for that profile host,
 * or the login page first; `/sessao/ponte/retorno` on the profile host opens the token and sets
 * its own host-only session cookie. The rules are app/domain/auth/session-bridge.server.ts's.
 */
export const sessionBridgeApi = new Hono<AppEnv>()
  .use('/sessao/*', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('X-Robots-Tag', 'noindex')
  })
  .get('/sessao/ponte', async (c) =>
    redirectTo(c, await bridgeStep(c.var.deps, bridgeRequest(c), getCookie(c, SESSION_HINT_COOKIE)), {
      status: 302,
      log: 'bridge',
    }),
  )
  .get('/sessao/ponte/retorno', async (c) =>
    redirectTo(c, await bridgeReturn(c.var.deps, bridgeRequest(c), getCookie(c, BRIDGE_NONCE_COOKIE)), {
      status: 302,
      log: 'bridge',
    }),
  )
