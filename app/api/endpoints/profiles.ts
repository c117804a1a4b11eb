import { professionalMessageSchema, revealPhonesInput } from '~/schemas/professional-message'
import { editProfileSchema, professionSchema } from '~/schemas/profile'
import { z } from '~/schemas/zod'
import { profileRoutes as routes } from '../area-routes/profiles'
import { actionError, actionSuccess, endpoint } from '../endpoint'

/**
 * "Ver telefones" (spec §7 "Phones"): `[{numero}]` as the spec gives it (and whether it takes
 * WhatsApp), not `{status}`. Limited per address before anything is looked up: enumerating ids
 * costs a scraper its quota too.
 */
export const revealPhones = endpoint({
  ...routes.revealPhones,
  spec: 'Phones',
  input: revealPhonesInput,
  output: z.array(z.object({ numero: z.string(), whatsapp: z.boolean() })),
  error: actionError,
  access: 'anyone',
  limit: 'address',
  limitBinding: 'PHONES_LIMITER',
  public: false,
  summary: 'Ver os telefones de um perfil',
})

/** "Enviar mensagem" of a profile (spec §5): anybody, a human (Turnstile), per address. */
export const professionalMessage = endpoint({
  ...routes.professionalMessage,
  spec: 'Professional message',
  input: professionalMessageSchema,
  output: actionSuccess({}),
  error: actionError,
  access: 'anyone',
  limit: 'address',
  limitBinding: 'MESSAGE_LIMITER',
  public: false,
  summary: 'Enviar uma mensagem a um profissional',
})

// Each profile edit purges the profile's pages: one counter for the profile, profession and photo.
const profileWrite = {
  output: actionSuccess({}),
  error: actionError,
  access: 'user',
  limit: 'write',
  limitScope: 'perfil',
  public: false,
} as const

/** Conta › Perfil (spec §5 "Edit profile"). */
export const profileSave = endpoint({
  ...routes.profileSave,
  ...profileWrite,
  input: editProfileSchema,
  summary: 'Salvar o perfil',
})

/** Conta › Profissão (spec §5 "Edit profession"). */
export const professionSave = endpoint({
  ...routes.professionSave,
  ...profileWrite,
  input: professionSchema,
  summary: 'Salvar a profissão',
})
