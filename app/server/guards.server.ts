import type { AppLoadContext } from '@remix-run/cloudflare'
import { data, redirect } from '@remix-run/cloudflare'
import type { Role } from '~/db/schema-trust'
import { hasRole } from '~/domain/trust/roles.server'
import type { PublicUser } from '~/domain/users/users.server'
import { boundedPath, loginUrl } from '~/lib/paths'

/** Remix guard: the logged-in user, or a redirect to the login page that comes back here. */
export function requireUser(context: AppLoadContext, request: Request): PublicUser {
  if (context.user) return context.user
  const url = new URL(request.url)
  // A query too long to come back to is dropped (loginUrl), never echoed into the header.
  throw redirect(loginUrl(boundedPath(url)))
}

/**
 * Remix guard for a role's pages (decisions/0048): the login page for a visitor, 403 for a user
 * without the role.
 */
export async function requireRole(
  context: AppLoadContext,
  request: Request,
  role: Role,
): Promise<PublicUser> {
  const user = requireUser(context, request)
  if (!(await hasRole(context.deps, user.id, role))) throw data({ reason: 'role' }, { status: 403 })
  return user
}
