import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { intimationRoutes } from '~/api/area-routes/intimations'
import { DeadlineLine, FulfilForm } from '~/components/intimations/intimation-card'
import { IntimationFilters } from '~/components/intimations/intimation-filters'
import { filterChoices, listDeadlines } from '~/domain/intimations/intimations.server'
import { feedPath, feedToken, reminderDaysOf } from '~/domain/intimations/settings.server'
import { t } from '~/i18n/pt-BR'
import { formatCnj } from '~/lib/cnj'
import { todayIso } from '~/lib/dates'
import { seo } from '~/lib/seo'
import { readFilters } from '~/schemas/intimations'
import { requireUser } from '~/server/guards.server'
import { type IntimationView, intimationView } from '~/server/intimations.server'
import intimationsCss from '~/styles/intimations.css?url'
import { LightForm } from '~/ui/light-form'
import { SubmitButton } from '~/ui/submit-button'

const remindersSchema = () => import('~/schemas/intimations').then((m) => m.reminderDaysSchema)
const feedSchema = () => import('~/schemas/intimations').then((m) => m.feedReplaceSchema)

const GROUPS = ['hoje', 'semana', 'depois', 'vencidos'] as const

/**
 * `/prazos` (issue 41 §3): the deadlines by date (today, this week, later, past) with the filters
 * of `/intimacoes`; the private calendar feed's address (and a new one), and the reminders' days.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const filters = readFilters(new URL(request.url).searchParams)
  const today = todayIso(context.deps.now())
  const [groups, choices, token, reminders] = await Promise.all([
    listDeadlines(context.deps, user.id, filters, today),
    filterChoices(context.deps, user.id),
    feedToken(context.deps, user.id),
    reminderDaysOf(context.deps, user.id),
  ])
  return {
    groups: Object.fromEntries(GROUPS.map((g) => [g, groups[g].map(intimationView)])) as Record<
      (typeof GROUPS)[number],
      IntimationView[]
    >,
    choices,
    values: {
      oab: filters.oab ?? '',
      tribunal: filters.tribunal ?? '',
      processo: filters.processo ? formatCnj(filters.processo) : '',
    },
    feedUrl: `${context.deps.origin}${feedPath(token)}`,
    reminders: reminders.join(', '),
  }
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: intimationsCss }]

export const meta: MetaFunction = () => [
  ...seo({ title: t('deadlines.title'), description: t('deadlines.description') }),
  { name: 'robots', content: 'noindex' },
]

function Group({ name, items }: { name: (typeof GROUPS)[number]; items: IntimationView[] }) {
  return (
    <section className="deadline-group" aria-labelledby={`grupo-${name}`}>
      <h2 id={`grupo-${name}`}>{`${t(`deadlines.group.${name}`)} (${items.length})`}</h2>
      {items.length === 0 ? (
        <p className="muted">{t('deadlines.groupEmpty')}</p>
      ) : (
        <ol className="intimations">
          {items.map((view) => (
            <li key={view.id} id={`intimacao-${view.id}`} className="intimation">
              <h3 className="intimation__title">
                {view.lastDay} · {view.act}
              </h3>
              <p className="intimation__meta">
                <a href={view.lawsuitUrl}>{t('intimations.lawsuit', { numero: view.lawsuit })}</a>
                <span className="muted"> · {view.court}</span>
              </p>
              <DeadlineLine view={view} />
              <div className="intimation__actions">
                <a href={`/intimacoes?processo=${encodeURIComponent(view.lawsuit)}#intimacao-${view.id}`}>
                  {t('intimations.text')}
                </a>
                <FulfilForm view={view} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export default function DeadlinesPage() {
  const d = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const empty = GROUPS.every((g) => d.groups[g].length === 0)
  return (
    <section className="page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('deadlines.title')}</h1>
      <p>{t('deadlines.description')}</p>
      <p>
        <a href="/intimacoes">{t('intimations.title')}</a>
      </p>
      <IntimationFilters action="/prazos" choices={d.choices} values={d.values} />
      {empty ? <p className="muted">{t('deadlines.empty')}</p> : null}
      {GROUPS.map((g) => (
        <Group key={g} name={g} items={d.groups[g]} />
      ))}
      <section id="agenda" aria-labelledby="agenda-titulo">
        <h2 id="agenda-titulo">{t('deadlines.feedTitle')}</h2>
        <p>{t('deadlines.feedIntro')}</p>
        <label htmlFor="endereco-agenda">{t('deadlines.feedAddress')}</label>
        <input id="endereco-agenda" className="feed-address" readOnly value={d.feedUrl} />
        <p>
          <a href={d.feedUrl}>{t('deadlines.feedAddress')}</a>
        </p>
        <LightForm
          endpoint={intimationRoutes.deadlineFeedReplace}
          loadSchema={feedSchema}
          label={t('deadlines.feedReplace')}
          successMessage={t('deadlines.feedReplaced')}
          onSuccess={() => revalidator.revalidate()}
        >
          {({ submitting }) => (
            <>
              <p className="muted">{t('deadlines.feedReplaceHint')}</p>
              <SubmitButton submitting={submitting} className="button--secondary">
                {t('deadlines.feedReplace')}
              </SubmitButton>
            </>
          )}
        </LightForm>
      </section>
      <section id="lembretes" aria-labelledby="lembretes-titulo">
        <h2 id="lembretes-titulo">{t('deadlines.remindersTitle')}</h2>
        <p>{t('deadlines.remindersIntro')}</p>
        <LightForm
          endpoint={intimationRoutes.deadlineReminders}
          loadSchema={remindersSchema}
          label={t('deadlines.remindersTitle')}
          successMessage={t('deadlines.remindersSaved')}
          onSuccess={() => revalidator.revalidate()}
        >
          {({ submitting, messages, initial }) => (
            <>
              <div className={`field${messages.dias ? ' field--invalid' : ''}`}>
                <label htmlFor="dias-lembrete">{t('deadlines.remindersField')}</label>
                <input
                  id="dias-lembrete"
                  name="dias"
                  autoComplete="off"
                  defaultValue={initial.dias ?? d.reminders}
                  aria-invalid={messages.dias ? true : undefined}
                />
                <p className="field__message" aria-live="polite">
                  {messages.dias ?? ''}
                </p>
              </div>
              <SubmitButton submitting={submitting}>{t('deadlines.remindersSave')}</SubmitButton>
            </>
          )}
        </LightForm>
      </section>
    </section>
  )
}
