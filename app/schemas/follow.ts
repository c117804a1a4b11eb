import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'

/** What can be followed (spec §3 "Followable item"). */
export const FOLLOWABLE_KINDS = ['comunidade', 'usuario', 'pessoa', 'empresa', 'processo', 'artigo'] as const
export type FollowableKind = (typeof FOLLOWABLE_KINDS)[number]

/** Following and unfollowing (app/api/endpoints/follows.ts): `{id, tipo}` (spec §7 "Follow"). */
export const followSchema = z.object({
  id: z.coerce
    .number({ error: () => t('follow.badId') })
    .int({ error: () => t('follow.badId') })
    .positive({ error: () => t('follow.badId') })
    .max(Number.MAX_SAFE_INTEGER, { error: () => t('follow.badId') }),
  tipo: z.enum(FOLLOWABLE_KINDS, { error: () => t('follow.badKind') }),
})
export type FollowInput = z.infer<typeof followSchema>
