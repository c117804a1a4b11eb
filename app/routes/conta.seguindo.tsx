import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { listFollowing } from '~/domain/follows/follows.server'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { requireUser } from '~/server/guards.server'
import { DataTable } from '~/ui/data-table'

const PER_PAGE = 50

/** The "Seguindo" tab: what the user follows, newest first, as a data table (spec §2, §7). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get('page')) || 1))
  const { rows, total } = await listFollowing(context.deps, user.id, { page, perPage: PER_PAGE })
  return {
    page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    total,
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.item?.title ?? null,
      href: row.item?.href ?? null,
      since: formatInstant(row.since, 'date'),
    })),
  }
}

export default function FollowingTab() {
  const { rows, page, pages } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="aba-seguindo">
      <h2 id="aba-seguindo">{t('following.title')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('following.empty')}</p>
      ) : (
        <DataTable
          caption={t('following.caption')}
          rows={rows}
          endpoint={routes.followingDelete}
          rowLabel={(row) => row.title ?? t('following.gone')}
          columns={[
            {
              header: t('following.item'),
              cell: (row) =>
                row.href ? <a href={row.href}>{row.title}</a> : <span>{t('following.gone')}</span>,
            },
            { header: t('following.kind'), cell: (row) => t(`follow.kind.${row.kind}`) },
            { header: t('following.since'), cell: (row) => row.since },
          ]}
        />
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('following.pages')}>
          {page > 1 ? <a href={`/conta/seguindo?page=${page - 1}`}>{t('following.previous')}</a> : null}
          {page < pages ? <a href={`/conta/seguindo?page=${page + 1}`}>{t('following.next')}</a> : null}
        </nav>
      ) : null}
    </section>
  )
}
