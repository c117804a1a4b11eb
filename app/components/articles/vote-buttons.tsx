import { useEffect, useRef, useState } from 'react'
import { routes } from '~/api/routes'
import { nextVoteState, type VoteKind, type VoteState } from '~/domain/articles/vote-state'
import { t } from '~/i18n/pt-BR'
import { call, routePath } from '~/ui/call'
import { useLoginGate } from '~/ui/login-gate'
import { toastOutcome } from '~/ui/send-form'

/**
 * The article's vote buttons. Without JavaScript each is a form posting `tipo-de-voto`; with it the
 * change shows at once, the server's counts replace it, and a failure rolls it back (§4, §8).
 * Anonymous visitors go through the login gate first (the call is made only when logged in).
 */
export function VoteButtons({ articleId, initial }: { articleId: number; initial: VoteState }) {
  const [state, setState] = useState(initial)
  const current = useRef(state)
  current.current = state
  // The server's last known state, and the votes still on their way. A vote is a toggle the
  // server applies to its own state, so votes are sent one after another, in the reader's
  // order: sent at once, two quick clicks could arrive in the other order and leave another vote
  // than the one on screen.
  const settled = useRef(initial)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const inFlight = useRef(0)
  // The page's data changed (a login in the modal revalidates it): show the user's own vote.
  useEffect(() => {
    if (inFlight.current > 0) return
    const next = { positives: initial.positives, negatives: initial.negatives, vote: initial.vote }
    settled.current = next
    current.current = next
    setState(next)
  }, [initial.positives, initial.negatives, initial.vote])
  const gate = useLoginGate()
  const action = routePath(routes.articleVote, { id: articleId })

  const cast = (kind: VoteKind) =>
    gate.run(async () => {
      const optimistic = nextVoteState(current.current, kind)
      current.current = optimistic
      setState(optimistic)
      inFlight.current += 1
      const sent = queue.current.then(() =>
        call(routes.articleVote, { id: String(articleId), 'tipo-de-voto': kind }),
      )
      queue.current = sent.catch(() => undefined)
      const outcome = await sent
      inFlight.current -= 1
      if (outcome.ok) {
        const { positivos, negativos, voto } = outcome.body
        settled.current = { positives: positivos, negatives: negativos, vote: voto }
      } else if (outcome.kind === 'errors' && outcome.errors) {
        // The rollback says what happened only when the server said why (a rate limit, say).
        toastOutcome(outcome, 'POST', '')
      }
      // When the last vote is answered the screen shows the server's state: the confirmed votes,
      // and a failed one rolled back. Votes still on their way keep the screen as it is.
      if (inFlight.current === 0) {
        current.current = settled.current
        setState(settled.current)
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
