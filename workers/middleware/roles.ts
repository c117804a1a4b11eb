import { createMiddleware } from 'hono/factory'
import type { Role } from '~/db/schema-trust'
import { DomainError } from '~/domain/errors'
import { hasRole } from '~/domain/trust/roles.server'
import type { AuthedEnv } from '../env'

/**
 * Guard for routes of a role (decisions/0048): 401 without a session (a plain form post goes to
 * the login page), 403 for a user without the role. After it `c.var.user` is the role holder.
 */
export const requireRole = (role: Role) =>
  createMiddleware<AuthedEnv>(async (c, next) => {
    const viewer = c.var.viewer
    if (!viewer) throw new DomainError('api.loginRequired', 401)
    if (!(await hasRole(c.var.deps, viewer.id, role))) throw new DomainError('api.forbidden', 403)
    c.set('user', viewer)
    await next()
  })
