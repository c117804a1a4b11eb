// Placeholder replaced in this same issue; the props are the contract.
export type FollowButtonState = {
  kind: 'comunidade' | 'usuario' | 'pessoa' | 'empresa' | 'processo'
  id: number
  count: number
  following: boolean
  locked: boolean
}

export function FollowButton({ state, name }: { state: FollowButtonState; name: string }) {
  return (
    <form method="post" action={state.following ? '/ajax/deixar-seguir' : '/ajax/seguir'}>
      <input type="hidden" name="id" value={state.id} />
      <input type="hidden" name="tipo" value={state.kind} />
      <button type="submit" aria-label={name}>
        {state.following ? 'Seguindo' : 'Seguir'}
      </button>
      <span>{state.count}</span>
    </form>
  )
}
