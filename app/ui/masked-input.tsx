import {
  type FocusEvent,
  forwardRef,
  type InputHTMLAttributes,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { flushSync } from 'react-dom'
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
const digitsBefore = (text: string, index: number) => digitsOnly(text.slice(0, index)).length
/** The index just past the n-th digit of a masked value (0 for none): where a caret goes. */
const afterDigits = (masked: string, count: number) => {
  if (count === 0) return 0
  let seen = 0
  for (let i = 0; i < masked.length; i++) if (/\d/.test(masked.charAt(i)) && ++seen === count) return i + 1
  return masked.length
}
/** Where the reader's caret or selection was, counted in digits, so it survives the mask's format. */
type Selection = { start: number; end: number; whole: boolean }

type ImaskModule = typeof import('react-imask')
// The server never swaps (it renders the plain input): a layout effect there only warns.
const useSwapEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect
// Loaded on a masked field's first focus, not with the page (issue 18: masks load only where
// they are used). One download for every field of the page and of later pages.
let imask: ImaskModule | null = null
let loading: Promise<ImaskModule> | null = null
const loadImask = () => {
  loading ??= import('react-imask').then((module) => {
    imask = module
    return module
  })
  return loading
}

/**
 * Masked input: phone (switches past 14 characters), CPF, date (spec §5). Until the mask library
 * has loaded it is a plain numeric input carrying the value (also what the server renders, so it
 * works before JavaScript); the focus and the typed digits carry over to the masked input.
 */
export const MaskedInput = forwardRef<HTMLInputElement, Props>(function MaskedInput(
  { kind, value, onValueChange, onFocus, onBlur, ...input },
  ref,
) {
  // Starts empty even when the library is loaded, so hydration matches the server's plain input.
  const [lib, setLib] = useState<ImaskModule | null>(null)
  const element = useRef<HTMLInputElement | null>(null)
  const focused = useRef(false)
  const selection = useRef<Selection | null>(null)
  const swapped = useRef(false)
  // Read by the swap's effect, which runs when the library arrives, not on every keystroke.
  const latest = useRef({ value, onValueChange })
  latest.current = { value, onValueChange }
  const setRef = (node: HTMLInputElement | null) => {
    element.current = node
    if (typeof ref === 'function') ref(node)
    else if (ref) ref.current = node
  }
  // Runs once, after hydration. On a page that hydrates on intent (decisions/0040) the reader may
  // have typed before it: React keeps what the field shows, and the state follows it. (The root
  // layout replays a focus React missed, which asks for the mask.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount; swap reads only refs
  useEffect(() => {
    const node = element.current
    if (node && node.value !== (latest.current.value ?? '')) latest.current.onValueChange?.(node.value)
    // Loaded by an earlier page: swap after the effect, not in it (the swap flushes synchronously).
    if (imask) loadImask().then(swap, () => undefined)
  }, [])
  // The swap replaces the element: give the new one the focus and the caret. A layout effect runs
  // before the browser handles the next key, so no keystroke lands on the removed input.
  useSwapEffect(() => {
    const node = element.current
    if (!lib || !node) return
    // Digits typed before the swap are shown masked now: the form's value follows the display.
    const shown = orEmpty(node.value)
    if (shown !== (latest.current.value ?? '')) latest.current.onValueChange?.(shown)
    if (!focused.current) return
    node.focus()
    // The caret or the selection stays where it was: a field selected whole is replaced by what
    // comes next, as it would have been without the swap.
    const was = selection.current
    const end = node.value.length
    if (!was) node.setSelectionRange(end, end)
    else if (was.whole) node.setSelectionRange(0, end)
    else node.setSelectionRange(afterDigits(node.value, was.start), afterDigits(node.value, was.end))
  }, [lib])

  // Reads the plain input's selection and swaps in the same task: no keystroke can land between.
  const swap = (module: ImaskModule) => {
    const node = element.current
    // Two focuses before the download ends ask twice; only the first swaps.
    if (swapped.current) return
    swapped.current = true
    selection.current =
      node && focused.current
        ? {
            start: digitsBefore(node.value, node.selectionStart ?? node.value.length),
            end: digitsBefore(node.value, node.selectionEnd ?? node.value.length),
            whole: node.value !== '' && node.selectionStart === 0 && node.selectionEnd === node.value.length,
          }
        : null
    flushSync(() => setLib(module))
  }
  const focus = (event: FocusEvent<HTMLInputElement>) => {
    focused.current = true
    if (!lib) loadImask().then(swap, () => undefined)
    onFocus?.(event)
  }
  const blur = (event: FocusEvent<HTMLInputElement>) => {
    focused.current = false
    onBlur?.(event)
  }
  if (!lib) {
    return (
      <input
        {...input}
        ref={setRef}
        value={value ?? ''}
        inputMode="numeric"
        onFocus={focus}
        onBlur={blur}
        onChange={(event) => onValueChange?.(event.target.value)}
      />
    )
  }
  const { IMaskInput } = lib
  const common = {
    ...input,
    inputRef: setRef,
    onFocus: focus,
    onBlur: blur,
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
