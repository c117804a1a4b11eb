import { Hono } from 'hono'
import { health } from '~/api/endpoints/site-search'
import { databaseAnswers } from '~/domain/site/health.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'

/** Liveness for load balancers and the end-to-end server: answers only when D1 answers. */
const healthApiBase = new Hono<AppEnv>()

const healthApi1 = register(healthApiBase, health, async (c) =>
  reply(
    c,
    health,
    { status: 'ok', banco: await databaseAnswers(c.var.deps) },
    { 'Cache-Control': 'no-store' },
  ),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const healthApi = healthApi1
