import { useEffect, useRef, useState } from 'react'
import { routes } from '~/api/routes'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { call, routePath } from '~/ui/call'
import { isLoggedIn, useLoginGate } from '~/ui/login-gate'
import { BulletList, notify } from '~/ui/toast'

export type FollowButtonState = {
  kind: 'comunidade' | 'usuario' | 'pessoa' | 'empresa' | 'processo' | 'artigo'
  id: number
  count: number
  following: boolean
  /** The community of the viewer's own profession or course: unfollowing it fails (spec §6). */
  locked: boolean
}

const PENDING_KEY = 'seguirPendente'
const PENDING_TTL_MS = 10 * 60 * 1000

/** A follow asked before logging in elsewhere (the session bridge): resumed when the page returns. */
function savePending(kind: string, id: number) {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, id, at: Date.now() }))
  } catch {
    // No storage: the visitor presses the button again after logging in.
  }
}

function takePending(kind: string, id: number): boolean {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY)
    if (!raw) return false
    const pending = JSON.parse(raw) as { kind?: string; id?: number; at?: number }
    if (pending.kind !== kind || pending.id !== id) return false
    sessionStorage.removeItem(PENDING_KEY)
    return Date.now() - (pending.at ?? 0) < PENDING_TTL_MS
  } catch {
    return false
  }
}

export function followersLabel(count: number): string {
  if (count <= 0) return t('follow.followersNone')
  return plural(
    count,
    t('follow.followers.one'),
    t('follow.followers.many', { n: count.toLocaleString('pt-BR') }),
  )
}

/**
 * "Seguir" / "Seguindo" with the follower count (spec §4 "Follow"). Before JavaScript it is a form
 * posting `{id, tipo}` to the one route; with it, the button and the count change at once and
 * go back if the server refuses ('fail': the community one cannot leave) or cannot answer.
 */
export function FollowButton({
  state,
  name,
  own = false,
  labels,
  variant,
}: {
  state: FollowButtonState
  name: string
  /** The visitor is this professional: only the count, not a button they cannot use. */
  own?: boolean
  /**
   * Where a page has two buttons ("Seguir artigo", "Seguir autor"), each says what it follows;
   * alone, "Seguir"/"Seguindo" (spec §4) with the name for screen readers.
   */
  labels?: { follow: string; following: string }
  /** A second button on the page looks like one (secondary), not a copy of the first. */
  variant?: 'secondary'
}) {
  const gate = useLoginGate()
  const [following, setFollowing] = useState(state.following)
  const [count, setCount] = useState(state.count)
  // The change is shown at once; while the server has not answered, the form says it is busy.
  const [busy, setBusy] = useState(false)
  const current = useRef({ following: state.following, count: state.count, busy: false })

  // Fresh loader data (after a login in the modal, say) replaces the shown state when idle.
  useEffect(() => {
    if (current.current.busy) return
    current.current = { following: state.following, count: state.count, busy: false }
    setFollowing(state.following)
    setCount(state.count)
  }, [state.following, state.count])

  const show = (next: { following: boolean; count: number }) => {
    current.current = { ...current.current, ...next }
    setFollowing(next.following)
    setCount(next.count)
  }

  const toggle = async (wanted?: boolean) => {
    const before = { following: current.current.following, count: current.current.count }
    const next = wanted ?? !before.following
    if (current.current.busy || next === before.following) return
    current.current.busy = true
    setBusy(true)
    show({ following: next, count: Math.max(0, before.count + (next ? 1 : -1)) })
    const outcome = await call(next ? routes.follow : routes.unfollow, { id: state.id, tipo: state.kind })
    current.current.busy = false
    setBusy(false)
    if (outcome.ok) {
      show({ following: next, count: outcome.body.count })
      return
    }
    show(before)
    if (outcome.kind === 'errors' && outcome.errors) {
      const [only] = outcome.errors
      notify.error(outcome.errors.length === 1 && only ? only : <BulletList items={outcome.errors} />)
    } else {
      notify.error(t('form.internalError'))
    }
  }

  // Back from logging in through the session bridge: the follow the visitor asked for happens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (isLoggedIn() && takePending(state.kind, state.id)) void toggle(true)
  }, [])

  if (own) return <p className="follow__count">{followersLabel(state.count)}</p>
  return (
    <form
      className="follow"
      method="post"
      aria-busy={busy || undefined}
      action={routePath(following ? routes.unfollow : routes.follow)}
      // Before the application, the bootstrap opens the server's login modal at the press and
      // keeps this follow for after the login, as `savePending` does (decisions/0056).
      data-login-modal={`${PENDING_KEY}=${JSON.stringify({ kind: state.kind, id: state.id })}`}
      onSubmit={(event) => {
        event.preventDefault()
        gate.run(() => toggle(), { onRedirect: () => savePending(state.kind, state.id) })
      }}
    >
      <input type="hidden" name="id" value={state.id} />
      <input type="hidden" name="tipo" value={state.kind} />
      <button
        type="submit"
        className={`button button--small follow__button${variant ? ` button--${variant}` : ''}${following ? ' is-following' : ''}`}
        aria-pressed={following}
      >
        {following ? (labels?.following ?? t('follow.following')) : (labels?.follow ?? t('follow.follow'))}
        <span className="visually-hidden"> {name}</span>
      </button>
      <span className="follow__count" aria-live="polite" data-count={count}>
        {followersLabel(count)}
      </span>
    </form>
  )
}
