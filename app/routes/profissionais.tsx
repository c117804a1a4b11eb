import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { DirectoryFilter, type FilterError } from '~/components/directory/directory-filter'
import { resolveDirectoryFilter } from '~/domain/directory/filter.server'
import { loadDirectoryHome } from '~/domain/directory/home.server'
import { professionBySlug } from '~/domain/directory/professions'
import { DIRECTORY_HOME, directoryPath } from '~/domain/directory/urls'
import { DomainError } from '~/domain/errors'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { DIRECTORY_FILTER_FIELDS, directoryFilterSchema } from '~/schemas/directory'
import directoryCss from '~/styles/directory.css?url'

/**
 * `/profissionais`: the directory's home (professions, the largest cities, the filter bar). It is
 * also where the filter bar's GET form lands: the choice is answered with a redirect to its URL
 * form (spec §2), or with this page, the message by its field and a 400, when it cannot be read.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  let error: FilterError | null = null
  let profession: string | null = null
  if (DIRECTORY_FILTER_FIELDS.some((name) => url.searchParams.has(name))) {
    const parsed = directoryFilterSchema.safeParse(Object.fromEntries(url.searchParams))
    if (!parsed.success) error = { field: null, message: t('directory.filter.invalid') }
    else {
      try {
        return redirect(await resolveDirectoryFilter(context.deps, parsed.data))
      } catch (problem) {
        if (!(problem instanceof DomainError)) throw problem
        error = { field: problem.field === 'profissao' ? 'profissao' : 'cidade', message: problem.message }
        profession = professionBySlug(parsed.data.profissao)?.slug ?? null
      }
    }
  }
  const home = await loadDirectoryHome(context.deps)
  const body = { home, error, profession, canonical: `${context.deps.origin}${DIRECTORY_HOME}` }
  return data(body, { status: error ? 400 : 200 })
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: directoryCss }]

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? seo({
        title: t('directory.home.title'),
        description: t('directory.home.description'),
        canonical: d.canonical,
      })
    : []

export default function DirectoryHomePage() {
  const { home, error, profession } = useLoaderData<typeof loader>()
  return (
    <section className="directory" aria-labelledby="diretorio-titulo">
      <header className="directory__header">
        <h1 id="diretorio-titulo">{t('directory.home.heading')}</h1>
        <p className="muted">{t('directory.home.description')}</p>
      </header>
      <DirectoryFilter profession={profession} city={null} detect={!error} error={error} />
      <section aria-labelledby="diretorio-profissoes">
        <h2 id="diretorio-profissoes">{t('directory.home.professions')}</h2>
        <ul className="directory-links directory-links--columns">
          {home.professions.map((p) => (
            <li key={p.slug}>
              <Link to={directoryPath({ profession: p.slug })}>{p.plural}</Link>{' '}
              <span className="muted">({p.count.toLocaleString('pt-BR')})</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="diretorio-cidades">
        <h2 id="diretorio-cidades">{t('directory.home.cities')}</h2>
        {home.cities.length ? (
          <ul className="directory-links directory-links--columns">
            {home.cities.map(({ city, count }) => (
              <li key={city.code}>
                <Link to={directoryPath({ city: city.slug })}>{`${city.name} – ${city.uf}`}</Link>{' '}
                <span className="muted">({count.toLocaleString('pt-BR')})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('directory.home.noCities')}</p>
        )}
      </section>
    </section>
  )
}
