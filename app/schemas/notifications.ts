import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { text } from './text'

const MODES = ['nunca', 'imediato', 'diario'] as const
const mode = z.enum(MODES, { error: () => t('emailPrefs.badMode') })

/** Conta › Notificações: how each group reaches the e-mail (issue 15). */
export const emailPreferencesSchema = z.object({
  comentarios: mode,
  seguidores: mode,
  artigos: mode,
  votos: mode,
  // Added with monitoring (issue 16): a client that predates it leaves the choice as it was.
  monitoramentos: mode.optional(),
  // Added with contact-message e-mails (issue 28 §5), the same way.
  mensagens: mode.optional(),
})

/** The unsubscribe form and the mail client's one-click post carry the signed token. */
export const unsubscribeSchema = z.object({
  token: text(t('emailPrefs.badLink'))
    .min(1, { error: () => t('emailPrefs.badLink') })
    .max(4096, { error: () => t('emailPrefs.badLink') }),
})

/** The header box and the badge ask for nothing but the session. */
export const notificationsQuerySchema = z.object({})

/** Marking one read: the id is the path's segment; anything but a positive integer is not found. */
export const notificationReadSchema = z.object({ id: text() })
