import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'

// The text rule every field schema starts from (app/schemas/fields.ts re-exports it); its own
// module so the comment form, loaded on use in the browser, does not pull in the date helpers.

/**
 * Characters no typed text may hold (decisions/0050). C0 and C1 control characters (NUL, CR/LF
 * in a name, ESC…) break e-mail headers, logs and exports; the bidirectional overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069) make a name or title read differently from what it
 * is ("Trojan Source"). The marks (U+200E, U+200F, U+061C) only nudge neutral characters, but in
 * a one-line name or title that is enough to disguise it, so they go there too; a multi-line text
 * (an article, a comment, a message) may quote Arabic or Hebrew, keeps them, and keeps tab and
 * line breaks.
 */
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069'
const LINE_FORBIDDEN = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}\\u200e\\u200f\\u061c]`)
const TEXT_FORBIDDEN = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}]`,
)

/** Whether `value` is fit for a one-line field (`multiline`: an article, comment or message). */
export function isCleanText(value: string, { multiline = false } = {}): boolean {
  return !(multiline ? TEXT_FORBIDDEN : LINE_FORBIDDEN).test(value)
}

/** The forbidden characters removed: for text read but never refused (a search box). */
export function withoutForbidden(value: string): string {
  return value.replace(new RegExp(LINE_FORBIDDEN.source, 'g'), '')
}

/**
 * A one-line text a person types: every schema's string field starts here (or at `longText`),
 * so none accepts control or direction-override characters. `error` is the message when the
 * value is missing or not text.
 */
export const text = (error?: string) =>
  z.string(error ? { error } : undefined).refine((value) => isCleanText(value), {
    error: () => t('field.badCharacters'),
  })

/** A multi-line text (article body, comment, message): tab and line breaks allowed. */
export const longText = (error?: string) =>
  z.string(error ? { error } : undefined).refine((value) => isCleanText(value, { multiline: true }), {
    error: () => t('field.badCharacters'),
  })
