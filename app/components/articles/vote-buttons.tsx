import { useEffect, useRef, useState } from 'react'
import { nextVoteState, type VoteKind, type VoteState } from '~/domain/articles/vote-state'
import { t } from '~/i18n/pt-BR'
import { useLoginGate } from '~/ui/login-gate'
import { postAction, toastOutcome } from '~/ui/send-form'

/**
 * The article's vote buttons. Without JavaScript each is a form posting `tipo-de-voto`; with it the
 * change shows at once, the server's counts replace it, and a failure rolls it back (§4, §8).
 * Anonymous visitors go through the login gate first (the call is made only when logged in).
 */
export function VoteButtons({ articleId, initial }: { articleId: number; initial: VoteState }) {
  const [state, setState] = useState(initial)
  const current = useRef(state)
  current.current = state
  const pending = useRef(false)
  // The page's data changed (a login in the modal revalidates it): show the user's own vote.
  useEffect(() => {
    if (pending.current) return
    const next = { positives: initial.positives, negatives: initial.negatives, vote: initial.vote }
    current.current = next
    setState(next)
  }, [initial.positives, initial.negatives, initial.vote])
  const gate = useLoginGate()
  const action = `/ajax/artigos/${articleId}/votar`

  const cast = (kind: VoteKind) =>
    gate.run(async () => {
      const before = current.current
      const optimistic = nextVoteState(before, kind)
      current.current = optimistic
      setState(optimistic)
      pending.current = true
      const outcome = await postAction(action, { 'tipo-de-voto': kind })
      pending.current = false
      if (outcome.ok) {
        const { positivos, negativos, voto } = outcome.body as {
          positivos?: number
          negativos?: number
          voto?: VoteKind | null
        }
        const confirmed = {
          positives: Number(positivos ?? optimistic.positives),
          negatives: Number(negativos ?? optimistic.negatives),
          vote: voto ?? null,
        }
        current.current = confirmed
        setState(confirmed)
      } else {
        current.current = before
        setState(before)
        // The rollback says what happened only when the server said why (a rate limit, say).
        if (outcome.kind === 'errors' && outcome.errors) toastOutcome(outcome, 'POST', '')
      }
    })

  return (
    <section className="article__votes" aria-label={t('article.votes')}>
      {(['POSITIVO', 'NEGATIVO'] as const).map((kind) => (
        <form
          key={kind}
          method="post"
          action={action}
          onSubmit={(event) => {
            event.preventDefault()
            cast(kind)
          }}
        >
          <input type="hidden" name="tipo-de-voto" value={kind} />
          <button
            type="submit"
            className={`button button--small vote vote--${kind === 'POSITIVO' ? 'up' : 'down'}`}
            aria-pressed={state.vote === kind}
            data-vote={kind}
          >
            <span>{kind === 'POSITIVO' ? t('article.votePositive') : t('article.voteNegative')}</span>{' '}
            <span className="vote__count" data-count>
              {kind === 'POSITIVO' ? state.positives : state.negatives}
            </span>
          </button>
        </form>
      ))}
    </section>
  )
}
