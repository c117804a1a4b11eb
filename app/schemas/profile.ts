import { z } from 'zod'
import { t } from '~/i18n/pt-BR'
import { compareDates, isValidDate, parseDisplayDate, todayInBrazil } from '~/lib/dates'

/** Edit profile (spec §5): e-mail and name required, birth date dd/mm/yyyy only if filled. */
export const editProfileSchema = z.object({
  email: z
    .string({ error: t('account.emailRequired') })
    .trim()
    .toLowerCase()
    .min(1, t('account.emailRequired'))
    .max(254)
    .pipe(z.email(t('account.emailInvalid'))),
  nome: z
    .string({ error: t('account.nameRequired') })
    .trim()
    .min(1, t('account.nameRequired'))
    .max(120),
  data_nascimento: z
    .string()
    .trim()
    .optional()
    .default('')
    .refine((value) => {
      if (!value) return true
      const date = parseDisplayDate(value, 'dd/mm/yyyy')
      return !!date && isValidDate(date) && date.year >= 1900 && compareDates(date, todayInBrazil()) <= 0
    }, t('account.dateInvalid')),
})
export type EditProfileInput = z.infer<typeof editProfileSchema>

/**
 * What the browser validates on the profession form. The lists live outside react-hook-form (they
 * are plain inputs named `cidades_ids[]`, `servicos[]`, `telefones[{guid}][...]`); the form keeps
 * `ocupacao` and the number of service cities in sync so the §5 rule runs before posting.
 */
export const professionClientSchema = z
  .object({ ocupacao: z.string().optional().default(''), cidade: z.string().optional().default('') })
  .superRefine((value, ctx) => {
    if (value.ocupacao && (value.cidade === '' || value.cidade === '0'))
      ctx.addIssue({ code: 'custom', path: ['cidade'], message: t('profession.citiesRequired') })
  })

const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max, t('profession.tooMany')),
  )

/** Phone digits: DDD plus 8 or 9 digits (spec §5 mask). */
export const phoneDigits = (value: string) => value.replace(/\D/g, '')

/** `POST /ajax/conta/profissao`: the whole form, parsed from its bracketed names. */
export const professionSchema = z
  .object({
    ocupacao: z.string().trim().max(20).optional().default(''),
    ocupacao_outra: z.string().trim().max(120).optional().default(''),
    /** How the CBO title reads on the profile ("Advogado" or "Advogada"), decisions/0018. */
    ocupacao_forma: z.enum(['masculino', 'feminino']).optional(),
    especialidades: listOf(z.coerce.number().int().positive(), 100),
    cidades_ids: listOf(z.coerce.number().int().positive(), 50),
    servicos: listOf(z.string().trim().max(120), 30),
    telefones: z
      .record(
        z.string().max(64),
        z.object({
          numero: z.string().trim().max(30).optional().default(''),
          whatsapp: z.string().optional(),
        }),
      )
      .optional()
      .default({})
      .refine((phones) => Object.keys(phones).length <= 10, t('profession.tooMany')),
  })
  .superRefine((value, ctx) => {
    if (value.ocupacao === 'outra' && !value.ocupacao_outra)
      ctx.addIssue({ code: 'custom', path: ['ocupacao_outra'], message: t('profession.otherRequired') })
    if (value.ocupacao && value.cidades_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['cidade'], message: t('profession.citiesRequired') })
    for (const phone of Object.values(value.telefones)) {
      const digits = phoneDigits(phone.numero)
      if (phone.numero && (digits.length < 10 || digits.length > 11)) {
        ctx.addIssue({ code: 'custom', path: ['telefones'], message: t('profession.phoneInvalid') })
        break
      }
    }
  })
export type ProfessionInput = z.infer<typeof professionSchema>
