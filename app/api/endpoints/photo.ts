import { profilePhotoSchema } from '~/schemas/profile'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

/** A 4 MB image as base64 JSON is about 5.6 MB; reading stops past this, with the spec's words (413). */
const MAX_PROFILE_BODY = 6 * 1024 * 1024

/** The photo editor's "Salvar" (spec §7 "Photo"): answers the new photo's address. */
export const profilePhoto = endpoint({
  ...routes.profilePhoto,
  spec: 'Account',
  input: profilePhotoSchema,
  maxBody: MAX_PROFILE_BODY,
  maxBodyError: { message: 'image.invalid' },
  output: actionSuccess({ url: z.string() }),
  error: actionError,
  access: 'user',
  // One counter with the profile and profession forms.
  limit: 'write',
  limitScope: 'perfil',
  public: false,
  summary: 'Trocar a foto do perfil',
})
