import { likePattern } from '~/db/like'
import { normalizeForMatch } from '~/domain/suggestion-lists/keys'

/** Spec §5 "Other rules", §9: autocompletes need at least 2 characters. */
export const AUTOCOMPLETE_MIN_CHARS = 2
/** At most this many items per answer: enough to pick from, small enough to scan. */
export const AUTOCOMPLETE_LIMIT = 10

/**
 * `%-key%` for a slug column: a word of the slug starts with `key`. likePattern keeps it within
 * D1's 50-byte limit; the candidates are then ranked against the whole term (matchRank), which
 * drops any the cut let in. Read it with likeSql (its ESCAPE clause).
 */
export function slugWordPattern(key: string): string {
  return likePattern(key, { before: '%-' })
}

/** Spec §3: one autocomplete item. `label` may carry one `<span>`; `inputLabel` is plain text. */
export type AutocompleteItem = { label: string; inputLabel: string; value: string | number; slug: string }

/** The normalised term, or null when it is too short to search (fewer than 2 characters). */
export function searchTerm(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  const term = normalizeForMatch(raw).slice(0, 100)
  return term.replace(/[^\p{L}\p{N}]/gu, '').length >= AUTOCOMPLETE_MIN_CHARS ? term : null
}

/**
 * How well `text` matches the (normalised) term, lower is better: 0 equal, 1 prefix, 2 a word
 * starts with it, 3 contains it; null when it does not match. Case and accents are ignored.
 */
export function matchRank(text: string, term: string): number | null {
  const hay = simplify(text)
  const wanted = simplify(term)
  if (!wanted) return null
  if (hay === wanted) return 0
  if (hay.startsWith(wanted)) return 1
  if (hay.includes(` ${wanted}`)) return 2
  if (hay.includes(wanted)) return 3
  return null
}

/** Lower case, no accents, punctuation as single spaces: "São João del-Rei/MG" → "sao joao del rei mg". */
function simplify(text: string): string {
  return normalizeForMatch(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** Escapes text placed in a label (the client decodes entities; only `<span>` is markup). */
export function escapeLabel(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Label with a muted detail: `Campinas <span class="muted">SP</span>`. */
export function labelWithDetail(main: string, detail: string): string {
  return `${escapeLabel(main)} <span class="muted">${escapeLabel(detail)}</span>`
}

/** One autocomplete's answer (spec §7): `[]` under 2 letters, else what the search finds. */
export async function autocomplete<D>(
  deps: D,
  search: (deps: D, term: string) => Promise<AutocompleteItem[]>,
  raw: string | undefined,
): Promise<AutocompleteItem[]> {
  const term = searchTerm(raw)
  return term ? search(deps, term) : []
}
