export type VoteKind = 'POSITIVO' | 'NEGATIVO'
export type VoteState = { positives: number; negatives: number; vote: VoteKind | null }

/**
 * Spec §4 "Votes": clicking a side toggles it and moves its count by ±1; activating one side
 * deactivates the other and gives back its count. Pure, so the screen and the tests agree.
 */
export function nextVoteState(state: VoteState, clicked: VoteKind): VoteState {
  const delta = (kind: VoteKind, on: boolean) =>
    kind === 'POSITIVO'
      ? { positives: state.positives + (on ? 1 : -1) }
      : { negatives: state.negatives + (on ? 1 : -1) }
  if (state.vote === clicked) return { ...state, ...delta(clicked, false), vote: null }
  const released = state.vote ? delta(state.vote, false) : {}
  return { ...state, ...released, ...delta(clicked, true), vote: clicked }
}
