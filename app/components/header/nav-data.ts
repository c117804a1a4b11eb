import { t } from '~/i18n/pt-BR'
import { SEARCH_CATEGORIES, type SearchCategory } from '../search-form'

export type NavLink = { label: string; href: string }

/**
 * Features whose pages do not exist yet. Their header and menu entries stay hidden (a link to a
 * 404 is worse than no link); the issue that builds one turns it on here, in one place.
 */
export const FEATURES = {
  monitoring: true,
  directory: true,
  articles: true,
} as const
export type Feature = keyof typeof FEATURES

type Entry = { label: string; path: string; feature?: Feature }

const enabled = (entry: Entry, features: Record<Feature, boolean>) =>
  !entry.feature || features[entry.feature]

/** Where each search category lives (spec §2: `jr` and `leis` have their own routes). */
export function categoryHref(code: SearchCategory): string {
  if (code === 'jr') return '/jurisprudencia/busca'
  if (code === 'leis') return '/legislacao/busca'
  return `/busca?qo=${code}`
}

const SOLUTIONS: Entry[] = [
  { label: t('header.solutions.lawsuits'), path: '/monitoramentos', feature: 'monitoring' },
  { label: t('header.solutions.names'), path: '/monitoramentos/novo?campaign_id=29', feature: 'monitoring' },
  { label: t('header.solutions.directory'), path: '/profissionais', feature: 'directory' },
  { label: t('header.solutions.articles'), path: '/artigos', feature: 'articles' },
]
const COMPANIES: Entry[] = [
  { label: t('header.companies.monitoring'), path: '/monitoramentos', feature: 'monitoring' },
  { label: t('header.companies.search'), path: '/busca?qo=i' },
  { label: t('header.companies.gazettes'), path: '/busca?qo=d' },
]
const SYSTEMS: Entry[] = [
  { label: t('header.systems.search'), path: '/busca?qo=t' },
  { label: t('header.systems.gazettes'), path: '/diarios' },
  { label: t('header.systems.caseLaw'), path: '/jurisprudencia' },
  { label: t('header.systems.legislation'), path: '/legislacao' },
  { label: t('header.systems.lawsuits'), path: '/busca?qo=en' },
  { label: t('header.systems.professionals'), path: '/profissionais', feature: 'directory' },
]
/** The logged-in user's own pages (the profile link comes first, on the user's subdomain). */
const ACCOUNT: Entry[] = [
  { label: t('header.editProfile'), path: '/conta/perfil' },
  { label: t('header.messages'), path: '/conta/mensagens' },
  { label: t('header.solutions.lawsuits'), path: '/monitoramentos', feature: 'monitoring' },
  // A lawyer's day (issue 41): her intimações by OAB and their deadlines by date.
  { label: t('header.intimations'), path: '/intimacoes', feature: 'monitoring' },
  { label: t('header.deadlines'), path: '/prazos', feature: 'monitoring' },
  { label: t('auth.passwordTitle'), path: '/conta/senha' },
]

/** The header's link lists; an empty list means its menu is not shown. */
export function navSections(mainOrigin: string, features: Record<Feature, boolean> = FEATURES) {
  const links = (entries: Entry[]): NavLink[] =>
    entries
      .filter((entry) => enabled(entry, features))
      .map((entry) => ({ label: entry.label, href: `${mainOrigin}${entry.path}` }))
  return {
    searchBy: SEARCH_CATEGORIES.map((code) => ({
      label: t(`search.category.${code}`),
      href: `${mainOrigin}${categoryHref(code)}`,
    })),
    solutions: links(SOLUTIONS),
    companies: links(COMPANIES),
    systems: links(SYSTEMS),
    account: links(ACCOUNT),
  }
}
