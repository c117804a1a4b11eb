import { t } from '~/i18n/pt-BR'
import { REMOVAL_RELATIONS, REMOVAL_RIGHTS } from '~/schemas/removal-constants'
import { z } from '~/schemas/zod'
import { emailField, requiredText } from './fields'
import { isCleanText, longText, text } from './text'

/** The field the Turnstile widget (or its local stand-in) fills with its token. */
export const REMOVAL_CAPTCHA_FIELD = 'cf-turnstile-response'
/** Identity documents: PDF, JPEG or PNG of at most 5 MB (a phone photo or a scan). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
export const MAX_REQUEST_PAGES = 10

const asList = (value: unknown) =>
  value == null || value === '' ? [] : Array.isArray(value) ? value : [value]
const optional = (value: unknown) => (value == null ? '' : value)

/**
 * `POST /ajax/remocao` (multipart: it carries the document): who asks, their relation to the data,
 * the LGPD art. 18 rights invoked and why, the pages (one address a line), the identity document
 * and the captcha. The document's type is checked again by its bytes on the server.
 */
export const removalRequestSchema = z.object({
  nome: requiredText(t('removal.nameRequired')).pipe(z.string().max(120, t('removal.nameTooLong'))),
  email: emailField(t('removal.emailRequired')),
  relacao: z.enum(REMOVAL_RELATIONS, { error: () => t('removal.relationRequired') }),
  direitos: z.preprocess(
    asList,
    z
      .array(z.enum(REMOVAL_RIGHTS, { error: () => t('removal.rightsRequired') }), {
        error: () => t('removal.rightsRequired'),
      })
      .min(1, t('removal.rightsRequired'))
      .max(REMOVAL_RIGHTS.length, t('removal.rightsRequired')),
  ),
  motivo: z.preprocess(
    optional,
    longText(t('removal.reasonRequired'))
      .trim()
      .min(20, t('removal.reasonTooShort'))
      .max(4000, t('removal.reasonTooLong')),
  ),
  paginas: z.preprocess(
    optional,
    longText(t('removal.pagesRequired'))
      // One address a line: line breaks allowed, nothing else a one-line field refuses.
      .refine((value) => value.split(/\r?\n/).every((line) => isCleanText(line)), {
        error: () => t('field.badCharacters'),
      })
      .max(4000, t('removal.pagesTooMany', { n: MAX_REQUEST_PAGES }))
      .transform((value) => [...new Set(value.split(/\s+/).filter(Boolean))])
      .pipe(
        z
          .array(z.string())
          .min(1, t('removal.pagesRequired'))
          .max(MAX_REQUEST_PAGES, t('removal.pagesTooMany', { n: MAX_REQUEST_PAGES })),
      ),
  ),
  documento: z.custom<Blob>(
    (value) => typeof Blob !== 'undefined' && value instanceof Blob && value.size > 0,
    { error: () => t('removal.documentRequired') },
  ),
  [REMOVAL_CAPTCHA_FIELD]: z.preprocess(
    optional,
    text(t('message.captchaRequired'))
      .trim()
      .min(1, t('message.captchaRequired'))
      .max(4096, t('message.captchaRequired')),
  ),
})
export type RemovalRequestInput = z.infer<typeof removalRequestSchema>

/** A one-line note for the trail (the refusal's reason, a text area, keeps its line breaks). */
const reviewerText = (max: number) =>
  z.preprocess(optional, text(t('api.invalidInput')).trim().max(max, t('removal.review.noteTooLong')))

/** The request a reviewer decides on: the path's `{id}`, read as text (not a number: not pending). */
const pathId = { id: text() }

/** `POST /ajax/revisao/remocoes/:id/desindexar` and `/mascarar`: an optional note for the trail. */
export const removalApproveSchema = z.object({ ...pathId, nota: reviewerText(1000) })

/** `POST /ajax/revisao/remocoes/:id/recusar`: the reason the requester is told. */
export const removalRefuseSchema = z.object({
  ...pathId,
  motivo: z.preprocess(
    optional,
    longText(t('removal.review.reasonRequired'))
      .trim()
      .min(5, t('removal.review.reasonRequired'))
      .max(1000, t('removal.review.noteTooLong')),
  ),
})
