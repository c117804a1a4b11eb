import { type MessageKey, t } from '~/i18n/pt-BR'
import { SEARCH_CATEGORIES, type SearchCategory } from '../search-form'

export type NavLink = { label: string; href: string }

/** Where each search category lives (spec §2: `jr` and `leis` have their own routes). */
export function categoryHref(code: SearchCategory): string {
  if (code === 'jr') return '/jurisprudencia/busca'
  if (code === 'leis') return '/legislacao/busca'
  return `/busca?qo=${code}`
}

export function navSections(mainOrigin: string) {
  const link = (key: MessageKey, path: string): NavLink => ({ label: t(key), href: `${mainOrigin}${path}` })
  return {
    searchBy: SEARCH_CATEGORIES.map((code) => ({
      label: t(`search.category.${code}`),
      href: `${mainOrigin}${categoryHref(code)}`,
    })),
    solutions: [
      link('header.solutions.lawsuits', '/monitoramentos'),
      link('header.solutions.names', '/monitoramentos/novo?campaign_id=29'),
      link('header.solutions.directory', '/profissionais'),
      link('header.solutions.articles', '/artigos'),
    ],
    companies: [
      link('header.companies.monitoring', '/monitoramentos'),
      link('header.companies.search', '/busca?qo=i'),
      link('header.companies.gazettes', '/busca?qo=d'),
    ],
    systems: [
      link('header.systems.search', '/busca?qo=t'),
      link('header.systems.gazettes', '/diarios'),
      link('header.systems.caseLaw', '/jurisprudencia'),
      link('header.systems.legislation', '/legislacao'),
      link('header.systems.lawsuits', '/busca?qo=en'),
      link('header.systems.professionals', '/profissionais'),
    ],
  }
}
