import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react'
import { ArticleLinks } from '~/components/corpus/article-links'
import { CoverageHint } from '~/components/corpus/coverage-hint'
import { Facts } from '~/components/corpus/document-facts'
import { JsonLd } from '~/components/json-ld'
import { MonitorLawsuitButton } from '~/components/monitoring/monitor-lawsuit-button'
import { FollowButton } from '~/components/network/follow-button'
import { RemovalLink, robotsMeta } from '~/components/removal/removal-link'
import { formatCnj, isValidCnj } from '~/domain/corpus/cnj'
import { movementWords } from '~/domain/corpus/movement-words'
import { getLawsuit } from '~/domain/corpus/read/lawsuits.server'
import { followState } from '~/domain/follows/follows.server'
import { lawsuitMonitoringOf } from '~/domain/monitoring/monitorings.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { degreeLabel, formatDate, formatDateTime, POLE_LABEL } from '~/lib/format'
import { complementLines, readableCase } from '~/lib/labels'
import { companyPath, lawsuitPath, personPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { redirectToCanonical } from '~/server/canonical.server'
import { LOGIN_MODAL_HANDLE } from '~/ui/login-plain-form'

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const digits = (params.numero ?? '').replace(/[\s.-]/g, '')
  if (!isValidCnj(digits)) throw data({ message: t('cnj.invalid') }, { status: 400 })
  const found = await getLawsuit(context.deps, digits)
  // Not here yet: the page offers to watch it, and the next tick looks it up at DataJud (issue 40).
  if (!found) throw data({ reason: 'lawsuit', numero: formatCnj(digits) }, { status: 404 })
  // The masked number is the address; the bare 20 digits (or odd spacing) redirect to it.
  redirectToCanonical(request, lawsuitPath(digits))
  // The parties come masked from the read (decisions/0097): the open API reads the same.
  const [follow, monitoringId] = await Promise.all([
    followState(context.deps, context.user?.id ?? null, 'processo', found.lawsuit.id),
    context.user ? lawsuitMonitoringOf(context.deps, context.user.id, digits) : null,
  ])
  return {
    monitoringId,
    ...found,
    // Each movement with its plain words, when the table knows its code (issue 41 §4).
    movements: found.movements.map((m) => ({ ...m, words: movementWords(m.code) })),
    follow,
    numero: formatCnj(digits),
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
  }
}

/**
 * A valid number the site does not have (or holds in secret, which reads the same): "Monitorar
 * processo" watches it by number; the next cron tick asks DataJud (issue 40). Any other error
 * goes up to the root's page.
 */
export function ErrorBoundary() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? (error.data as { reason?: string; numero?: string } | null)
    : null
  if (!isRouteErrorResponse(error) || error.status !== 404 || detail?.reason !== 'lawsuit' || !detail.numero)
    throw error
  return (
    <section className="error-page" aria-labelledby="erro-titulo">
      <p className="error-page__status" aria-hidden="true">
        404
      </p>
      <h1 id="erro-titulo">{t('sources.lawsuitMissing.title', { numero: detail.numero })}</h1>
      <p>{t('sources.lawsuitMissing.body')}</p>
      <MonitorLawsuitButton numero={detail.numero} monitoringId={null} />
    </section>
  )
}

/** Its follow button opens the login modal at the first press (decisions/0056). */
export const handle = LOGIN_MODAL_HANDLE

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({
          title: `${t('lawsuit.title', { numero: d.numero })} – ${d.lawsuit.court}`,
          description: t('lawsuit.description', {
            numero: d.numero,
            classe: readableCase(d.lawsuit.className) ?? '',
            tribunal: d.lawsuit.court,
          }),
          canonical: `${d.origin}${lawsuitPath(d.numero)}`,
        }),
        ...robotsMeta(d.restrictions),
      ]
    : []

