import { hc, type InferResponseType } from 'hono/client'
import type { HonoBase } from 'hono/hono-base'
import type { UnionToIntersection } from 'hono/utils/types'
import { expectTypeOf } from 'vitest'
import type { OutputOf } from '~/api/endpoint'
import type { Endpoints } from '~/api/endpoints'
import type { AppType } from '../../workers/create-app'
import type { UntypedSuccess } from '../../workers/lib/register'

// Checked by `npm run typecheck` (tsc), never run (issue 29, decisions/0070, 0093). The app's
// type is derived from the routers' chained registrations (no cast in createApp), each route's
// success typed by what its handler sends through `reply`. So it can disagree with the registry:
// an endpoint the app lost names itself in `Missing`, and one whose declared output is not what
// its handler sends (a field the handler adds or drops, a changed type) in `Disagreeing`.

// `route()` joins the routers' schemas as a union (hc reads it so); a lookup wants one object.
type RoutesOf<A> = A extends HonoBase<infer _E, infer S, infer _B, infer _C> ? S : never
type AppRoutes = UnionToIntersection<RoutesOf<AppType>>
type Id = keyof Endpoints
type PathOf<K extends Id> = Endpoints[K]['path']
type MethodOf<K extends Id> = `$${Endpoints[K]['method']}`

/** The endpoints (by id) that the app's type lacks, at their path and method. */
type Missing = {
  [K in Id]: PathOf<K> extends keyof AppRoutes
    ? MethodOf<K> extends keyof AppRoutes[PathOf<K>]
      ? never
      : K
    : K
}[Id]
expectTypeOf<Missing>().toEqualTypeOf<never>()

/** Per endpoint, the success body the app's type says its handler sends. */
type At<S, P, M> = P extends keyof S ? (M extends keyof S[P] ? S[P][M] : never) : never
type Success<K extends Id> =
  Extract<At<AppRoutes, PathOf<K>, MethodOf<K>>, { status: 200 }> extends {
    output: infer O
  }
    ? O
    : never

/**
 * The handlers that answer through `respond` (a use-case's Outcome, untyped per endpoint): the
 * type cannot hold them, the conformance test does. The list only shrinks.
 */
type Untyped = { [K in Id]: UntypedSuccess extends Success<K> ? K : never }[Id]
type UntypedIds =
  | 'follow'
  | 'unfollow'
  | 'notificationsViewAll'
  | 'notificationsReadAll'
  | 'notificationRead'
  | 'emailPreferences'
  | 'unsubscribe'
  | 'unsubscribeOneClick'
  | 'trackEvent'
  | 'followingDelete'
  | 'messagesDelete'
  | 'monitoringsDelete'
  | 'profilePhoto'
  | 'apiKeyCreate'
  | 'apiKeyRevoke'
  | 'lawsuitMonitoring'
  | 'nameMonitoring'
  | 'monitoringHitDismiss'
  | 'webhookSave'
  | 'webhookRemove'
  | 'webhookTest'
  | 'webhookResend'
  | 'oabMonitoring'
  | 'intimationCorrect'
  | 'intimationFulfil'
  | 'deadlineFeedReplace'
  | 'deadlineReminders'
  | 'articlePublish'
  | 'articlePreview'
  | 'articleEdit'
  | 'articleDelete'
  | 'articleVote'
  | 'articleComment'
  | 'commentReply'
  | 'commentDelete'
  | 'logIn'
  | 'logOut'
  | 'signUp'
  | 'signupComplete'
  | 'signupEmailCheck'
  | 'signupSubdomainCheck'
  | 'confirmationResend'
  | 'passwordChange'
  | 'passwordResetRequest'
  | 'passwordReset'
  | 'removalRequest'
  | 'removalDeindex'
  | 'removalMask'
  | 'removalRefuse'
  | 'claimPerson'
  | 'claimUndo'
  | 'mergeProve'
  | 'mergeConfirm'
  | 'reviewAccept'
  | 'reviewRefuse'
  | 'sourceRetry'
  | 'professionalMessage'
  | 'profileSave'
  | 'professionSave'
expectTypeOf<Untyped>().toEqualTypeOf<UntypedIds>()

/**
 * Mutual assignability: what the handler sends is what the declaration promises (a field the
 * handler sends and the declaration lacks, or one declared but never sent, or a wider or other
 * type on either side, names the endpoint). Optional declared fields may go unsent.
 */
type Disagreeing = {
  [K in Id]: K extends Untyped
    ? never
    : [Success<K>] extends [OutputOf<Endpoints[K]>]
      ? [OutputOf<Endpoints[K]>] extends [Success<K>]
        ? never
        : K
      : K
}[Id]
expectTypeOf<Disagreeing>().toEqualTypeOf<never>()

// A typed client built on the app's type: inputs, path parameters and answers are checked.
export const typedClient = (origin: string) => {
  const client = hc<AppType>(origin)
  return {
    monitorLawsuit: () =>
      client.api.interno.processos.$post({
        json: { numero_processo: '0000000-00.0000.0.00.0000', tipo: 'processo' },
      }),
    dismissHit: (id: number) =>
      client.ajax.monitoramentos.ocorrencias[':id']['nao-sou-eu'].$post({
        param: { id: String(id) },
        json: {},
      }),
    health: () => client.api.saude.$get({ query: {} }),
  }
}

const client = hc<AppType>('http://localhost')
// The handler's own body (a `const` literal: readonly, the exact status).
expectTypeOf<InferResponseType<typeof client.api.saude.$get, 200>>().toEqualTypeOf<{
  readonly status: 'ok'
  readonly banco: boolean
}>()
expectTypeOf<
  InferResponseType<typeof client.api.interno.processos.$post, 422>['status']
>().toEqualTypeOf<'failed'>()
// @ts-expect-error: a route the app does not have
client.ajax.monitoramentos.nada.$post
