import { t } from '~/i18n/pt-BR'
import { UFS } from '~/schemas/ufs'
import { z } from '~/schemas/zod'
import { text as lineText, longText } from './text'

const digitsOf = (value: string) => value.replace(/\D/g, '')

/** A CPF's two check digits (mod 11); repeated digits (000…, 111…) are not CPFs. */
export function isValidCpf(value: string): boolean {
  const d = digitsOf(value)
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false
  const check = (length: number) => {
    let sum = 0
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (length + 1 - i)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return check(9) === Number(d[9]) && check(10) === Number(d[10])
}

const text = z.preprocess((value) => (value == null ? '' : value), lineText().trim().max(40))

/**
 * `POST /ajax/pessoas/:id/reivindicar` ("Este sou eu"): the identity gov.br verified for the
 * account (the only proof accepted at once, decisions/0047), or an OAB number and its UF, or a
 * CPF (both go to review). Only the chosen kind's fields are checked; the others may stay empty.
 */
export const claimSchema = z
  .object({
    tipo: z.enum(['govbr', 'oab', 'cpf'], { error: () => t('claims.badKind') }),
    oab_numero: text,
    oab_uf: text,
    cpf: text,
  })
  .superRefine((value, ctx) => {
    if (value.tipo === 'oab') {
      if (!/^\d{1,7}$/.test(value.oab_numero.replace(/[.\s]/g, '')))
        ctx.addIssue({ code: 'custom', path: ['oab_numero'], message: t('claims.badOabNumber') })
      if (!(UFS as readonly string[]).includes(value.oab_uf.toUpperCase()))
        ctx.addIssue({ code: 'custom', path: ['oab_uf'], message: t('claims.badOabUf') })
    }
    if (value.tipo === 'cpf' && !isValidCpf(value.cpf))
      ctx.addIssue({ code: 'custom', path: ['cpf'], message: t('claims.badCpf') })
  })
export type ClaimInput = z.infer<typeof claimSchema>

/** "Desfazer" sends no fields; the schema keeps the one write path's shape. */
export const undoClaimSchema = z.object({})

/**
 * The person's or the claim's id is the path's segment (`:id`), a field of the endpoint's input
 * (decisions/0070); anything but a positive integer is "not found" (404), as before, not a 422.
 */
const pathId = z.object({ id: lineText() })
export const claimPersonInput = pathId.and(claimSchema)
export const undoClaimInput = pathId

/** A reviewer's note (one line) or reason (a text area, line breaks kept: the claimant reads it). */
const note = (max: number, tooLong: string, { multiline = false } = {}) =>
  z.preprocess(
    (value) => (value == null ? '' : value),
    (multiline ? longText : lineText)(t('api.invalidInput')).trim().max(max, tooLong),
  )

/** `POST /ajax/revisao/reivindicacoes/:id/aceitar`: an optional note for the audit trail. */
export const acceptClaimSchema = z.object({ nota: note(500, t('review.noteTooLong')) })

/** `POST /ajax/revisao/reivindicacoes/:id/recusar`: the reason is required (the claimant reads it). */
export const refuseClaimSchema = z.object({
  motivo: note(500, t('review.reasonTooLong'), { multiline: true }).pipe(
    z.string().min(5, t('review.reasonRequired')),
  ),
})

export const acceptClaimInput = acceptClaimSchema.extend(pathId.shape)
export const refuseClaimInput = refuseClaimSchema.extend(pathId.shape)
