import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData, useNavigate } from '@remix-run/react'
import { CoverageHint } from '~/components/corpus/coverage-hint'
import { GazetteItems } from '~/components/corpus/gazette-items'
import { InfiniteList } from '~/components/corpus/infinite-list'
import { SectionsModal } from '~/components/corpus/sections-modal'
import { ARTICLES_PER_PAGE } from '~/domain/corpus/constants'
import { getEdition, getGazette, listArticles, listSections } from '~/domain/corpus/read/gazettes.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { readDateParam } from '~/lib/date-param'
import { todayIso } from '~/lib/dates'
import { formatDate } from '~/lib/format'
import { gazettePath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { foldSlug, redirectToCanonical } from '~/server/canonical.server'
import { DatePicker } from '~/ui/date-picker'

/** `/diarios/:slug?data=yyyy-mm-dd&caderno=slug&page=N` (spec §2). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const gazette = await getGazette(context.deps, foldSlug(params.slug ?? ''))
  if (!gazette) throw data({ reason: 'page' }, { status: 404 })
  redirectToCanonical(request, gazettePath(gazette.slug))
  const url = new URL(request.url)
  const asked = readDateParam(url.searchParams, 'data', todayIso())
  const date = asked.iso
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  // A refused date (future or impossible) shows no edition at all: never the latest one in its place.
  const edition = asked.problem ? null : await getEdition(context.deps, gazette, date)
  const sections = edition ? await listSections(context.deps, gazette, edition) : []
  const section = sections.find((s) => s.slug === url.searchParams.get('caderno')) ?? null
  const items = edition ? await listArticles(context.deps, gazette, edition, section?.id ?? null, page) : []
  const body = {
    gazette,
    edition,
    sections,
    section,
    items,
    page,
    askedDate: date,
    dateProblem: asked.problem,
    dateText: asked.text,
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
  }
  return data(body, { status: asked.problem ? 400 : 200 })
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? seo({
        title: d.edition
          ? `${d.gazette.name} – ${formatDate(d.edition.date)}${d.section ? ` – ${d.section.name}` : ''}`
          : d.gazette.name,
        canonical: `${d.origin}${gazettePath(d.gazette.slug, d.edition ? { date: d.edition.date, section: d.section?.slug } : undefined)}`,
      })
    : []

export default function GazettePage() {
  const { gazette, edition, sections, section, items, page, askedDate, dateProblem, dateText } =
    useLoaderData<typeof loader>()
  const dateMessage = dateProblem
    ? t(dateProblem === 'future' ? 'validation.futureDate' : 'validation.date')
    : null
  const navigate = useNavigate()
  const base = gazettePath(gazette.slug)
  const query = (params: Record<string, string | null>) => {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(params)) if (value) search.set(key, value)
    const text = search.toString()
    return text ? `?${text}` : ''
  }
  const sectionHref = (slug: string) => `${base}${query({ data: edition?.date ?? null, caderno: slug })}`
  return (
    <section className="document gazette" aria-labelledby="diario-titulo">
      <header className="document__header">
        <p className="document__kicker">{t('search.category.d')}</p>
        <h1 id="diario-titulo">{gazette.name}</h1>
        {edition ? (
          <p className="document__subtitle">
            {t('gazette.edition', { numero: edition.number, data: formatDate(edition.date) })}
            {edition.extra ? ' (extra)' : ''}
          </p>
        ) : null}
      </header>
      <form method="get" action={base} className="gazette-filters">
        <DatePicker
          name="data"
          textName="data_texto"
          label={t('gazette.date')}
          format="dd/mm/yyyy"
          defaultValue={edition?.date ?? askedDate}
          error={dateMessage}
          defaultText={dateText}
          // A picked date opens that edition at once (the caderno stays, the page resets).
          onChange={(iso) => {
            if (iso) navigate(`${base}${query({ data: iso, caderno: section?.slug ?? null })}`)
          }}
        />
        <div className="field">
          <label htmlFor="caderno">{t('gazette.section')}</label>
          <select id="caderno" name="caderno" defaultValue={section?.slug ?? ''}>
            <option value="">{t('gazette.allSections')}</option>
            {sections.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('gazette.go')}
        </button>
      </form>
      {sections.length ? (
        <nav className="section-links" aria-label={t('gazette.section')}>
          {sections.slice(0, 3).map((s) => (
            <a
              key={s.slug}
              href={sectionHref(s.slug)}
              aria-current={s.slug === section?.slug ? 'page' : undefined}
            >
              {s.name}
            </a>
          ))}
          <SectionsModal sections={sections} hrefFor={sectionHref} />
        </nav>
      ) : null}
      {dateMessage ? (
        <p className="alert alert--error" role="alert">
          {dateMessage}
        </p>
      ) : !edition ? (
        <p className="alert alert--warning">{t('gazette.noEdition')}</p>
      ) : null}
      {edition && items.length === 0 ? (
        <>
          <p className="muted">{t('gazette.empty')}</p>
          <CoverageHint />
        </>
      ) : null}
      {edition && items.length ? (
        // The matérias' own headings are h3: this names the list they belong to (heading order).
        <h2 className="visually-hidden">{section?.name ?? t('gazette.allSections')}</h2>
      ) : null}
      {edition && items.length ? (
        <InfiniteList
          key={`${edition.id}-${section?.slug ?? ''}-${page}`}
          label={section?.name ?? gazette.name}
          page={page}
          hasMore={items.length === ARTICLES_PER_PAGE}
          fragmentUrl={`${base}/materias${query({ data: edition.date, caderno: section?.slug ?? null })}`}
          nextPageHref={`${base}${query({ data: edition.date, caderno: section?.slug ?? null, page: String(page + 1) })}`}
        >
          <GazetteItems items={items} />
        </InfiniteList>
      ) : null}
    </section>
  )
}
