import type { Deps } from '~/deps.server'
import type { Site } from '~/domain/site/host'
import type { PublicUser } from '~/domain/users/users.server'
import type { Flash } from '~/schemas/flash'

/** The Hono app's typed environment: bindings plus what middleware puts on the context. */
export type AppEnv = {
  Bindings: Env
  Variables: {
    deps: Deps
    site: Site
    /** Who is visiting (null when nobody is logged in); `requireUser` narrows it to `user`. */
    viewer: PublicUser | null
    sessionId: string | null
    /** The logged-in user's e-mail while it is unconfirmed (the banner), else null. */
    unconfirmedEmail: string | null
    requestId: string
    /** Local development only (workers/create-app.ts): our own dev routes, answered in-process. */
    localFetch?: (request: Request) => Promise<Response>
    secureHeadersNonce?: string
    /** The body as it arrived, kept so a failed plain form post can be drawn again as sent. */
    rawInput?: Record<string, unknown>
    /** The previous plain form post's result, shown once by the next page (workers/lib/flash.ts). */
    flash: Flash | null
    /** The JSON `status` a failure answers with where the spec names one (monitoring: 'failed'). */
    failureStatus?: 'failed'
    /** An endpoint of the open API: errors answer as RFC 9457 problem details (decisions/0063). */
    problemDetails?: boolean
  }
}

/** What `requireUser` adds: a route after it reads `c.var.user` as a user, never null. */
export type AuthedEnv = AppEnv & { Variables: { user: PublicUser } }

/** What `requireApiKey` adds on the open API (/api/v2): the calling key and its owner. */
export type KeyEnv = AppEnv & { Variables: { apiKey: { id: number; userId: number } } }
