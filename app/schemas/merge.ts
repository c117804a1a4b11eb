import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { emailField, passwordField, text } from './fields'

/** Step 1: the other account's e-mail and password. */
export const proveAccountSchema = z.object({ email: emailField(), senha: passwordField })

/** Step 2: the signed ticket from step 1 and which account survives. */
export const mergeAccountsSchema = z.object({
  ticket: text(t('merge.badTicket')).min(1, t('merge.badTicket')).max(4096, t('merge.badTicket')),
  sobrevivente: z.enum(['esta', 'outra'], { error: () => t('merge.choose') }),
})
