import type { ArticleItem } from '~/domain/corpus/read/gazettes.server'
import { t } from '~/i18n/pt-BR'
import { gazetteItemPath } from '~/lib/paths'

/** Matérias as list items: rendered in the page and, for "Carregar mais", as an HTML fragment. */
export function GazetteItems({ items }: { items: ArticleItem[] }) {
  return (
    <>
      {items.map((item) => (
        <li key={item.id} className="gazette-item" data-materia={item.id}>
          <p className="gazette-item__meta">
            {[item.kind, item.organ, item.page ? t('gazette.page', { n: item.page }) : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <h3 className="gazette-item__title">
            <a href={gazetteItemPath(item.id)}>{item.title}</a>
          </h3>
          <p className="gazette-item__excerpt">{item.excerpt}</p>
        </li>
      ))}
    </>
  )
}
