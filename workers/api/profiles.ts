import { Hono } from 'hono'
import type { AppEnv } from '../env'

/** Professional profiles: phones, messages, profession editing (issue 6). */
export const profilesApi = new Hono<AppEnv>()
