import {
  emailPreferencesSchema,
  notificationReadSchema,
  notificationsQuerySchema,
  unsubscribeSchema,
} from '~/schemas/notifications'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

/** The header's notifications box, its badge and `/notificacoes` (spec §4, §7; issue 15). */
const notificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  /** Only a link to our own hosts, checked again on the way out. */
  url: z.string().nullable(),
  createdAt: z.number(),
  viewed: z.boolean(),
  read: z.boolean(),
})

// Marking seen or read: one counter for the three (each a write to the user's own rows).
const marks = { access: 'user', limit: 'api', limitScope: 'notificacoes-marcar', public: false } as const

export const notifications = endpoint({
  ...routes.notifications,
  input: notificationsQuerySchema,
  output: actionSuccess({ items: z.array(notificationItem), unseen: z.number().int().nonnegative() }),
  error: actionError,
  access: 'user',
  limit: 'none',
  public: false,
  summary: 'As últimas notificações, para a caixa do cabeçalho',
})

/** The badge, refreshed when the tab comes back into view: one indexed count, capped at 100. */
export const notificationsCount = endpoint({
  ...routes.notificationsCount,
  input: notificationsQuerySchema,
  output: actionSuccess({ naoVistas: z.number().int().nonnegative() }),
  error: actionError,
  access: 'user',
  limit: 'none',
  public: false,
  summary: 'Quantas notificações ainda não foram vistas',
})

export const notificationsViewAll = endpoint({
  ...routes.notificationsViewAll,
  spec: 'Notifications',
  ...marks,
  input: notificationsQuerySchema,
  output: actionSuccess({}),
  error: actionError,
  summary: 'Marcar todas as notificações como vistas',
})

export const notificationsReadAll = endpoint({
  ...routes.notificationsReadAll,
  spec: 'Notifications',
  ...marks,
  input: notificationsQuerySchema,
  output: actionSuccess({}),
  error: actionError,
  summary: 'Marcar todas as notificações como lidas',
})

export const notificationRead = endpoint({
  ...routes.notificationRead,
  ...marks,
  input: notificationReadSchema,
  output: actionSuccess({}),
  error: actionError,
  summary: 'Marcar uma notificação como lida',
})

/** Conta › Notificações: how each group of notifications reaches the e-mail (issue 15). */
export const emailPreferences = endpoint({
  ...routes.emailPreferences,
  input: emailPreferencesSchema,
  output: actionSuccess({}),
  error: actionError,
  access: 'user',
  limit: 'api',
  public: false,
  summary: 'Salvar as preferências de e-mail',
})

// Unsubscribing needs only a signed token: per address, one counter for both forms.
const unsubscribing = {
  access: 'anyone',
  limit: 'address',
  limitScope: 'cancelar-email',
  public: false,
} as const

/** The confirmation page's form (`/email/cancelar`): no login, the token says who. */
export const unsubscribe = endpoint({
  ...routes.unsubscribe,
  ...unsubscribing,
  input: unsubscribeSchema,
  output: actionSuccess({}),
  error: actionError,
  summary: 'Cancelar e-mails pelo link da mensagem',
})

/** RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click` to the header's URL. */
export const unsubscribeOneClick = endpoint({
  ...routes.unsubscribeOneClick,
  ...unsubscribing,
  inputFrom: 'query',
  input: unsubscribeSchema,
  output: actionSuccess({}),
  error: actionError,
  summary: 'Cancelar e-mails com um clique (RFC 8058)',
})
