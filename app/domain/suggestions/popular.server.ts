import { and, desc, gte, lt, or, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { searchTerms } from '~/db/schema'
import { isSuppressed } from '~/domain/privacy/forget.server'
import { normalizeForMatch, SUGGESTION_MIN_LENGTH } from '~/domain/suggestion-lists/keys'
import { looksPersonal, tidySearchTerm } from './privacy'

/**
 * A term is suggested to others only after this many counted searches, so one person's odd query
 * is never shown to anyone else.
 */
export const POPULAR_MIN_SEARCHES = 3
export const SEARCH_TERM_MAX_LENGTH = 80
/** Terms read per rebuild: the most searched; rarer ones would rarely make a list of 50. */
const POPULAR_READ_LIMIT = 5000
/** Rarely searched terms are forgotten after a month, every term after a year unseen. */
const FORGET_RARE_AFTER_DAYS = 30
const FORGET_ALL_AFTER_DAYS = 365

/**
 * Counts one search under its normalised term: only the term, a display form, the count and the
 * day. Searches without results, terms outside 3–80 characters and personal-looking terms (CNJ,
 * CPF/CNPJ, e-mail, phone) are not counted, nor a term holding a name a masking hid.
 */
export async function recordSearch(deps: { db: Database }, term: string, results: number): Promise<void> {
  if (!(results > 0) || looksPersonal(term)) return
  const display = tidySearchTerm(term)
  const key = normalizeForMatch(display)
  if (key.length < SUGGESTION_MIN_LENGTH || key.length > SEARCH_TERM_MAX_LENGTH) return
  // A name a masking hid is never counted again, whatever a search still finds (decisions/0089).
  if (await isSuppressed(deps.db, key)) return
  const today = sql`date('now')`
  await deps.db
    .insert(searchTerms)
    .values({ term: key, display, count: 1, lastSeen: today })
    .onConflictDoUpdate({
      target: searchTerms.term,
      set: { count: sql`${searchTerms.count} + 1`, lastSeen: today },
    })
}

/**
 * A search opened from a results page of the same term (a category tab, a filter, the sort, the
 * next page) refines that search: counting it again would let one person's query reach the
 * threshold alone. Only the Referer of this request is read, nothing is kept.
 */
export function isRefinement(referer: string | null, term: string): boolean {
  if (!referer || !URL.canParse(referer)) return false
  const from = new URL(referer)
  const key = (text: string) => normalizeForMatch(tidySearchTerm(text))
  return from.pathname.endsWith('/busca') && key(from.searchParams.get('q') ?? '') === key(term)
}

export type PopularTerm = { term: string; display: string; count: number }

/** Terms searched often enough to be suggested, most searched first. */
export async function popularTerms(db: Database): Promise<PopularTerm[]> {
  return db
    .select({ term: searchTerms.term, display: searchTerms.display, count: searchTerms.count })
    .from(searchTerms)
    .where(gte(searchTerms.count, POPULAR_MIN_SEARCHES))
    .orderBy(desc(searchTerms.count), desc(searchTerms.term))
    .limit(POPULAR_READ_LIMIT)
}

/** Drops terms nobody searches any more: keeps the table small and forgets one-off queries. */
export async function forgetStaleTerms(db: Database): Promise<void> {
  const daysAgo = (days: number) => sql`date('now', ${`-${days} days`})`
  await db
    .delete(searchTerms)
    .where(
      and(
        lt(searchTerms.lastSeen, daysAgo(FORGET_RARE_AFTER_DAYS)),
        or(
          lt(searchTerms.count, POPULAR_MIN_SEARCHES),
          lt(searchTerms.lastSeen, daysAgo(FORGET_ALL_AFTER_DAYS)),
        ),
      ),
    )
}
