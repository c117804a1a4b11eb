import type { AppLoadContext } from '@remix-run/cloudflare'
import { redirect } from '@remix-run/cloudflare'
import type { PublicUser } from '~/domain/users/users.server'
import { loginUrl } from '~/lib/paths'

/** Remix guard: the logged-in user, or a redirect to the login page that comes back here. */
export function requireUser(context: AppLoadContext, request: Request): PublicUser {
  if (context.user) return context.user
  const url = new URL(request.url)
  throw redirect(loginUrl(url.pathname + url.search))
}
