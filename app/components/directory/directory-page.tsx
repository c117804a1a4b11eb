import { Link } from '@remix-run/react'
import { JsonLd } from '~/components/json-ld'
import { directoryDescription, directoryTitle, professionalsCount } from '~/domain/directory/titles'
import { DIRECTORY_HOME, directoryPath } from '~/domain/directory/urls'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import type { DirectoryListData } from '~/server/directory.server'
import { DirectoryAlternatives } from './alternatives'
import { DirectoryFilter } from './directory-filter'
import { DirectoryPagination, DirectoryResults } from './results'

/**
 * schema.org: the page is an `ItemList` of `Person`s (decisions/0024). Each item is an individual
 * with their title, city and profile; the profile itself describes the `ProfessionalService`.
 */
function itemListJsonLd(list: DirectoryListData, name: string) {
  const offset = (list.page - 1) * list.perPage
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url: list.canonical,
    numberOfItems: list.total,
    itemListElement: list.entries.map((entry, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      item: {
        '@type': 'Person',
        '@id': `${entry.url}#pessoa`,
        name: entry.name,
        jobTitle: entry.headline,
        url: entry.url,
        ...(entry.photoUrl ? { image: new URL(entry.photoUrl, list.origin).toString() } : {}),
        ...(entry.specialties.length ? { knowsAbout: entry.specialties } : {}),
        ...(entry.city
          ? {
              address: {
                '@type': 'PostalAddress',
                addressLocality: entry.city,
                addressRegion: entry.uf,
                addressCountry: 'BR',
              },
            }
          : {}),
      },
    })),
  }
}

/** The three list pages: `/{profissão}`, `/{profissão}/{cidade}` and `/cidade/{cidade}`. */
export function DirectoryListPage({ list }: { list: DirectoryListData }) {
  const { profession, city } = list
  const title = directoryTitle(list)
  const href = (page: number) => directoryPath({ profession: profession?.slug, city: city?.slug, page })
  return (
    <section className="directory" aria-labelledby="diretorio-titulo">
      <nav className="directory-trail" aria-label={t('directory.kicker')}>
        <Link to={DIRECTORY_HOME}>{t('directory.kicker')}</Link>
        {profession && city ? (
          <>
            {' › '}
            <Link to={directoryPath({ profession: profession.slug })}>{profession.plural}</Link>
            {' › '}
            <Link to={directoryPath({ city: city.slug })}>{`${city.name} – ${city.uf}`}</Link>
          </>
        ) : null}
      </nav>
      <header className="directory__header">
        <h1 id="diretorio-titulo">{title}</h1>
        <p className="muted">{professionalsCount(list.total)}</p>
      </header>
      <DirectoryFilter
        key={`${profession?.slug ?? ''}/${city?.slug ?? ''}`}
        profession={profession?.slug ?? null}
        city={city ? { id: city.code, nome: city.name, uf: city.uf } : null}
      />
      {list.entries.length ? (
        <DirectoryResults entries={list.entries} />
      ) : (
        <DirectoryAlternatives profession={profession} city={city} alternatives={list.alternatives} />
      )}
      <DirectoryPagination page={list.page} pages={list.pages} href={href} />
      <JsonLd data={itemListJsonLd(list, title)} />
    </section>
  )
}

/** Title, description and canonical; an empty list is kept out of search engines' indexes. */
export function directoryMeta(list: DirectoryListData | undefined) {
  if (!list) return []
  const title = directoryTitle(list)
  const tags = seo({
    title: list.page > 1 ? t('directory.pageSuffix', { titulo: title, n: list.page }) : title,
    description: directoryDescription(list),
    canonical: list.canonical,
  })
  return list.total === 0 ? [...tags, { name: 'robots', content: 'noindex, follow' }] : tags
}
