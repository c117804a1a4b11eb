import { Hono } from 'hono'
import type { AppEnv } from '../env'

/** Reference data for forms: autocompletes, specialties, city by IP, profile photo (issue 6). */
export const referenceApi = new Hono<AppEnv>()
