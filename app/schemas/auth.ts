import { z } from 'zod'

/** Login form (spec §5). Shared by the login page, the login modal and `POST /login`. */
export const loginSchema = z.object({
  email: z
    .string({ error: 'O campo e-mail é obrigatório.' })
    .trim()
    .min(1, 'O campo e-mail é obrigatório.')
    .pipe(z.email('Insira um e-mail válido.')),
  senha: z.string({ error: 'O campo senha é obrigatório.' }).min(1, 'O campo senha é obrigatório.'),
})

/** `POST /login` answer (spec §7). */
export type LoginResponse = {
  status: string
  url_intended?: string | null
  refresh?: boolean
  message?: string
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message)

const emailField = required('O campo e-mail é obrigatório.').pipe(z.email('Insira um e-mail válido.'))

/** dd/mm/yyyy, a real day, not in the future and not before 1900 (spec §5 'Digite uma data válida'). */
export function isValidBirthDate(text: string, today = new Date()): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim())
  if (!match) return false
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return false
  return year >= 1900 && date.getTime() <= today.getTime()
}

export const SUBDOMAIN_MAX = 30
const subdomainField = required('Informe o nome de usuário.')
  .regex(/^[A-Za-z0-9]+$/, 'Digite apenas letras e números')
  .max(SUBDOMAIN_MAX, `O nome de usuário pode ter no máximo ${SUBDOMAIN_MAX} caracteres.`)
  .transform((value) => value.toLowerCase())

const birthDateField = z
  .string({ error: 'Digite uma data válida' })
  .trim()
  .refine((value) => isValidBirthDate(value), 'Digite uma data válida')

/** The fields signup and complete signup share (spec §3, §5). */
const profileChoice = {
  subdominio: subdomainField,
  email: emailField,
  nome: required('O campo nome é obrigatório.').pipe(
    z.string().max(120, 'O nome pode ter no máximo 120 caracteres.'),
  ),
  data_nascimento: birthDateField,
  /** Student or professional (spec §3). */
  perfil: z.enum(['profissional', 'estudante'], { error: 'Escolha entre estudante e profissional.' }),
  /** CBO code of the profession, or 'outra' (then `profissao_outra`). Optional. */
  profissao: z.string().trim().max(12).optional().default(''),
  profissao_outra: z.string().trim().max(80).optional().default(''),
  curso: z.string().trim().max(80).optional().default(''),
  instituicao: z.string().trim().max(12).optional().default(''),
  /** IBGE id of the city (the city field's hidden input). */
  cidade: z.string().trim().max(12).optional().default(''),
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
    senha: z
      .string({ error: 'O campo senha é obrigatório.' })
      .min(1, 'O campo senha é obrigatório.')
      .min(6, 'A senha deve ter no mínimo 6 caracteres')
      .max(200, 'A senha pode ter no máximo 200 caracteres.'),
  })
  .superRefine(profileRules)
export type SignupInput = z.infer<typeof signupSchema>

/** Complete signup after a social login: signup without `senha`, plus the e-mail twice (spec §5). */
export const completeSignupSchema = z
  .object({ ...profileChoice, email_confirmation: z.string().trim().optional().default('') })
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
  nova_senha: z
    .string({ error: 'Informe a nova senha.' })
    .min(1, 'Informe a nova senha.')
    .min(6, 'A senha deve ter no mínimo 6 caracteres')
    .max(200, 'A senha pode ter no máximo 200 caracteres.'),
  nova_senha_confirmation: z
    .string({ error: 'Informe a senha novamente.' })
    .min(1, 'Informe a senha novamente.'),
}

const confirmed = (value: { nova_senha: string; nova_senha_confirmation: string }) =>
  value.nova_senha === value.nova_senha_confirmation
const mismatch = { path: ['nova_senha_confirmation'], message: 'As senhas não coincidem.' }

/** Change password (spec §5). */
export const changePasswordSchema = z
  .object({ senha: required('O campo senha é obrigatório.'), ...newPasswordFields })
  .refine(confirmed, mismatch)

/** Password reset: ask for the link, then choose the new password. */
export const resetRequestSchema = z.object({ email: emailField })
export const resetPasswordSchema = z
  .object({ token: z.string().min(1).max(4096), ...newPasswordFields })
  .refine(confirmed, mismatch)
