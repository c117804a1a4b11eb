import { t } from '~/i18n/pt-BR'
import { formatDate } from '~/lib/format'
import { gazetteItemPath } from '~/lib/paths'

/** Gazette matérias as links with their gazette and date (lawsuit, person and company pages). */
export function ArticleLinks({
  articles,
}: {
  articles: { id: number; title: string; date: string; gazette: string }[]
}) {
  return (
    <ul className="plain-list">
      {articles.map((a) => (
        <li key={a.id}>
          <a href={gazetteItemPath(a.id)}>{a.title}</a>{' '}
          {/* One text ("Diário Oficial da União de 12/05/2023"), as gazettes are cited. */}
          <span className="muted">
            {t('gazette.ofDate', { diario: a.gazette, data: formatDate(a.date) })}
          </span>
        </li>
      ))}
    </ul>
  )
}
