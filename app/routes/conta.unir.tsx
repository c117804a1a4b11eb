import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData, useNavigate } from '@remix-run/react'
import { claimRoutes } from '~/api/area-routes/claims'
import { isDomainError } from '~/domain/errors'
import { mergePreview, readTicket } from '~/domain/merge/merge.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { mergeAccountsSchema, proveAccountSchema } from '~/schemas/merge'
import { requireUser } from '~/server/guards.server'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

/** What the Google proof's `?erro=` names (workers/api/social-login.ts); anything else: nothing. */
const GOOGLE_PROBLEMS = new Map<string, string>([
  ['sem-conta', t('merge.googleNoAccount')],
  ['mesma-conta', t('merge.sameAccount')],
  ['confirme-esta', t('merge.confirmFirst')],
  ['nao-confirmada', t('merge.otherUnconfirmed')],
])

/**
 * Conta › Unir contas (issue 17, decisions/0033). Step 1 proves the other account; with the
 * signed ticket (`?ticket=`) step 2 shows exactly what will happen, for either choice of survivor,
 * before anything does.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const params = new URL(request.url).searchParams
  const ticket = params.get('ticket')
  const error = params.get('erro')
  if (!ticket) return { step: 'prove' as const, problem: GOOGLE_PROBLEMS.get(error ?? '') ?? null }
  try {
    const { current, other } = await readTicket(context.deps, user.id, ticket)
    const [keepThis, keepOther] = await Promise.all([
      mergePreview(context.deps, current.id, other.id),
      mergePreview(context.deps, other.id, current.id),
    ])
    const who = (u: typeof current) => ({ name: u.name, subdomain: u.subdomain, email: u.email })
    // The choice made (a GET form, so it works without JavaScript): one more page names both
    // accounts and asks "Confirmar" before the irreversible post (issue 28 §5).
    const survivor = params.get('sobrevivente')
    if (survivor === 'esta' || survivor === 'outra') {
      const keepThisOne = survivor === 'esta'
      return {
        step: 'final' as const,
        ticket,
        survivor: survivor as 'esta' | 'outra',
        kept: who(keepThisOne ? current : other),
        closed: who(keepThisOne ? other : current),
        preview: keepThisOne ? keepThis : keepOther,
      }
    }
    return { step: 'confirm' as const, ticket, current: who(current), other: who(other), keepThis, keepOther }
  } catch (error) {
    if (isDomainError(error)) return { step: 'prove' as const, problem: error.message }
    throw error
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('merge.title') }),
  { name: 'robots', content: 'noindex' },
]

type Preview = Awaited<ReturnType<typeof mergePreview>>
type Person = { name: string; subdomain: string; email: string }

/** "2 itens seguidos (1 que as duas seguem vira um só)": what they share, only when they do. */
const withShared = (items: string, shared: number, one: string, many: string) =>
  shared > 0 ? t('merge.withShared', { itens: items, comuns: plural(shared, one, many) }) : items

function WhatHappens({ preview, closed }: { preview: Preview; closed: Person }) {
  return (
    <>
      <p>{t('merge.willMove')}</p>
      <ul>
        <li>
          {withShared(
            plural(
              preview.follows,
              t('merge.moveFollows.one'),
              t('merge.moveFollows.many', { n: preview.follows }),
            ),
            preview.sharedFollows,
            t('merge.sharedFollows.one'),
            t('merge.sharedFollows.many', { n: preview.sharedFollows }),
          )}
        </li>
        <li>{t('merge.moveFollowers')}</li>
        <li>
          {withShared(
            plural(preview.votes, t('merge.moveVotes.one'), t('merge.moveVotes.many', { n: preview.votes })),
            preview.sharedVotes,
            t('merge.sharedVotes.one'),
            t('merge.sharedVotes.many', { n: preview.sharedVotes }),
          )}
        </li>
        <li>
          {plural(
            preview.articles,
            t('merge.moveArticles.one'),
            t('merge.moveArticles.many', { n: preview.articles }),
          )}
        </li>
        <li>
          {plural(
            preview.comments,
            t('merge.moveComments.one'),
            t('merge.moveComments.many', { n: preview.comments }),
          )}
        </li>
        <li>
          {withShared(
            plural(
              preview.monitorings,
              t('merge.moveMonitorings.one'),
              t('merge.moveMonitorings.many', { n: preview.monitorings }),
            ),
            preview.sharedMonitorings,
            t('merge.sharedMonitorings.one'),
            t('merge.sharedMonitorings.many', { n: preview.sharedMonitorings }),
          )}
        </li>
        {/* Only a lawyer's accounts have intimações: a "0" line would be noise for everyone else. */}
        {preview.intimations > 0 ? (
          <li>
            {plural(
              preview.intimations,
              t('merge.moveIntimations.one'),
              t('merge.moveIntimations.many', { n: preview.intimations }),
            )}
          </li>
        ) : null}
        <li>
          {plural(
            preview.messages,
            t('merge.moveMessages.one'),
            t('merge.moveMessages.many', { n: preview.messages }),
          )}
        </li>
        <li>
          {plural(
            preview.notifications,
            t('merge.moveNotifications.one'),
            t('merge.moveNotifications.many', { n: preview.notifications }),
          )}
        </li>
      </ul>
      <p>{t('merge.closedFate', { subdominio: closed.subdomain })}</p>
      <p>{t('merge.loginFate')}</p>
    </>
  )
}

