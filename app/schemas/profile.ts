import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { birthDateField, emailField, nameField, phoneField, text } from './fields'

export { phoneDigits } from './fields'

/**
 * Edit profile (spec §5): e-mail and name required, birth date dd/mm/yyyy only if filled. A new
 * e-mail also needs the current password (checked by the server: re-authentication).
 */
export const editProfileSchema = z.object({
  email: emailField(),
  nome: nameField,
  data_nascimento: birthDateField({ optional: true }).optional().default(''),
  senha: z.string().max(200).optional().default(''),
})
export type EditProfileInput = z.infer<typeof editProfileSchema>

/**
 * The profile photo (spec §7 "Photo"): the cropped image as a data URL. It was declared by the
 * router under the same name as the profile form's schema (issue 29): one schema, its own name.
 */
export const profilePhotoSchema = z.object({
  item: z.literal('imagem', { error: t('reference.unknownProfileItem') }),
  imagem: text(t('image.invalid')).min(1, t('image.invalid')),
})

/**
 * What the browser validates on the profession form. The lists live outside react-hook-form (they
 * are plain inputs named `cidades_ids[]`, `servicos[]`, `telefones[{guid}][...]`); the form keeps
 * `ocupacao` and the number of service cities in sync so the §5 rule runs before posting.
 */
export const professionClientSchema = z
  .object({ ocupacao: text().optional().default(''), cidade: text().optional().default('') })
  .superRefine((value, ctx) => {
    if (value.ocupacao && (value.cidade === '' || value.cidade === '0'))
      ctx.addIssue({ code: 'custom', path: ['cidade'], message: t('profession.citiesRequired') })
  })

const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max, t('profession.tooMany')),
  )

/** `POST /ajax/conta/profissao`: the whole form, parsed from its bracketed names. */
export const professionSchema = z
  .object({
    ocupacao: text().trim().max(20).optional().default(''),
    ocupacao_outra: text().trim().max(120).optional().default(''),
    /** How the CBO title reads on the profile ("Advogado" or "Advogada"), decisions/0018. */
    ocupacao_forma: z.enum(['masculino', 'feminino']).optional(),
    especialidades: listOf(z.coerce.number().int().positive(), 100),
    cidades_ids: listOf(z.coerce.number().int().positive(), 50),
    servicos: listOf(text().trim().max(120), 30),
    telefones: z
      .record(
        text().max(64),
        z.object({
          // Each wrong number is named by its own input (`telefones[{guid}][numero]`), so the
          // message shows under that phone, not only in the toast (issue 28 §5).
          numero: phoneField().optional().default(''),
          whatsapp: text().optional(),
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
  })
export type ProfessionInput = z.infer<typeof professionSchema>
