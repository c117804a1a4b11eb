import type { Deps } from '~/deps.server'
import type { Site } from '~/domain/site/host'
import type { PublicUser } from '~/domain/users/users.server'
import type { Flash } from '~/schemas/flash'

/** What the Worker hands every Remix loader and action (built in workers/remix.ts). */
declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext }
    deps: Deps
    site: Site
    user: PublicUser | null
    /** The logged-in user's e-mail while it is unconfirmed, else null. */
    unconfirmedEmail: string | null
    /** The previous plain form post's result, for this page load only. */
    flash: Flash | null
    requestId: string
    nonce: string
  }
}