type Final = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { step: 'final' }>

/** The last step: both accounts named, what moves, and "Confirmar" or "Cancelar" (no JS needed). */
function FinalStep({ data, onDone }: { data: Final; onDone: () => void }) {
  return (
    <>
      <h2>{t('merge.finalTitle')}</h2>
      <p>
        {t('merge.finalSummary', {
          encerrada: data.closed.name,
          subEncerrada: data.closed.subdomain,
          mantida: data.kept.name,
          subMantida: data.kept.subdomain,
        })}
      </p>
      <WhatHappens preview={data.preview} closed={data.closed} />
      <p>
        <strong>{t('merge.irreversible')}</strong>
      </p>
      <ActionForm
        endpoint={claimRoutes.mergeConfirm}
        schema={mergeAccountsSchema}
        defaultValues={{ ticket: data.ticket, sobrevivente: data.survivor }}
        resetOnSuccess={false}
        successMessage={t('merge.done', { nome: data.kept.name })}
        label={t('merge.finalTitle')}
        onSuccess={onDone}
      >
        {({ submitting }) => (
          <>
            <input type="hidden" name="ticket" value={data.ticket} />
            <input type="hidden" name="sobrevivente" value={data.survivor} />
            <div className="row">
              <SubmitButton submitting={submitting}>{t('merge.finalConfirm')}</SubmitButton>
              <a className="button button--secondary" href="/conta">
                {t('merge.finalCancel')}
              </a>
            </div>
          </>
        )}
      </ActionForm>
    </>
  )
}

export default function MergeAccounts() {
  const data = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  return (
    <section className="page page--narrow" aria-labelledby="unir-titulo">
      <h1 id="unir-titulo">{t('merge.title')}</h1>
      <p>{t('merge.intro')}</p>
      {data.step === 'final' ? (
        <FinalStep data={data} onDone={() => navigate('/conta')} />
      ) : data.step === 'prove' ? (
        <>
          {'problem' in data && data.problem ? (
            <p role="alert" className="notice notice--error">
              {data.problem}
            </p>
          ) : null}
          <h2>{t('merge.proveTitle')}</h2>
          <p className="field__hint">{t('merge.proveHelp')}</p>
          <ActionForm
            endpoint={claimRoutes.mergeProve}
            schema={proveAccountSchema}
            resetOnSuccess={false}
            successMessage=""
            label={t('merge.proveTitle')}
            onSuccess={(body) => {
              if (typeof body.redirect_url === 'string') navigate(body.redirect_url)
            }}
          >
            {({ submitting }) => (
              <>
                <TextField name="email" type="email" label={t('merge.email')} autoComplete="off" />
                <TextField name="senha" type="password" label={t('merge.password')} autoComplete="off" />
                <SubmitButton submitting={submitting}>{t('merge.prove')}</SubmitButton>
              </>
            )}
          </ActionForm>
          <p>
            <a className="button button--secondary" href="/entrar/google?intencao=unir">
              {t('merge.google')}
            </a>
          </p>
        </>
      ) : (
        <>
          <h2>{t('merge.confirmTitle')}</h2>
          <form method="get" action="/conta/unir" className="form" aria-label={t('merge.confirmTitle')}>
            <input type="hidden" name="ticket" value={data.ticket} />
            <fieldset className="choice merge-choice">
              <legend>{t('merge.choose')}</legend>
              {(
                [
                  ['esta', data.current, data.other, data.keepThis],
                  ['outra', data.other, data.current, data.keepOther],
                ] as const
              ).map(([value, kept, closed, preview]) => (
                <div key={value} className="merge-option">
                  <label className="choice__option">
                    <input type="radio" name="sobrevivente" value={value} defaultChecked={value === 'esta'} />{' '}
                    <strong>{t('merge.keep', { nome: kept.name, subdominio: kept.subdomain })}</strong>
                  </label>
                  <WhatHappens preview={preview} closed={closed} />
                </div>
              ))}
            </fieldset>
            <p>
              <strong>{t('merge.irreversible')}</strong>
            </p>
            <button type="submit" className="button">
              {t('merge.review')}
            </button>
          </form>
        </>
      )}
    </section>
  )
}
