import { useRevalidator } from '@remix-run/react'
import { claimRoutes } from '~/api/area-routes/claims'
import { t } from '~/i18n/pt-BR'
import { personPath } from '~/lib/paths'
import { undoClaimSchema } from '~/schemas/claims'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export type ClaimView = {
  /** The holder's profile, only while the claim is accepted (not suspended). */
  profile: { name: string; url: string } | null
  /** The viewer's own live claim of this page. */
  mine: 'aceita' | 'em_analise' | 'suspensa' | null
  /** Someone else's claim waits for review (it does not block the page). */
  pendingOthers: boolean
}

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
  if (!claim.profile && !claim.mine && !claimable) return null
  return (
    <div className="claim">
      {claim.profile ? (
        <p>
          <a href={claim.profile.url}>{t('claims.profileLink', { nome: claim.profile.name })}</a>
        </p>
      ) : null}
      {claim.mine ? (
        <>
          <p className="muted">{t(`claims.yours.${claim.mine}`)}</p>
          {claim.mine === 'aceita' ? null : (
            // A verified identity that proves the claim accepts it at once (decisions/0047).
            <p>
              <a
                className="button button--secondary"
                href={`/verificar-identidade/govbr?auth.redirect=${encodeURIComponent(personPath(person.slug))}`}
              >
                {t('claims.govbr.button')}
              </a>
            </p>
          )}
          <ActionForm
            endpoint={claimRoutes.claimUndo}
            params={{ id: person.id }}
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
      ) : null}
      {claimable ? (
        <>
          {claim.pendingOthers ? <p className="muted">{t('claims.pendingOther')}</p> : null}
          <p>
            <a className="button button--secondary" href={`${personPath(person.slug)}/este-sou-eu`}>
              {t('claims.button')}
            </a>
          </p>
        </>
      ) : null}
    </div>
  )
}
