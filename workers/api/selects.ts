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
const selectsApiBase = new Hono<AppEnv>()

const selectsApi1 = register(selectsApiBase, courses, async (c) =>
  reply(c, courses, await listCourses(c.var.deps, c.req.valid('query')), {
    'Cache-Control': 'public, max-age=3600',
  }),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const selectsApi = selectsApi1
