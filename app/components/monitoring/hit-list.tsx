import { useRevalidator } from '@remix-run/react'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { monitoringPath } from '~/lib/paths'
import { z } from '~/schemas/zod'
import { routePath } from '~/ui/call'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

/**
 * "Não sou eu" sends nothing (the hit is in the address). Not `emptyFormSchema`: this page does
 * not load app/schemas/monitoring.ts (the name form's rules, 2.9 KB gz) for an empty object.
 */
const nothing = z.object({})

export type HitView = {
  id: number
  title: string
  url: string
  date: string | null
  found: string
  excerpt: { before: string; match: string; after: string } | null
  reasons: string[]
  dismissed: boolean
  context: string
}

/** A monitoring's hits, newest first: the document, the excerpt with the name marked, and why. */
export function HitList({
  monitoringId,
  hits,
  next,
  paged,
}: {
  monitoringId: number
  hits: HitView[]
  next: number | null
  paged: boolean
}) {
  const revalidator = useRevalidator()
  return (
    <section aria-labelledby="ocorrencias">
      <h2 id="ocorrencias">{t('monitoring.page.hits')}</h2>
      {hits.length === 0 ? <p className="muted">{t('monitoring.page.noHits')}</p> : null}
      <ol className="hits">
        {hits.map((hit) => (
          <li key={hit.id} id={`ocorrencia-${hit.id}`} className={hit.dismissed ? 'hit is-dismissed' : 'hit'}>
            <h3 className="hit__title">
              <a href={hit.url}>{hit.title}</a>
            </h3>
            <p className="muted hit__dates">
              {hit.date ? <>{hit.date} · </> : null}
              {hit.found}
            </p>
            {hit.excerpt ? (
              <blockquote className="hit__excerpt">
                {hit.excerpt.before}
                <mark>{hit.excerpt.match}</mark>
                {hit.excerpt.after}
              </blockquote>
            ) : null}
            <p className="hit__why-title">{t('monitoring.page.why')}</p>
            <ul className="hit__why">
              {hit.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            {hit.dismissed ? (
              <p className="muted">{t('monitoring.page.dismissedMark')}</p>
            ) : (
              <ActionForm
                action={routePath(routes.monitoringHitDismiss, { id: hit.id })}
                schema={nothing}
                resetOnSuccess={false}
                label={t('monitoring.page.notMeLabel', { titulo: hit.title })}
                onSuccess={() => revalidator.revalidate()}
              >
                {({ submitting }) => (
                  <SubmitButton submitting={submitting} className="button--secondary button--small">
                    {t('monitoring.page.notMe')}
                  </SubmitButton>
                )}
              </ActionForm>
            )}
          </li>
        ))}
      </ol>
      {next || paged ? (
        <nav aria-label={t('monitoring.page.pages')} className="pagination">
          {paged ? <a href={monitoringPath(monitoringId)}>{t('monitoring.page.newer')}</a> : null}
          {next ? (
            <a href={`${monitoringPath(monitoringId)}?antes=${next}`}>{t('monitoring.page.next')}</a>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
