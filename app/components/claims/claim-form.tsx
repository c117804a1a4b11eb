import { useNavigate } from '@remix-run/react'
import { useFormContext } from 'react-hook-form'
import { claimRoutes } from '~/api/area-routes/claims'
import { t } from '~/i18n/pt-BR'
import { claimSchema } from '~/schemas/claims'
import { UFS } from '~/schemas/ufs'
import { FieldShell, TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { MaskedField } from '~/ui/masked-field'
import { SubmitButton } from '~/ui/submit-button'

function KindChoice({ verified }: { verified: boolean }) {
  const { register, formState } = useFormContext()
  const message = formState.errors.tipo?.message as string | undefined
  const initial = formState.defaultValues?.tipo
  return (
    <fieldset className={`field choice${message ? ' field--invalid' : ''}`}>
      <legend>{t('claims.form.kind')}</legend>
      {(verified ? (['govbr', 'oab', 'cpf'] as const) : (['oab', 'cpf'] as const)).map((kind) => (
        <label key={kind} className="choice__option">
          <input type="radio" value={kind} defaultChecked={initial === kind} {...register('tipo')} />{' '}
          {t(`claims.form.kind.${kind}`)}
        </label>
      ))}
      <p className="field__message" aria-live="polite">
        {message ?? ''}
      </p>
    </fieldset>
  )
}

function UfSelect() {
  const { register, formState } = useFormContext()
  const initial = formState.defaultValues?.oab_uf
  return (
    <FieldShell name="oab_uf" label={t('claims.form.oabUf')}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          defaultValue={typeof initial === 'string' ? initial : ''}
          {...register('oab_uf')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          <option value="">{t('claims.form.chooseUf')}</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

/**
 * The claim itself: the gov.br-verified identity (offered once verified, and then the default), an
 * OAB number and UF, or a CPF. All groups are always drawn (no script needed to switch); the
 * server checks only the chosen one. Without JavaScript it posts and lands on the person page
 * with the answer.
 */
export function ClaimForm({ personId, verified }: { personId: number; verified: boolean }) {
  const navigate = useNavigate()
  return (
    <ActionForm
      endpoint={claimRoutes.claimPerson}
      params={{ id: personId }}
      schema={claimSchema}
      defaultValues={{ tipo: verified ? 'govbr' : 'oab', oab_numero: '', oab_uf: '', cpf: '' }}
      resetOnSuccess={false}
      label={t('claims.form.label')}
      onSuccess={(body) => {
        if (typeof body.redirect_url === 'string') navigate(body.redirect_url)
      }}
    >
      {({ submitting }) => (
        <>
          <KindChoice verified={verified} />
          <fieldset className="claim-form__group">
            <legend>{t('claims.form.kind.oab')}</legend>
            <TextField
              name="oab_numero"
              label={t('claims.form.oabNumber')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
            />
            <UfSelect />
          </fieldset>
          <fieldset className="claim-form__group">
            <legend>{t('claims.form.kind.cpf')}</legend>
            <MaskedField name="cpf" label={t('claims.form.cpf')} kind="cpf" hint={t('claims.form.cpfHint')} />
          </fieldset>
          <SubmitButton submitting={submitting}>
            {submitting ? t('claims.form.submitting') : t('claims.form.submit')}
          </SubmitButton>
        </>
      )}
    </ActionForm>
  )
}
