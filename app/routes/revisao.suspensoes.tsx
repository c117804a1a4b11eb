import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { deadlineRoutes } from '~/api/area-routes/deadlines'
import { listSuspensions } from '~/domain/deadlines/suspensions.server'
import { t } from '~/i18n/pt-BR'
import { formatDate } from '~/lib/format'
import { seo } from '~/lib/seo'
import { requireRole } from '~/server/guards.server'
import { routePath } from '~/ui/call'

/**
 * `/revisao/suspensoes` (issue 41, decisions/0102): the suspensions courts declared, newest first,
 * and the form that adds one with its source (in the audit trail). The deadline counter reads them.
 * Reviewers only; never indexed. A plain form: no script needed.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireRole(context, request, 'revisor')
  const rows = await listSuspensions(context.deps)
  return {
    items: rows.map((row) => ({
      id: row.id,
      text: t('deadlines.suspension.row', {
        tribunal: row.court,
        de: formatDate(row.fromDay),
        ate: formatDate(row.toDay),
        motivo: row.reason,
        fonte: row.source,
      }),
    })),
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('deadlines.suspension.title'), description: t('deadlines.suspension.intro') }),
  { name: 'robots', content: 'noindex' },
]

export default function SuspensionsPage() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow review-page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('deadlines.suspension.title')}</h1>
      <p>{t('deadlines.suspension.intro')}</p>
      <form
        method="post"
        action={routePath(deadlineRoutes.suspensionAdd, {})}
        className="review-item__form"
        aria-label={t('deadlines.suspension.submit')}
      >
        <label>
          {t('deadlines.suspension.court')} <input name="tribunal" required maxLength={12} />
        </label>
        <label>
          {t('deadlines.suspension.from')} <input name="de" type="date" required />
        </label>
        <label>
          {t('deadlines.suspension.to')} <input name="ate" type="date" required />
        </label>
        <label>
          {t('deadlines.suspension.reason')} <input name="motivo" required maxLength={200} />
        </label>
        <label>
          {t('deadlines.suspension.source')} <textarea name="fonte" rows={2} required maxLength={500} />
        </label>
        <button type="submit" className="button">
          {t('deadlines.suspension.submit')}
        </button>
      </form>
      <h2>{t('deadlines.suspension.listTitle')}</h2>
      {items.length === 0 ? (
        <p className="muted">{t('deadlines.suspension.empty')}</p>
      ) : (
        <ul className="review-list">
          {items.map((item) => (
            <li key={item.id}>{item.text}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
