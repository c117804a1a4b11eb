import { t } from '~/i18n/pt-BR'
import { CAPTCHA_FIELD } from '~/schemas/professional-message'
import { z } from '~/schemas/zod'
import {
  birthDateField,
  emailField,
  nameField,
  newPasswordField,
  passwordField,
  subdomainField,
  text,
} from './fields'

export { isValidBirthDate, SUBDOMAIN_MAX } from './fields'

/** Login form (spec §5). Shared by the login page, the login modal and `POST /login`. */
export const loginSchema = z.object({ email: emailField(), senha: passwordField })

/** `POST /login` answer (spec §7). */
export type LoginResponse = {
  status: string
  url_intended?: string | null
  refresh?: boolean
  message?: string
}

/** The fields signup and complete signup share (spec §3, §5). */
const profileChoice = {
  subdominio: subdomainField,
  email: emailField(),
  nome: nameField,
  /** Spec §5 asks only its format (every other field says "required"): empty is fine. */
  data_nascimento: birthDateField({ optional: true }).optional().default(''),
  /** Student or professional (spec §3). */
  perfil: z.enum(['profissional', 'estudante'], { error: 'Escolha entre estudante e profissional.' }),
  /** CBO code of the profession, or 'outra' (then `profissao_outra`). Optional. */
  profissao: text().trim().max(12).optional().default(''),
  profissao_outra: text().trim().max(80).optional().default(''),
  /** How the title reads: the CBO title or its feminine (decisions/0018). */
  ocupacao_forma: z.enum(['masculino', 'feminino']).optional(),
  curso: text().trim().max(80).optional().default(''),
  instituicao: text().trim().max(12).optional().default(''),
  /** IBGE id of the city (the city field's hidden input). */
  cidade: text().trim().max(12).optional().default(''),
}

type ProfileChoice = {
  perfil: 'profissional' | 'estudante'
  profissao: string
  profissao_outra: string
  curso: string
  cidade: string
}

/** Spec §5: `cidade` is required when a profession is selected; a student names the course. */
function profileRules(value: ProfileChoice, ctx: z.RefinementCtx) {
  if (value.perfil === 'profissional') {
    if (value.profissao === 'outra' && !value.profissao_outra)
      ctx.addIssue({ code: 'custom', path: ['profissao_outra'], message: 'Informe a sua profissão.' })
    if (value.profissao && !/^\d{6}$|^outra$/.test(value.profissao))
      ctx.addIssue({ code: 'custom', path: ['profissao'], message: 'Selecione sua profissão' })
    if (value.profissao && !/^\d{1,7}$/.test(value.cidade))
      ctx.addIssue({ code: 'custom', path: ['cidade'], message: 'Informe o nome da sua cidade.' })
  } else if (!value.curso) {
    ctx.addIssue({ code: 'custom', path: ['curso'], message: 'Selecione o curso' })
  }
}

/** Signup form (spec §5 "Signup"). */
export const signupSchema = z
  .object({
    ...profileChoice,
    senha: newPasswordField(),
  })
  .superRefine(profileRules)
export type SignupInput = z.infer<typeof signupSchema>

/** Complete signup after a social login: signup without `senha`, plus the e-mail twice (spec §5). */
export const completeSignupSchema = z
  .object({ ...profileChoice, email_confirmation: text().trim().optional().default('') })
  .superRefine((value, ctx) => {
    if (value.email_confirmation.toLowerCase() !== value.email.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['email_confirmation'], message: 'Os e-emails não coincidem.' })
    profileRules(value, ctx)
  })
export type CompleteSignupInput = z.infer<typeof completeSignupSchema>

/** `POST /cadastrar` answer (spec §7). */
export type SignupResponse = { status: string; redirect_url?: string; message?: string }

/** The new password twice: change and reset share it (spec §5 "Change password"). */
const newPasswordFields = {
  nova_senha: newPasswordField('Informe a nova senha.'),
  nova_senha_confirmation: z
    .string({ error: 'Informe a senha novamente.' })
    .min(1, 'Informe a senha novamente.'),
}

const confirmed = (value: { nova_senha: string; nova_senha_confirmation: string }) =>
  value.nova_senha === value.nova_senha_confirmation
const mismatch = { path: ['nova_senha_confirmation'], message: 'As senhas não coincidem.' }

/** Change password (spec §5). */
export const changePasswordSchema = z
  .object({ senha: passwordField, ...newPasswordFields })
  .refine(confirmed, mismatch)

/** The signup form's live checks (spec §7): is this e-mail, this user name, free? */
/**
 * The e-mail's live check: a Turnstile token (the widget's field) buys a captcha pass when the page
 * has none or it ran out (decisions/0092).
 */
export const emailAvailableSchema = z.object({
  email: text().trim().max(254),
  [CAPTCHA_FIELD]: text().trim().max(4096).optional(),
})
export const subdomainAvailableSchema = z.object({ subdominio: text().trim().max(63) })

/** Logging out and resending the confirmation take no fields (the session says who). */
export const noFieldsSchema = z.object({})

/** Password reset: ask for the link, then choose the new password. */
export const resetRequestSchema = z.object({ email: emailField() })
export const resetPasswordSchema = z
  .object({
    token: text(t('auth.resetInvalid')).min(1, t('auth.resetInvalid')).max(4096, t('auth.resetInvalid')),
    ...newPasswordFields,
  })
  .refine(confirmed, mismatch)

export type LoginInput = z.infer<typeof loginSchema>
export type PasswordChangeInput = z.infer<typeof changePasswordSchema>
export type ResetRequestInput = z.infer<typeof resetRequestSchema>
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>
