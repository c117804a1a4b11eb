import { useRevalidator } from '@remix-run/react'
import { t } from '~/i18n/pt-BR'
import { undoClaimSchema } from '~/schemas/claims'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export type ClaimView = {
  status: 'aceita' | 'em_analise'
  /** The viewer made this claim. */
  mine: boolean
  /** The claimant's profile, only once accepted. */
  profile: { name: string; url: string } | null
} | null

/** The person page's "Este sou eu" line: the button, the claimant's profile, or one's own claim. */
export function ClaimStatus({
  person,
  claim,
  claimable,
}: {
  person: { id: number; slug: string }
  claim: ClaimView
  claimable: boolean
}) {
  const revalidator = useRevalidator()
  if (!claim)
    return claimable ? (
      <p className="claim">
        <a className="button button--secondary" href={`/pessoas/${person.slug}/este-sou-eu`}>
          {t('claims.button')}
        </a>
      </p>
    ) : null
  return (
    <div className="claim">
      {claim.profile ? (
        <p>
          <a href={claim.profile.url}>{t('claims.profileLink', { nome: claim.profile.name })}</a>
        </p>
      ) : null}
      {claim.mine ? (
        <>
          <p className="muted">{t(`claims.yours.${claim.status}`)}</p>
          <ActionForm
            action={`/ajax/pessoas/${person.id}/desfazer-reivindicacao`}
            schema={undoClaimSchema}
            successMessage={t('claims.undone')}
            label={t('claims.undoLabel')}
            onSuccess={() => revalidator.revalidate()}
          >
            {({ submitting }) => (
              <SubmitButton submitting={submitting} className="button--secondary">
                {t('claims.undo')}
              </SubmitButton>
            )}
          </ActionForm>
        </>
      ) : claim.profile ? null : (
        <p className="muted">{t('claims.pendingOther')}</p>
      )}
    </div>
  )
}
