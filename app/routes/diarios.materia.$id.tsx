import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { Facts } from '~/components/corpus/document-facts'
import { RemovalLink, robotsMeta } from '~/components/removal/removal-link'
import { formatCnj } from '~/domain/corpus/cnj'
import { getArticle } from '~/domain/corpus/read/gazettes.server'
import { pageRestrictions } from '~/domain/removal/pages.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { formatDate } from '~/lib/format'
import { gazetteItemPath, gazettePath, lawsuitPath } from '~/lib/paths'
import { seo } from '~/lib/seo'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = Number(params.id)
  const found = Number.isInteger(id) && id > 0 ? await getArticle(context.deps, id) : null
  if (!found) throw data({ reason: 'page' }, { status: 404 })
  const restrictions = await pageRestrictions(context.deps, 'materia', found.article.id)
  return { ...found, origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN), restrictions }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({
          title: `${d.article.title} – ${d.gazette.name}`,
          description: d.article.body,
          canonical: `${d.origin}${gazetteItemPath(d.article.id)}`,
        }),
        ...robotsMeta(d.restrictions),
      ]
    : []

export default function GazetteArticlePage() {
  const { article, gazette, edition, section, lawsuitPublic, mentions } = useLoaderData<typeof loader>()
  const editionHref = gazettePath(gazette.slug, { date: edition.date, section: section?.slug })
  return (
    <article className="document" aria-labelledby="materia-titulo">
      <header className="document__header">
        <p className="document__kicker">
          <a href={editionHref}>{gazette.name}</a>
        </p>
        <h1 id="materia-titulo">{article.title}</h1>
      </header>
      <Facts
        items={[
          [t('gazette.date'), formatDate(edition.date)],
          [t('gazette.section'), section?.name],
          [t('gazette.article'), article.kind],
          [t('gazette.organ'), article.organ],
          [t('gazette.pageLabel'), article.page],
          [
            t('lawsuit.label'),
            article.lawsuitCnj && lawsuitPublic ? (
              <a key="processo" href={lawsuitPath(article.lawsuitCnj)}>
                {formatCnj(article.lawsuitCnj)}
              </a>
            ) : null,
          ],
        ]}
      />
      <div className="preformatted gazette-body">{article.body}</div>
      {mentions.length ? (
        <section aria-labelledby="citados">
          <h2 id="citados">{t('gazette.mentions')}</h2>
          <ul className="plain-list">
            {mentions.map((m) => (
              <li key={m.href}>
                <a href={m.href}>{m.name}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RemovalLink path={gazetteItemPath(article.id)} />
    </article>
  )
}
