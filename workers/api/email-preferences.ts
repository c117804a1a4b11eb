import { Hono } from 'hono'
import { saveEmailPreferences, unsubscribe } from '~/domain/notifications/email-preferences.server'
import { emailPreferencesSchema, unsubscribeSchema } from '~/schemas/notifications'
import type { AppEnv } from '../env'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { requireUser } from '../middleware/session'

/** E-mail of notifications: the account's choices and the signed unsubscribe (issue 15). */
export const emailPreferencesApi = new Hono<AppEnv>()
  .post('/ajax/conta/notificacoes', requireUser, validate(emailPreferencesSchema), async (c) =>
    respond(c, await saveEmailPreferences(c.var.deps, c.var.user.id, c.req.valid('form'))),
  )
  // The confirmation page's form (`/email/cancelar`): no login, the token says who.
  .post('/ajax/email/cancelar', validate(unsubscribeSchema), async (c) =>
    respond(c, await unsubscribe(c.var.deps, c.req.valid('form').token)),
  )
  // RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the header's URL.
  .post('/ajax/email/cancelar/um-clique', async (c) =>
    respond(c, await unsubscribe(c.var.deps, c.req.query('token'))),
  )
