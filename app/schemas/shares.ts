import { z } from '~/schemas/zod'

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
  url: z.string().trim().min(1).max(2000),
  rede: z.enum(SHARE_NETWORKS),
})
