import { useFormContext } from 'react-hook-form'
import { profileRoutes } from '~/api/area-routes/profiles'
import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { CAPTCHA_FIELD, professionalMessageSchema } from '~/schemas/professional-message'
import { CaptchaField } from '~/ui/captcha'
import { TextAreaField, TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { MaskedField } from '~/ui/masked-field'
import { SubmitButton } from '~/ui/submit-button'

function HiddenField({ name }: { name: string }) {
  const { register } = useFormContext()
  return <input type="hidden" {...register(name)} />
}

/**
 * The message form of a profile's "Enviar mensagem" modal (spec §5): its form library, masks and
 * captcha load when the modal opens (decisions/0036).
 */
export default function ProfileMessageForm({
  profile,
  captcha,
  onSent,
}: {
  profile: Pick<PublicUser, 'id'>
  captcha: { siteKey: string; production: boolean }
  onSent: () => void
}) {
  return (
    <ActionForm
      endpoint={profileRoutes.professionalMessage}
      schema={professionalMessageSchema}
      successMessage={t('profile.messageSent')}
      label={t('profile.sendMessage')}
      defaultValues={{
        nome: '',
        email: '',
        telefone: '',
        conteudo: '',
        [CAPTCHA_FIELD]: '',
        usuario_id: profile.id,
      }}
      onSuccess={onSent}
    >
      {({ submitting }) => (
        <>
          <HiddenField name="usuario_id" />
          <TextField name="nome" label={t('message.name')} autoComplete="name" />
          <TextField name="email" label={t('message.email')} type="email" autoComplete="email" />
          <MaskedField name="telefone" label={t('message.phone')} kind="phone" autoComplete="tel" />
          <TextAreaField name="conteudo" label={t('message.content')} rows={5} />
          <CaptchaField siteKey={captcha.siteKey} production={captcha.production} />
          <SubmitButton submitting={submitting}>{t('message.send')}</SubmitButton>
        </>
      )}
    </ActionForm>
  )
}
