import { Hono } from 'hono'
import type { AppEnv } from '../env'

/** Accounts: signup, live checks, login, logout, e-mail confirmation, password reset, social login (issue 6). */
export const accountsApi = new Hono<AppEnv>()
