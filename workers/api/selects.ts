import { and, asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { likePattern, likeSql } from '~/db/like'
import { communities } from '~/db/schema-accounts'
import type { AppEnv } from '../env'
import { rateLimit } from '../middleware/rate-limit'

/**
 * Selects fed by a URL (spec §7): `term` (or `q`) and `page`, answering
 * `{ results: [{id, text}], pagination: { more } }`: the courses a student picks from (the
 * profession select reads the CBO autocomplete, which RemoteSelect also understands).
 */
const PAGE_SIZE = 20

function readPaging(c: { req: { query: (name: string) => string | undefined } }) {
  const term = (c.req.query('term') ?? c.req.query('q') ?? '').trim().slice(0, 80)
  const page = Math.min(Math.max(Number.parseInt(c.req.query('page') ?? '1', 10) || 1, 1), 50)
  // Wildcards typed by the user are matched literally; the pattern fits D1's 50 bytes.
  const pattern = likePattern(term)
  return { term, page, pattern }
}

export const selectsApi = new Hono<AppEnv>()
  .use(
    '/ajax/profissoes',
    rateLimit((env) => env.API_LIMITER),
  )
  .use(
    '/ajax/cursos',
    rateLimit((env) => env.API_LIMITER),
  )
  .get('/ajax/cursos', async (c) => {
    const { page, pattern } = readPaging(c)
    const rows = await c.var.deps.db
      .select({ id: communities.course, text: communities.course })
      .from(communities)
      .where(and(eq(communities.kind, 'curso'), likeSql(communities.name, pattern)))
      .orderBy(asc(communities.id))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE)
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json({
      results: rows.slice(0, PAGE_SIZE).map((row) => ({ id: row.id ?? '', text: row.text ?? '' })),
      pagination: { more: rows.length > PAGE_SIZE },
    })
  })
