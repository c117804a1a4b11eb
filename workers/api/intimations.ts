import { Hono } from 'hono'
import {
  deadlineFeedReplace,
  deadlineReminders,
  intimationCorrect,
  intimationFulfil,
  oabMonitoring,
} from '~/api/endpoints/intimations'
import { deadlineFeed } from '~/domain/intimations/feed.server'
import { correctIntimation, markFulfilled } from '~/domain/intimations/intimations.server'
import { feedOwner, replaceFeed, saveReminderDays } from '~/domain/intimations/settings.server'
import { createOabMonitoring } from '~/domain/monitoring/monitorings.server'
import { t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/**
 * Intimações by OAB and deadlines (issue 41, decisions/0103): "Monitorar OAB", the correction,
 * "cumprido", the reminders and a new feed address, each from its declaration
 * (app/api/endpoints/intimations.ts); and the private iCalendar feed, read by calendar programs
 * without a session: the secret in its address is the only key.
 */
const intimationsApiBase = new Hono<AppEnv>().get('/prazos/agenda/:file', async (c, next) => {
  const file = c.req.param('file')
  if (c.var.site.kind !== 'main' || !file.endsWith('.ics')) return next()
  const owner = await feedOwner(c.var.deps, file.slice(0, -'.ics'.length))
  // Never cached anywhere: a replaced address must stop working at once.
  const headers = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }
  if (owner === null) return c.text(t('deadlines.feedNotFound'), 404, headers)
  return c.body(await deadlineFeed(c.var.deps, owner), 200, {
    ...headers,
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="prazos.ics"',
  })
})

const intimationsApi1 = register(intimationsApiBase, oabMonitoring, async (c) =>
  respond(c, await createOabMonitoring(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
const intimationsApi2 = register(intimationsApi1, intimationCorrect, async (c) => {
  const input = c.req.valid('form')
  return respond(
    c,
    await correctIntimation(c.var.deps, c.var.user.id, idParam(input.id, 'intimation.notFound'), input),
  )
})
const intimationsApi3 = register(intimationsApi2, intimationFulfil, async (c) => {
  const input = c.req.valid('form')
  return respond(
    c,
    await markFulfilled(
      c.var.deps,
      c.var.user.id,
      idParam(input.id, 'intimation.notFound'),
      input.cumprido === 'sim',
    ),
  )
})
const intimationsApi4 = register(intimationsApi3, deadlineFeedReplace, async (c) =>
  respond(c, await replaceFeed(c.var.deps, c.var.user.id)),
)
const intimationsApi5 = register(intimationsApi4, deadlineReminders, async (c) =>
  respond(c, await saveReminderDays(c.var.deps, c.var.user.id, c.req.valid('form').dias)),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const intimationsApi = intimationsApi5
