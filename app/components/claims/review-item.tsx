import { useRevalidator } from '@remix-run/react'
import { claimRoutes } from '~/api/area-routes/claims'
import type { ClaimMatch } from '~/db/schema-claims'
import { t } from '~/i18n/pt-BR'
import { acceptClaimSchema, refuseClaimSchema } from '~/schemas/claims'
import { TextAreaField, TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export type ReviewItemView = {
  id: number
  status: 'em_analise' | 'suspensa'
  evidenceKind: 'oab' | 'cpf' | 'govbr'
  evidenceValue: string
  matched: ClaimMatch
  since: string
  accountName: string
  profileUrl: string
  personName: string
  personUrl: string
}

/** What the claim's evidence showed, in the reviewer's words. */
function Matches({ matched }: { matched: ClaimMatch }) {
  const { document, identity } = matched
  return (
    <ul className="review-item__matches">
      <li>{t(matched.name ? 'review.match.name.yes' : 'review.match.name.no')}</li>
      {identity ? (
        <li>{t(identity.name ? 'review.match.identityName.yes' : 'review.match.identityName.no')}</li>
      ) : null}
      <li>
        {document?.source === 'processo'
          ? t('review.match.processo', { cnj: document.cnj, advogado: document.lawyer, oab: document.oab })
          : document?.source === 'diario'
            ? t('review.match.diario', { titulo: document.title })
            : t('review.match.none')}
      </li>
      {document?.source === 'diario' && document.masked ? <li>{t('review.match.masked')}</li> : null}
    </ul>
  )
}

/** One pending (or suspended) claim: who, which page, the evidence, and the two decisions. */
export function ReviewItem({ item }: { item: ReviewItemView }) {
  const revalidator = useRevalidator()
  const names = { nome: item.accountName, pessoa: item.personName }
  return (
    <li className="review-item" aria-labelledby={`pedido-${item.id}`}>
      <h2 id={`pedido-${item.id}`}>
        <a href={item.personUrl}>{t('review.person', { pessoa: item.personName })}</a>
      </h2>
      <p>
        <a href={item.profileUrl}>
          {t('review.claimant', {
            nome: item.accountName,
            conta: item.profileUrl.replace(/^https?:\/\//, ''),
          })}
        </a>
      </p>
      <p className="muted">
        {t(`review.status.${item.status}`)} · {t('review.since', { data: item.since })}
      </p>
      <p>{t(`review.evidence.${item.evidenceKind}`, { valor: item.evidenceValue })}</p>
      <Matches matched={item.matched} />
      <ActionForm
        endpoint={claimRoutes.reviewAccept}
        params={{ id: item.id }}
        schema={acceptClaimSchema}
        defaultValues={{ nota: '' }}
        successMessage={t('review.accepted', { pessoa: item.personName })}
        label={t('review.acceptLabel', names)}
        onSuccess={() => revalidator.revalidate()}
      >
        {({ submitting }) => (
          <>
            <TextField name="nota" label={t('review.note')} maxLength={500} />
            <SubmitButton submitting={submitting}>{t('review.accept')}</SubmitButton>
          </>
        )}
      </ActionForm>
      <ActionForm
        endpoint={claimRoutes.reviewRefuse}
        params={{ id: item.id }}
        schema={refuseClaimSchema}
        defaultValues={{ motivo: '' }}
        successMessage={t('review.refused', { pessoa: item.personName })}
        label={t('review.refuseLabel', names)}
        onSuccess={() => revalidator.revalidate()}
      >
        {({ submitting }) => (
          <>
            <TextAreaField name="motivo" label={t('review.reason')} rows={2} />
            <p className="muted">{t('review.reasonHint')}</p>
            <SubmitButton submitting={submitting} className="button--secondary">
              {t('review.refuse')}
            </SubmitButton>
          </>
        )}
      </ActionForm>
    </li>
  )
}