export default function LawsuitPage() {
  const {
    lawsuit,
    subjects,
    parties,
    movements,
    gazetteArticles,
    numero,
    origin,
    follow,
    monitoringId,
    secretParties,
    lawyers,
    instances,
  } = useLoaderData<typeof loader>()
  const className = readableCase(lawsuit.className)
  const poles = (['ativo', 'passivo', 'outros'] as const).filter((pole) => parties[pole].length > 0)
  return (
    <article className="document" aria-labelledby="processo-titulo">
      <header className="document__header">
        <p className="document__kicker">{lawsuit.court}</p>
        <h1 id="processo-titulo">{t('lawsuit.title', { numero })}</h1>
        {className ? <p className="document__subtitle">{className}</p> : null}
        <FollowButton state={follow} name={t('lawsuit.title', { numero })} />
        <MonitorLawsuitButton numero={numero} lawsuitId={lawsuit.id} monitoringId={monitoringId} />
      </header>
      <Facts
        items={[
          [t('lawsuit.court'), lawsuit.court],
          [t('lawsuit.degree'), degreeLabel(lawsuit.degree)],
          [t('lawsuit.class'), className],
          [t('lawsuit.subjects'), subjects.map((s) => readableCase(s.name)).join('; ')],
          [t('lawsuit.body'), lawsuit.judgingBody],
          [t('lawsuit.filed'), formatDate(lawsuit.filedAt)],
          [t('lawsuit.updated'), formatDateTime(lawsuit.updatedAt)],
        ]}
      />
      {instances.length ? (
        <section aria-labelledby="instancias">
          <h2 id="instancias">{t('lawsuit.instances')}</h2>
          <ul className="plain-list">
            {instances.map((i) => (
              <li key={`${i.degree}-${i.court}`}>
                {[degreeLabel(i.degree), i.court, readableCase(i.className), i.judgingBody]
                  .filter(Boolean)
                  .join(' · ')}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* No heading without content: a lawsuit whose parties the sources did not name has none. */}
      {poles.length || lawyers.length ? (
        <section aria-labelledby="partes">
          <h2 id="partes">{t('lawsuit.parties')}</h2>
          {secretParties ? <p className="muted">{t('lawsuit.secretPartiesNote')}</p> : null}
          {poles.map((pole) => (
            <div key={pole} className="pole">
              <h3>{POLE_LABEL[pole]}</h3>
              <ul className="plain-list">
                {parties[pole].map((party) => (
                  <li key={party.id}>
                    {party.personSlug ? (
                      <a href={personPath(party.personSlug)}>{party.name}</a>
                    ) : party.companySlug ? (
                      <a href={companyPath(party.companySlug)}>{party.name}</a>
                    ) : (
                      party.name
                    )}
                    {party.lawyers.length ? (
                      <ul className="lawyers" aria-label={t('lawsuit.lawyers')}>
                        {party.lawyers.map((l) => (
                          <li key={`${l.name}-${l.oabNumber}`}>
                            {l.name}
                            {l.oabNumber ? ` (OAB ${l.oabNumber}/${l.oabUf})` : ''}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {lawyers.length ? (
            <div className="pole">
              <h3>{t('lawsuit.lawyers')}</h3>
              <ul className="plain-list">
                {lawyers.map((l) => (
                  <li key={`${l.name}-${l.oabNumber}`}>
                    {l.name}
                    {l.oabNumber ? ` (OAB ${l.oabNumber}/${l.oabUf})` : ''}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="movimentacoes">
        <h2 id="movimentacoes">{t('lawsuit.movements')}</h2>
        {movements.length === 0 ? (
          <>
            <p className="muted">{t('lawsuit.noMovements')}</p>
            <CoverageHint />
          </>
        ) : null}
        <ol className="timeline">
          {movements.map((m) => (
            <li key={`${m.at}-${m.name}`}>
              <time dateTime={m.at}>{formatDateTime(m.at)}</time>
              <span className="timeline__name">{m.name}</span>
              {m.words ? (
                <span className="timeline__plain">
                  {m.words.what}{' '}
                  <span className="muted">{t('lawsuit.movementNext', { texto: m.words.next })}</span>
                </span>
              ) : null}
              {m.complements ? (
                <span className="muted timeline__details">{complementLines(m.complements).join('\n')}</span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      {gazetteArticles.length ? (
        <section aria-labelledby="publicacoes">
          <h2 id="publicacoes">{t('lawsuit.gazettes')}</h2>
          <ArticleLinks articles={gazetteArticles} />
        </section>
      ) : null}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: t('lawsuit.title', { numero }),
          url: `${origin}${lawsuitPath(numero)}`,
          about: { '@type': 'Thing', name: className ?? t('lawsuit.title', { numero }) },
        }}
      />
      <RemovalLink path={lawsuitPath(numero)} />
    </article>
  )
}
