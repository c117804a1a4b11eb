import type { Deps } from '~/deps.server'
import type { Site } from '~/domain/site/host'
import type { PublicUser } from '~/domain/users/users.server'

/** The Hono app's typed environment: bindings plus what middleware puts on the context. */
export type AppEnv = {
  Bindings: Env
  Variables: {
    deps: Deps
    site: Site
    user: PublicUser | null
    sessionId: string | null
    /** The logged-in user's e-mail while it is unconfirmed (the banner), else null. */
    unconfirmedEmail: string | null
    requestId: string
    /** Local development only (workers/create-app.ts): our own dev routes, answered in-process. */
    localFetch?: (request: Request) => Promise<Response>
    secureHeadersNonce?: string
  }
}
