import { useNavigate } from '@remix-run/react'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { REMOVAL_RELATIONS, REMOVAL_RIGHTS } from '~/schemas/removal-constants'
import { FieldFrame } from '~/ui/field-frame'
import { LightForm } from '~/ui/light-form'
import { SubmitButton } from '~/ui/submit-button'

/** Cloudflare's test token, which the local stand-in siteverify accepts (as ~/ui/captcha's). */
const DUMMY_CAPTCHA_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'

const loadSchema = () => import('~/schemas/removal').then((module) => module.removalRequestSchema)

/**
 * The captcha without the form library, and without JavaScript: in production Cloudflare's
 * widget (its script puts the token in the form), elsewhere a checkbox that posts the test token.
 */
function Captcha({
  siteKey,
  production,
  message,
}: {
  siteKey: string
  production: boolean
  message?: string
}) {
  return (
    <fieldset
      className={`field captcha${message ? ' field--invalid' : ''}`}
      data-field="cf-turnstile-response"
    >
      <legend className="visually-hidden">{t('captcha.label')}</legend>
      {production ? (
        <>
          <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer />
          <div className="cf-turnstile" data-sitekey={siteKey} data-language="pt-BR" />
        </>
      ) : (
        <label>
          <input type="checkbox" name="cf-turnstile-response" value={DUMMY_CAPTCHA_TOKEN} />{' '}
          {t('captcha.standIn')}
        </label>
      )}
      <p className="field__message" aria-live="polite">
        {message ?? ''}
      </p>
    </fieldset>
  )
}

/** Who asks, why, which pages, the identity document; posts (multipart) with or without JavaScript. */
export function RemovalForm({
  page,
  captcha,
}: {
  page: string
  captcha: { siteKey: string; production: boolean }
}) {
  const navigate = useNavigate()
  return (
    <LightForm
      endpoint={routes.removalRequest}
      loadSchema={loadSchema}
      encType="multipart/form-data"
      successMessage={t('removal.sent')}
      className="removal-form"
      label={t('removal.form.label')}
      onSuccess={(body) => {
        if (typeof body.redirect_url === 'string') navigate(body.redirect_url)
      }}
    >
      {({ submitting, messages, initial }) => (
        <>
          <FieldFrame name="nome" label={t('removal.form.name')} message={messages.nome}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="nome"
                autoComplete="name"
                maxLength={120}
                defaultValue={initial.nome}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </FieldFrame>
          <FieldFrame
            name="email"
            label={t('removal.form.email')}
            hint={t('removal.form.emailHint')}
            message={messages.email}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={initial.email}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </FieldFrame>
          <fieldset
            className={`field choice${messages.relacao ? ' field--invalid' : ''}`}
            data-field="relacao"
          >
            <legend>{t('removal.form.relation')}</legend>
            {REMOVAL_RELATIONS.map((relation) => (
              <label key={relation} className="choice__option">
                <input
                  type="radio"
                  name="relacao"
                  value={relation}
                  defaultChecked={initial.relacao === relation}
                />{' '}
                {t(`removal.relation.${relation}`)}
              </label>
            ))}
            <p className="field__message" aria-live="polite">
              {messages.relacao ?? ''}
            </p>
          </fieldset>
          <fieldset
            className={`field choice${messages.direitos ? ' field--invalid' : ''}`}
            data-field="direitos"
          >
            <legend>{t('removal.form.rights')}</legend>
            {REMOVAL_RIGHTS.map((right) => (
              <label key={right} className="choice__option">
                <input type="checkbox" name="direitos" value={right} /> {t(`removal.right.${right}`)}
              </label>
            ))}
            <p className="field__message" aria-live="polite">
              {messages.direitos ?? ''}
            </p>
          </fieldset>
          <FieldFrame
            name="motivo"
            label={t('removal.form.reason')}
            hint={t('removal.form.reasonHint')}
            message={messages.motivo}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                name="motivo"
                rows={5}
                maxLength={4000}
                defaultValue={initial.motivo}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </FieldFrame>
          <FieldFrame
            name="paginas"
            label={t('removal.form.pages')}
            hint={t('removal.form.pagesHint', { n: 10 })}
            message={messages.paginas}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                name="paginas"
                rows={3}
                defaultValue={initial.paginas ?? page}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </FieldFrame>
          <FieldFrame
            name="documento"
            label={t('removal.form.document')}
            hint={t('removal.form.documentHint')}
            message={messages.documento}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="documento"
                type="file"
                accept="application/pdf,image/jpeg,image/png"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </FieldFrame>
          <Captcha
            siteKey={captcha.siteKey}
            production={captcha.production}
            message={messages['cf-turnstile-response']}
          />
          <SubmitButton submitting={submitting}>{t('removal.form.submit')}</SubmitButton>
        </>
      )}
    </LightForm>
  )
}
