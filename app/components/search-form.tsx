import { t } from '~/i18n/pt-BR'

/** Search categories and their codes (spec §3). `jr` and `leis` have their own routes (spec §2). */
export const SEARCH_CATEGORIES = ['t', 'p', 'i', 'd', 'en', 'jr', 'leis'] as const
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number]

function actionFor(category: SearchCategory): string {
  return category === 'jr' ? '/jurisprudencia/busca' : category === 'leis' ? '/legislacao/busca' : '/busca'
}

/**
 * The search frame: a category menu and a text input, as a plain GET form so it works before
 * JavaScript (`/busca?qo=jr` is redirected to the case-law route). On the case-law route the
 * category field is disabled (spec §2). The search issue adds suggestions, history and the lock.
 */
export function SearchForm({
  mainOrigin,
  id,
  defaultQuery = '',
  defaultCategory = 't',
}: {
  mainOrigin: string
  id: string
  defaultQuery?: string
  defaultCategory?: SearchCategory
}) {
  const locked = defaultCategory === 'jr'
  return (
    <form
      className="search-form"
      method="get"
      action={`${mainOrigin}${actionFor(defaultCategory)}`}
      aria-label={t('search.submit')}
    >
      <label className="visually-hidden" htmlFor={`${id}-qo`}>
        {t('search.category')}
      </label>
      <select id={`${id}-qo`} name="qo" defaultValue={defaultCategory} disabled={locked}>
        {SEARCH_CATEGORIES.map((code) => (
          <option key={code} value={code}>
            {t(`search.category.${code}`)}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-q`}>
        {t('search.label')}
      </label>
      <input
        id={`${id}-q`}
        name="q"
        type="search"
        placeholder={t('search.placeholder')}
        autoComplete="off"
        defaultValue={defaultQuery}
        maxLength={1000}
      />
      <button type="submit">{t('search.submit')}</button>
    </form>
  )
}
