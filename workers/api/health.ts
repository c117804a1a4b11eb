import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../env'

/** Liveness for load balancers and the end-to-end server: answers only when D1 answers. */
export const healthApi = new Hono<AppEnv>().get('/api/saude', async (c) => {
  const row = await c.var.deps.db.get<{ ok: number }>(sql`select 1 as ok`)
  c.header('Cache-Control', 'no-store')
  return c.json({ status: 'ok', banco: row?.ok === 1 })
})
