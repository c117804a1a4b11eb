import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { JsonLd } from '~/components/json-ld'
import { RemovalLink, robotsMeta } from '~/components/removal/removal-link'
import { getStatute } from '~/domain/corpus/read/documents.server'
import { pageRestrictions } from '~/domain/removal/pages.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { statutePath } from '~/lib/paths'
import { truncateAtWord } from '~/lib/plain-text'
import { seo } from '~/lib/seo'
import { foldSlug, redirectToCanonical } from '~/server/canonical.server'

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const found = await getStatute(context.deps, foldSlug(params.slug ?? ''))
  if (!found) throw data({ reason: 'page' }, { status: 404 })
  redirectToCanonical(request, statutePath(found.statute.slug))
  const restrictions = await pageRestrictions(context.deps, 'lei', found.statute.id)
  return { ...found, origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN), restrictions }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({
          title: d.statute.title,
          description: d.statute.summary,
          canonical: `${d.origin}${statutePath(d.statute.slug)}`,
        }),
        ...robotsMeta(d.restrictions),
      ]
    : []

const HEADINGS = new Set(['titulo', 'capitulo', 'secao', 'subsecao'])

/**
 * The statute with every dispositivo as an element whose id is its anchor: `#art5_inc3` scrolls
 * there and the shell's hash highlight marks it for 3 s.
 */
export default function StatutePage() {
  const { statute, provisions, origin } = useLoaderData<typeof loader>()
  return (
    <article className="document statute" aria-labelledby="lei-titulo">
      <header className="document__header">
        <p className="document__kicker">{t('search.category.leis')}</p>
        <h1 id="lei-titulo">{statute.title}</h1>
        <p className="document__subtitle">{statute.summary}</p>
      </header>
      <section aria-label={t('statute.provisions')} className="provisions">
        {provisions.map((p) =>
          HEADINGS.has(p.kind) ? (
            <h2 key={p.anchor} id={p.anchor} className={`provision provision--${p.kind}`}>
              {p.text}
            </h2>
          ) : (
            <p key={p.anchor} id={p.anchor} className={`provision provision--${p.kind}`} data-depth={p.depth}>
              <a
                className="provision__anchor"
                href={`#${p.anchor}`}
                aria-label={`Link para ${truncateAtWord(p.text, 60)}`}
              >
                #
              </a>
              {p.text}
            </p>
          ),
        )}
      </section>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Legislation',
          name: statute.title,
          legislationIdentifier: statute.urn,
          legislationDate: statute.date,
          abstract: statute.summary,
          url: `${origin}${statutePath(statute.slug)}`,
        }}
      />
      <RemovalLink path={statutePath(statute.slug)} />
    </article>
  )
}
