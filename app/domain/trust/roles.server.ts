import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { type Role, userRoles } from '~/db/schema-trust'

/**
 * Roles beyond visitor and user (decisions/0048). Granted only by `npm run role` (scripts/role.mjs),
 * never through the site; read on each guarded request, so a revocation takes effect at once.
 */
export async function hasRole(deps: { db: Database }, userId: number, role: Role): Promise<boolean> {
  const [row] = await deps.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1)
  return !!row
}
