import { Link } from '@remix-run/react'
import { Avatar } from '~/components/avatar'
import { FollowButton } from '~/components/network/follow-button'
import type { DirectoryEntry } from '~/domain/directory/directory.server'
import { servicesCount } from '~/domain/directory/titles'
import { t } from '~/i18n/pt-BR'

/** One professional: photo or initials, name (their profile), title, city, specialties, services, follow. */
function ProfessionalCard({ entry }: { entry: DirectoryEntry }) {
  return (
    <li className="directory-card">
      <Avatar name={entry.name} photoUrl={entry.photoUrl} size={64} />
      <div className="directory-card__body">
        <h2 className="directory-card__name">
          <a href={entry.url}>{entry.name}</a>
        </h2>
        <p className="directory-card__title">{entry.headline}</p>
        <p className="muted directory-card__place">
          {entry.city ? `${entry.city} – ${entry.uf}` : null}
          {entry.servesIn ? (
            <span className="directory-card__serves">
              {t('directory.servesIn', { cidade: entry.servesIn })}
            </span>
          ) : null}
        </p>
        {entry.specialties.length ? (
          <ul className="directory-card__tags">
            {entry.specialties.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        ) : null}
        {entry.services ? <p className="directory-card__services">{servicesCount(entry.services)}</p> : null}
      </div>
      <div className="directory-card__follow">
        <FollowButton state={entry.follow} name={entry.name} own={entry.own} />
      </div>
    </li>
  )
}

export function DirectoryResults({ entries }: { entries: DirectoryEntry[] }) {
  return (
    <ol className="directory-list" aria-label={t('directory.results')}>
      {entries.map((entry) => (
        <ProfessionalCard key={entry.id} entry={entry} />
      ))}
    </ol>
  )
}

/** The page numbers shown: the first, the last and two on each side of the current one. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown: (number | null)[] = []
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) shown.push(n)
    else if (shown.at(-1) !== null) shown.push(null)
  }
  return shown
}

/** "Anterior", the page numbers (the current one marked with `aria-current`), "Próxima". */
export function DirectoryPagination({
  page,
  pages,
  href,
}: {
  page: number
  pages: number
  href: (page: number) => string
}) {
  if (pages <= 1) return null
  return (
    <nav className="directory-pages" aria-label={t('directory.pagination')}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="directory-pages__step">
          {t('directory.previous')}
        </Link>
      ) : null}
      <ol className="directory-pages__numbers">
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={t('directory.pageN', { n })}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="directory-pages__step">
          {t('directory.next')}
        </Link>
      ) : null}
    </nav>
  )
}
