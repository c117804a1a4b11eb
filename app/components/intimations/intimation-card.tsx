import { useRevalidator } from '@remix-run/react'
import { intimationRoutes } from '~/api/area-routes/intimations'
import { DeadlineBreakdown } from '~/components/deadlines/deadline-breakdown'
import type { Deadline } from '~/domain/deadlines/types'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import type { IntimationView } from '~/server/intimations.server'
import { routePath } from '~/ui/call'
import { FormDisclosure } from '~/ui/form-disclosure'
import { LightForm } from '~/ui/light-form'
import { SubmitButton } from '~/ui/submit-button'

const correctionSchema = () => import('~/schemas/intimations').then((m) => m.intimationCorrectionFields)
const fulfilSchema = () => import('~/schemas/intimations').then((m) => m.intimationFulfilFields)

/** The deadline as a line: "Prazo: até 26/08/2025 · 15 dias úteis, a partir de 06/08/2025". */
export function DeadlineLine({ view }: { view: IntimationView }) {
  if (!view.active) return <p className="intimation__withdrawn">{t('intimations.withdrawnBadge')}</p>
  if (!view.lastDay || !view.deadline) return <p className="muted">{t('intimations.noDeadline')}</p>
  return (
    <p className="intimation__deadline">
      <strong>{t('intimations.deadline', { data: view.lastDay })}</strong>{' '}
      <span className="muted">
        ·{' '}
        {plural(
          view.deadline.days,
          t('intimations.deadlineDays.one', {
            dias: view.deadline.days,
            contagem: t(
              view.deadline.counting === 'uteis' ? 'deadlines.counting.uteis' : 'deadlines.counting.corridos',
            ),
            inicio: view.deadline.startsOn,
          }),
          t('intimations.deadlineDays.many', {
            dias: view.deadline.days,
            contagem: t(
              view.deadline.counting === 'uteis' ? 'deadlines.counting.uteis' : 'deadlines.counting.corridos',
            ),
            inicio: view.deadline.startsOn,
          }),
        )}
      </span>
      {view.deadline.corrected ? (
        <span className="intimation__tag">{t('intimations.correctedBadge')}</span>
      ) : null}
      {view.movedFrom ? (
        <span className="intimation__tag intimation__tag--moved">
          {t('intimations.movedBadge', { data: view.movedFrom })}
        </span>
      ) : null}
      {view.fulfilled ? (
        <span className="intimation__tag intimation__tag--ok">{t('intimations.fulfilledBadge')}</span>
      ) : null}
    </p>
  )
}

/** "Marcar como cumprido" / "Desmarcar": one form, one action. */
export function FulfilForm({ view }: { view: IntimationView }) {
  const revalidator = useRevalidator()
  return (
    <LightForm
      endpoint={intimationRoutes.intimationFulfil}
      params={{ id: view.id }}
      anchor={`intimacao-${view.id}`}
      loadSchema={fulfilSchema}
      label={view.fulfilled ? t('intimations.markOpen') : t('intimations.markFulfilled')}
      successMessage={view.fulfilled ? t('intimation.reopened') : t('intimation.fulfilled')}
      onSuccess={() => revalidator.revalidate()}
    >
      {({ submitting }) => (
        <>
          <input type="hidden" name="cumprido" value={view.fulfilled ? 'nao' : 'sim'} />
          <SubmitButton submitting={submitting} className="button--secondary button--small">
            {view.fulfilled ? t('intimations.markOpen') : t('intimations.markFulfilled')}
          </SubmitButton>
        </>
      )}
    </LightForm>
  )
}

/** The lawyer's correction of the days or the court's calendar: recounted at once. */
function CorrectionForm({ view }: { view: IntimationView }) {
  const revalidator = useRevalidator()
  return (
    <FormDisclosure
      action={routePath(intimationRoutes.intimationCorrect, { id: view.id })}
      summary={t('intimations.correct')}
      className="intimation__correct"
    >
      <LightForm
        endpoint={intimationRoutes.intimationCorrect}
        params={{ id: view.id }}
        anchor={`intimacao-${view.id}`}
        loadSchema={correctionSchema}
        label={t('intimations.correct')}
        successMessage={t('intimation.corrected')}
        onSuccess={() => revalidator.revalidate()}
      >
        {({ submitting, messages, initial }) => (
          <>
            <div className={`field${messages.dias ? ' field--invalid' : ''}`}>
              <label htmlFor={`dias-${view.id}`}>{t('intimations.correctDays')}</label>
              <input
                id={`dias-${view.id}`}
                name="dias"
                inputMode="numeric"
                defaultValue={initial.dias ?? view.correction.dias}
                aria-invalid={messages.dias ? true : undefined}
              />
              <p className="field__message" aria-live="polite">
                {messages.dias ?? ''}
              </p>
            </div>
            <div className={`field${messages.tribunal ? ' field--invalid' : ''}`}>
              <label htmlFor={`tribunal-${view.id}`}>{t('intimations.correctCourt')}</label>
              <input
                id={`tribunal-${view.id}`}
                name="tribunal"
                autoComplete="off"
                placeholder={view.court}
                defaultValue={initial.tribunal ?? view.correction.tribunal}
                aria-invalid={messages.tribunal ? true : undefined}
              />
              <p className="field__message" aria-live="polite">
                {messages.tribunal ?? ''}
              </p>
            </div>
            <p className="muted">{t('intimations.correctHint')}</p>
            <SubmitButton submitting={submitting} className="button--small">
              {t('intimations.correctSave')}
            </SubmitButton>
          </>
        )}
      </LightForm>
    </FormDisclosure>
  )
}

/**
 * One intimação: what, where, when its deadline ends and how it was counted ("Detalhamento da
 * contagem", when the page hands the whole count over), its text, and the lawyer's two actions.
 */
export function IntimationCard({ view }: { view: IntimationView & { breakdown?: Deadline | null } }) {
  return (
    <article id={`intimacao-${view.id}`} className={view.active ? 'intimation' : 'intimation is-withdrawn'}>
      <h2 className="intimation__title">
        {view.act} · {view.court}
      </h2>
      <p className="intimation__meta">
        <a href={view.lawsuitUrl}>{t('intimations.lawsuit', { numero: view.lawsuit })}</a>
        <span className="muted"> · {view.oab}</span>
      </p>
      <p className="muted">
        {t('intimations.available', { data: view.availableOn })}
        {view.organ ? <> · {t('intimations.organ', { orgao: view.organ })}</> : null}
      </p>
      <DeadlineLine view={view} />
      {view.active && view.lastDay && view.breakdown ? <DeadlineBreakdown deadline={view.breakdown} /> : null}
      <details className="intimation__text">
        <summary>{t('intimations.text')}</summary>
        <p className="intimation__body">{view.body}</p>
      </details>
      {view.active && view.deadline ? (
        <div className="intimation__actions">
          <FulfilForm view={view} />
          <CorrectionForm view={view} />
        </div>
      ) : null}
    </article>
  )
}
