import { MOVEMENT_WORDS, type MovementWords } from '~/i18n/pt-BR/movements'

/**
 * A movement in plain Portuguese by its TPU code (issue 41 §4): what happened and what usually
 * comes next; null for a code the table does not hold, which is then shown by its official name.
 */
export function movementWords(code: number | null | undefined): MovementWords | null {
  return code === null || code === undefined ? null : (MOVEMENT_WORDS[code] ?? null)
}
