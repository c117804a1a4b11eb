import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ReviewItem } from '~/components/claims/review-item'
import { reviewQueue } from '~/domain/claims/decisions.server'
import { mainOrigin, profileOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { personPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { requireRole } from '~/server/guards.server'

/**
 * `/revisao/reivindicacoes` (decisions/0048): the reviewers' queue of "Este sou eu" claims, oldest
 * first, with what each one's evidence showed. Reviewers only; never indexed.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireRole(context, request, 'revisor')
  const base = context.cloudflare.env.BASE_DOMAIN
  const rows = await reviewQueue(context.deps)
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status as 'em_analise' | 'suspensa',
      evidenceKind: row.evidenceKind,
      evidenceValue: row.evidenceValue,
      matched: row.matched,
      since: formatInstant(row.createdAt, 'date'),
      accountName: row.accountName,
      profileUrl: profileOrigin(row.subdomain, base),
      personName: row.personName,
      personUrl: `${mainOrigin(base)}${personPath(row.slug)}`,
    })),
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('review.title'), description: t('review.intro') }),
  { name: 'robots', content: 'noindex' },
]

export default function ReviewQueuePage() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow review-page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('review.title')}</h1>
      <p>{t('review.intro')}</p>
      <p>
        <a href="/revisao/remocoes">{t('removal.reviewLink')}</a>
      </p>
      {items.length === 0 ? (
        <p className="muted">{t('review.empty')}</p>
      ) : (
        <ol className="review-list">
          {items.map((item) => (
            <ReviewItem key={item.id} item={item} />
          ))}
        </ol>
      )}
    </section>
  )
}
