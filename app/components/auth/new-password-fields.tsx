import { t } from '~/i18n/pt-BR'
import { TextField } from '~/ui/field'

/** The new password twice: the change-password and reset forms share these fields. */
export function NewPasswordFields() {
  return (
    <>
      <TextField
        name="nova_senha"
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        name="nova_senha_confirmation"
        label={t('auth.newPasswordConfirmation')}
        type="password"
        autoComplete="new-password"
      />
    </>
  )
}
