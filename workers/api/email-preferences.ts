import { Hono } from 'hono'
import { emailPreferences, unsubscribe, unsubscribeOneClick } from '~/api/endpoints/notifications'
import {
  unsubscribe as cancelEmails,
  saveEmailPreferences,
} from '~/domain/notifications/email-preferences.server'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/**
 * E-mail of notifications: the account's choices and the signed unsubscribe (issue 15); declared
 * in app/api/endpoints/notifications.ts, each input checked there (the one-click's token too).
 */
export const emailPreferencesApi = new Hono<AppEnv>()

register(emailPreferencesApi, emailPreferences, async (c) =>
  respond(c, await saveEmailPreferences(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
register(emailPreferencesApi, unsubscribe, async (c) =>
  respond(c, await cancelEmails(c.var.deps, c.req.valid('form').token)),
)
register(emailPreferencesApi, unsubscribeOneClick, async (c) =>
  respond(c, await cancelEmails(c.var.deps, c.req.valid('form').token)),
)
