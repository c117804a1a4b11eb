import { forwardRef, type InputHTMLAttributes, useEffect, useState } from 'react'
import { IMaskInput } from 'react-imask'
import { CPF_MASK, DATE_MASK, PHONE_MASK_LONG, PHONE_MASK_SHORT } from '~/lib/masks'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'defaultValue'> & {
  kind: 'phone' | 'cpf' | 'date'
  value?: string
  onValueChange?: (value: string) => void
  name?: string
}

// IMask's "0" is a required digit; optional digits are written in [brackets].
const toImask = (mask: string) => mask.replace(/9+$/, (nines) => `[${'0'.repeat(nines.length)}]`)

const PHONE_MASKS = [{ mask: toImask(PHONE_MASK_SHORT) }, { mask: toImask(PHONE_MASK_LONG) }]

// Every mask here takes digits only. Dropping anything else before IMask sees it keeps a letter
// from opening the mask's first fixed character, the stray "(" left in an empty phone field.
const digitsOnly = (typed: string) => typed.replace(/\D/g, '')
// A value with no digit left (after a backspace, say) is empty, not a lone "(" or "/".
const orEmpty = (masked: string) => (/\d/.test(masked) ? masked : '')

/** Masked input: phone (switches past 14 characters), CPF, date (spec §5). */
export const MaskedInput = forwardRef<HTMLInputElement, Props>(function MaskedInput(
  { kind, value, onValueChange, ...input },
  ref,
) {
  // IMask renders an empty input on the server: until hydrated, a plain input carries the value,
  // so a saved phone or date shows (and posts) before JavaScript, and hydration matches.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted) {
    return (
      <input
        {...input}
        ref={ref}
        value={value ?? ''}
        inputMode="numeric"
        onChange={(event) => onValueChange?.(event.target.value)}
      />
    )
  }
  const common = {
    ...input,
    inputRef: ref,
    value: value ?? '',
    inputMode: 'numeric' as const,
    prepareChar: digitsOnly,
    onAccept: (masked: string) => onValueChange?.(orEmpty(masked)),
  }
  if (kind === 'phone') {
    return (
      <IMaskInput
        {...common}
        mask={PHONE_MASKS}
        // The long form applies once the value would exceed 14 characters (spec §5).
        dispatch={(appended, dynamic) => {
          const next = (dynamic.value + appended).replace(/\D/g, '')
          return dynamic.compiledMasks[next.length > 10 ? 1 : 0]
        }}
      />
    )
  }
  return <IMaskInput {...common} mask={kind === 'cpf' ? CPF_MASK : DATE_MASK} />
})
