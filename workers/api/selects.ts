import { Hono } from 'hono'
import { courses } from '~/api/endpoints/reference'
import { listCourses } from '~/domain/reference/courses.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'

/**
 * Selects fed by a URL (spec §7): `term` (or `q`) and `page`, answering
 * `{ results: [{id, text}], pagination: { more } }`: the courses a student picks from (the
 * profession select reads the CBO autocomplete, which RemoteSelect also understands).
 * Declared in app/api/endpoints/reference.ts.
 */
export const selectsApi = new Hono<AppEnv>()

register(selectsApi, courses, async (c) =>
  reply(c, courses, await listCourses(c.var.deps, c.req.valid('query')), {
    'Cache-Control': 'public, max-age=3600',
  }),
)
