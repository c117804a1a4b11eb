import { Hono } from 'hono'
import { saveEmailPreferences, unsubscribe } from '~/domain/notifications/email-preferences.server'
import { emailPreferencesSchema, unsubscribeSchema } from '~/schemas/notifications'
import type { AppEnv } from '../env'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { clientAddress, perUserLimit, rateLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

// Unsubscribing needs only a signed token: per address, one counter for both forms.
const unsubscribes = rateLimit((env) => env.API_LIMITER, clientAddress, { scope: 'cancelar-email' })

/** E-mail of notifications: the account's choices and the signed unsubscribe (issue 15). */
export const emailPreferencesApi = new Hono<AppEnv>()
  .post(
    '/ajax/conta/notificacoes',
    requireUser,
    perUserLimit((env) => env.API_LIMITER),
    validate(emailPreferencesSchema),
    async (c) => respond(c, await saveEmailPreferences(c.var.deps, c.var.user.id, c.req.valid('form'))),
  )
  // The confirmation page's form (`/email/cancelar`): no login, the token says who.
  .post('/ajax/email/cancelar', unsubscribes, validate(unsubscribeSchema), async (c) =>
    respond(c, await unsubscribe(c.var.deps, c.req.valid('form').token)),
  )
  // RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the header's URL.
  .post('/ajax/email/cancelar/um-clique', unsubscribes, async (c) =>
    respond(c, await unsubscribe(c.var.deps, c.req.query('token'))),
  )
