import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { emailField, longText, phoneField, text } from './fields'

/** The field the Turnstile widget (or its local stand-in) fills with its token. */
export const CAPTCHA_FIELD = 'cf-turnstile-response'

/** Professional message fields (spec §5). */
export const professionalMessageFields = z.object({
  nome: text(t('message.nameRequired')).trim().min(1, t('message.nameRequired')).max(120),
  conteudo: longText(t('message.contentRequired')).trim().min(1, t('message.contentRequired')).max(5000),
  telefone: phoneField(t('message.phoneRequired')),
  email: emailField(t('message.emailRequired')),
})

/**
 * `POST /ajax/enviar-mensagem-profissional`: the fields, the captcha answer ('Você é um robô?')
 * and the recipient (`usuario_id`, rendered in the profile page).
 */
export const professionalMessageSchema = professionalMessageFields.extend({
  [CAPTCHA_FIELD]: text(t('message.captchaRequired')).trim().min(1, t('message.captchaRequired')).max(4096),
  usuario_id: z.coerce
    .number({ error: t('message.recipientNotFound') })
    .int(t('message.recipientNotFound'))
    .positive(t('message.recipientNotFound'))
    .max(Number.MAX_SAFE_INTEGER, t('message.recipientNotFound')),
})
export type ProfessionalMessageInput = z.infer<typeof professionalMessageSchema>

/** `POST /ajax/usuarios/{id}/ver-telefones`. */
export const revealPhonesSchema = z.object({ ocupacao_key: text().trim().max(200).default('') })

/** …with the profile's id, the path's segment (anything but a positive integer is not found). */
export const revealPhonesInput = revealPhonesSchema.extend({ id: text() })
