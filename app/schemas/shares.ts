import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { text } from './text'

export const SHARE_NETWORKS = [
  'whatsapp',
  'linkedin',
  'x',
  'facebook',
  'telegram',
  'copiar',
  'nativo',
] as const
export type ShareNetwork = (typeof SHARE_NETWORKS)[number]

/** `POST /api/v2/compartilhamentos`: one share of `url` on `rede`. */
export const shareSchema = z.object({
  url: text(t('share.badUrl')).trim().min(1, t('share.badUrl')).max(2000, t('share.badUrl')),
  rede: z.enum(SHARE_NETWORKS, { error: () => t('share.badNetwork') }),
})

/** `GET` of the same path: the total of a page (`url`, any of its query-string variants). */
export const shareCountSchema = z.object({
  url: text(t('share.badUrl')).max(2000, t('share.badUrl')).default(''),
})
