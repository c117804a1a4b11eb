import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { daysLeft, removalQueue } from '~/domain/removal/decisions.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { seo } from '~/lib/seo'
import { requireRole } from '~/server/guards.server'
import { routePath } from '~/ui/call'

/** Each form's accessible name: the action and the request, three forms a request (issue 38). */
const formLabel = (action: string, item: { id: number; name: string }) =>
  t('removal.review.formLabel', { acao: action, id: item.id, nome: item.name })

function left(days: number): string {
  if (days < 0)
    return plural(-days, t('removal.review.overdue.one'), t('removal.review.overdue.many', { n: -days }))
  if (days === 0) return t('removal.review.dueToday')
  return plural(days, t('removal.review.daysLeft.one'), t('removal.review.daysLeft.many', { n: days }))
}

/**
 * `/revisao/remocoes` (decisions/0066): the reviewers' queue of confirmed removal requests, the
 * nearest legal deadline (LGPD art. 19: 15 days) first, with the days left. Reviewers only.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireRole(context, request, 'revisor')
  const now = context.deps.now()
  const rows = await removalQueue(context.deps)
  return {
    items: rows.map((row) => {
      const days = daysLeft(row.deadline, now)
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        relation: t(`removal.relation.${row.relation}`),
        rights: row.rights.map((right) => t(`removal.right.${right}`)).join('; '),
        reason: row.reason,
        pages: row.pages.map((page) => ({ path: page.path, title: page.title })),
        deadline: formatInstant(row.deadline, 'date'),
        left: left(days),
        late: days < 0,
        hasDocument: !!row.documentKey,
      }
    }),
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('removal.review.title'), description: t('removal.review.intro') }),
  { name: 'robots', content: 'noindex' },
]

export default function RemovalQueuePage() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow review-page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('removal.review.title')}</h1>
      <p>{t('removal.review.intro')}</p>
      <p>
        <a href="/revisao/auditoria.csv" download>
          {t('removal.review.audit')}
        </a>
      </p>
      {items.length === 0 ? (
        <p className="muted">{t('removal.review.empty')}</p>
      ) : (
        <ol className="review-list">
          {items.map((item) => (
            <li key={item.id} className="review-item" data-request={item.id}>
              <p>
                <strong
                  className={item.late ? 'removal-deadline removal-deadline--late' : 'removal-deadline'}
                >
                  {t('removal.review.deadline', { data: item.deadline })} ({item.left})
                </strong>
              </p>
              <p>
                {t('removal.review.requester', {
                  nome: item.name,
                  email: item.email,
                  relacao: item.relation,
                })}
              </p>
              <p>{t('removal.review.rights', { direitos: item.rights })}</p>
              <p className="review-item__reason">{item.reason}</p>
              <ul>
                {item.pages.map((page) => (
                  <li key={page.path}>
                    <a href={page.path}>{page.title}</a> <span className="muted">{page.path}</span>
                  </li>
                ))}
              </ul>
              {item.hasDocument ? (
                <p>
                  <a href={`/revisao/remocoes/${item.id}/documento`} target="_blank" rel="noreferrer">
                    {t('removal.review.document')}
                  </a>
                </p>
              ) : null}
              <form
                method="post"
                action={routePath(routes.removalDeindex, { id: item.id })}
                className="review-item__form"
                aria-label={formLabel(t('removal.review.deindex'), item)}
              >
                <label>
                  {t('removal.review.note')} <input name="nota" maxLength={1000} />
                </label>
                <button type="submit" className="button">
                  {t('removal.review.deindex')}
                </button>
              </form>
              <form
                method="post"
                action={routePath(routes.removalMask, { id: item.id })}
                className="review-item__form"
                aria-label={formLabel(t('removal.review.mask'), item)}
              >
                <label>
                  {t('removal.review.note')} <input name="nota" maxLength={1000} />
                </label>
                <button type="submit" className="button">
                  {t('removal.review.mask')}
                </button>
              </form>
              <form
                method="post"
                action={routePath(routes.removalRefuse, { id: item.id })}
                className="review-item__form"
                aria-label={formLabel(t('removal.review.refuse'), item)}
              >
                <label>
                  {t('removal.review.reason')} <textarea name="motivo" rows={2} maxLength={1000} required />
                </label>
                <button type="submit" className="button button--secondary">
                  {t('removal.review.refuse')}
                </button>
              </form>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
