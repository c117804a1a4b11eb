import { Hono } from 'hono'
import { professionalMessage, professionSave, profileSave, revealPhones } from '~/api/endpoints/profiles'
import { messagesDelete } from '~/api/endpoints/tables'
import { saveProfession, saveProfile } from '~/domain/profiles/account.server'
import { contactProfessional, deleteMessages } from '~/domain/profiles/messages.server'
import { revealPhones as phonesOf } from '~/domain/profiles/profile.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register, reply } from '../lib/register'
import { respond } from '../lib/respond'
import { humanCheck } from '../lib/turnstile'
import { clientAddress } from '../middleware/rate-limit'

/**
 * Professional profiles: phones, messages, profile and profession editing (issue 6); declared in
 * app/api/endpoints/profiles.ts (the phones' and messages' own per-address counters, one write
 * counter for the profile, profession and photo).
 */
const profilesApiBase = new Hono<AppEnv>()

const profilesApi1 = register(profilesApiBase, revealPhones, async (c) => {
  const input = c.req.valid('form')
  const phones = await phonesOf(
    c.var.deps,
    c.env.AUTH_SECRET,
    idParam(input.id, 'message.recipientNotFound'),
    input.ocupacao_key,
  )
  return reply(c, revealPhones, phones, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
})

const profilesApi2 = register(profilesApi1, professionalMessage, async (c) =>
  respond(
    c,
    await contactProfessional(
      c.var.deps,
      { address: clientAddress(c), human: humanCheck(c) },
      c.req.valid('form'),
    ),
  ),
)

const profilesApi3 = register(profilesApi2, profileSave, async (c) =>
  respond(c, await saveProfile(c.var.deps, c.var.user, c.req.valid('form'))),
)

const profilesApi4 = register(profilesApi3, professionSave, async (c) =>
  respond(c, await saveProfession(c.var.deps, c.var.user, c.req.valid('form'))),
)

// Conta › Mensagens' data table (spec §7 "Delete table items"); declared in app/api/endpoints/tables.ts.
const profilesApi5 = register(profilesApi4, messagesDelete, async (c) =>
  respond(c, await deleteMessages(c.var.deps, c.var.user.id, c.req.valid('form').itens)),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const profilesApi = profilesApi5
