import { Hono } from 'hono'
import { messagesDelete } from '~/api/endpoints/tables'
import { DomainError } from '~/domain/errors'
import { MESSAGES_PER_ADDRESS_PER_DAY, takeAddressQuota } from '~/domain/limits/daily-quotas.server'
import { saveProfession, saveProfile } from '~/domain/profiles/account.server'
import { deleteMessages, sendProfessionalMessage } from '~/domain/profiles/messages.server'
import { listPhones, phonesKey, sameKey } from '~/domain/profiles/profile.server'
import { findUserById } from '~/domain/users/users.server'
import { CAPTCHA_FIELD, professionalMessageSchema, revealPhonesSchema } from '~/schemas/professional-message'
import { editProfileSchema, professionSchema } from '~/schemas/profile'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'
import { requireHuman } from '../lib/turnstile'
import { validate } from '../lib/validate'
import { clientAddress, rateLimit, writeLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

// Each profile edit purges the profile's pages: one counter for the profile, profession and photo.
const profileWrites = writeLimit('perfil')

/** Professional profiles: phones, messages, profile and profession editing (issue 6). */
export const profilesApi = new Hono<AppEnv>()
  // Rate limited before anything is looked up: enumerating ids costs a scraper its quota too.
  .post(
    '/ajax/usuarios/:id/ver-telefones',
    rateLimit((env) => env.PHONES_LIMITER),
    validate(revealPhonesSchema),
    async (c) => {
      const id = idParam(c.req.param('id'), 'message.recipientNotFound')
      const user = await findUserById(c.var.deps, id)
      if (!user) throw new DomainError('message.recipientNotFound', 404)
      if (!sameKey(c.req.valid('form').ocupacao_key, await phonesKey(c.env.AUTH_SECRET, id)))
        throw new DomainError('profile.phonesKey', 403)
      c.header('Cache-Control', 'no-store')
      c.header('X-Robots-Tag', 'noindex')
      return c.json(await listPhones(c.var.deps, id))
    },
  )
  .post(
    '/ajax/enviar-mensagem-profissional',
    rateLimit((env) => env.MESSAGE_LIMITER),
    validate(professionalMessageSchema),
    async (c) => {
      const input = c.req.valid('form')
      await requireHuman(c, input[CAPTCHA_FIELD], CAPTCHA_FIELD)
      // Each message notifies its recipient: bounded per address per day too (decisions/0049).
      await takeAddressQuota(
        c.var.deps,
        clientAddress(c),
        'mensagem',
        MESSAGES_PER_ADDRESS_PER_DAY,
        'quota.messages',
      )
      return respond(c, await sendProfessionalMessage(c.var.deps, input))
    },
  )
  .post('/ajax/conta/perfil', requireUser, profileWrites, validate(editProfileSchema), async (c) =>
    respond(c, await saveProfile(c.var.deps, c.var.user, c.req.valid('form'))),
  )
  .post('/ajax/conta/profissao', requireUser, profileWrites, validate(professionSchema), async (c) =>
    respond(c, await saveProfession(c.var.deps, c.var.user, c.req.valid('form'))),
  )

// Conta › Mensagens' data table (spec §7 "Delete table items"); declared in app/api/endpoints/tables.ts.
register(profilesApi, messagesDelete, async (c) =>
  respond(c, await deleteMessages(c.var.deps, c.var.user.id, c.req.valid('form').itens)),
)
