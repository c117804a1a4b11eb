import { type Context, Hono } from 'hono'
import { sendConfirmationEmail } from '~/domain/auth/emails.server'
import { DomainError } from '~/domain/errors'
import { enqueueNotification } from '~/domain/notifications/notifications.server'
import { saveProfession, updateProfile } from '~/domain/profiles/account.server'
import { storeProfessionalMessage } from '~/domain/profiles/messages.server'
import { listPhones, phonesKey, sameKey } from '~/domain/profiles/profile.server'
import { verifyTurnstile } from '~/domain/profiles/turnstile.server'
import { mainOrigin } from '~/domain/site/host'
import { findUserById } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { CAPTCHA_FIELD, professionalMessageSchema, revealPhonesSchema } from '~/schemas/professional-message'
import { editProfileSchema, professionSchema } from '~/schemas/profile'
import type { AppEnv } from '../env'
import { inBackground } from '../lib/account-answers'
import { readInput } from '../lib/input'
import { turnstileFor } from '../lib/turnstile'
import { rateLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

/**
 * The account forms are posted by `ActionForm` (JSON answer). Without JavaScript the browser
 * posts the same form as a page: success then goes back to the tab (303), errors render the
 * app's small Portuguese error page.
 */
function saved(c: Context<AppEnv>, tab: string) {
  const accept = c.req.header('accept') ?? ''
  if (!accept.includes('application/json') && accept.includes('text/html'))
    return c.redirect(`${tab}?salvo=1`, 303)
  return c.json({ status: 'success' })
}

function positiveId(raw: string): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('message.recipientNotFound', 404)
  return id
}

/** Professional profiles: phones, messages, profile and profession editing (issue 6). */
export const profilesApi = new Hono<AppEnv>()
  // Rate limited before anything is looked up: enumerating ids costs a scraper its quota too.
  .post(
    '/ajax/usuarios/:id/ver-telefones',
    rateLimit((env) => env.PHONES_LIMITER),
    async (c) => {
      const id = positiveId(c.req.param('id'))
      const { ocupacao_key } = await readInput(c, revealPhonesSchema)
      const user = await findUserById(c.var.deps, id)
      if (!user) throw new DomainError('message.recipientNotFound', 404)
      if (!sameKey(ocupacao_key, await phonesKey(c.env.AUTH_SECRET, id)))
        throw new DomainError('profile.phonesKey', 403)
      c.header('Cache-Control', 'no-store')
      c.header('X-Robots-Tag', 'noindex')
      return c.json(await listPhones(c.var.deps, id))
    },
  )
  .post(
    '/ajax/enviar-mensagem-profissional',
    rateLimit((env) => env.MESSAGE_LIMITER),
    async (c) => {
      const input = await readInput(c, professionalMessageSchema)
      const turnstile = turnstileFor(c)
      const remoteIp = c.req.header('cf-connecting-ip') ?? null
      const verdict = await verifyTurnstile(turnstile.deps, turnstile.config, input[CAPTCHA_FIELD], remoteIp)
      if (!verdict.success) throw new DomainError('message.captchaRequired', 422)
      const { id, recipientId } = await storeProfessionalMessage(c.var.deps, input)
      try {
        await enqueueNotification(c.var.deps, {
          type: 'notify',
          userId: recipientId,
          kind: 'mensagem',
          title: t('message.notification', { nome: input.nome.slice(0, 80) }),
          url: `${mainOrigin(c.env.BASE_DOMAIN)}/conta/mensagens`,
          dedupeKey: `mensagem:${id}`,
        })
      } catch (error) {
        // The message is stored and listed at /conta/mensagens; a lost notice is not worth a 500.
        console.error(
          JSON.stringify({ requestId: c.var.requestId, notice: 'mensagem', error: String(error) }),
        )
      }
      return c.json({ status: 'success', message: t('profile.messageSent') })
    },
  )
  .post('/ajax/conta/perfil', requireUser(), async (c) => {
    const user = c.var.user as NonNullable<typeof c.var.user>
    const result = await updateProfile(c.var.deps, user.id, await readInput(c, editProfileSchema))
    if (result.emailChanged)
      inBackground(
        c,
        sendConfirmationEmail(c.var.deps, { id: user.id, ...result }, mainOrigin(c.env.BASE_DOMAIN)),
      )
    return saved(c, '/conta/perfil')
  })
  .post('/ajax/conta/profissao', requireUser(), async (c) => {
    const user = c.var.user as NonNullable<typeof c.var.user>
    await saveProfession(c.var.deps, user.id, await readInput(c, professionSchema))
    return saved(c, '/conta/profissao')
  })
