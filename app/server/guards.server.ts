import type { AppLoadContext } from '@remix-run/cloudflare'
import { redirect } from '@remix-run/cloudflare'
import type { PublicUser } from '~/domain/users/users.server'
import { boundedPath, loginUrl } from '~/lib/paths'

/** Remix guard: the logged-in user, or a redirect to the login page that comes back here. */
export function requireUser(context: AppLoadContext, request: Request): PublicUser {
  if (context.user) return context.user
  const url = new URL(request.url)
  // A query too long to come back to is dropped (loginUrl), never echoed into the header.
  throw redirect(loginUrl(boundedPath(url)))
}
