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
const emailPreferencesApiBase = new Hono<AppEnv>()

const emailPreferencesApi1 = register(emailPreferencesApiBase, emailPreferences, async (c) =>
  respond(c, await saveEmailPreferences(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
const emailPreferencesApi2 = register(emailPreferencesApi1, unsubscribe, async (c) =>
  respond(c, await cancelEmails(c.var.deps, c.req.valid('form').token)),
)
const emailPreferencesApi3 = register(emailPreferencesApi2, unsubscribeOneClick, async (c) =>
  respond(c, await cancelEmails(c.var.deps, c.req.valid('form').token)),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const emailPreferencesApi = emailPreferencesApi3
