import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { searchTerms, suggestionDirtyPrefixes, suppressedTerms } from '~/db/schema'
import { LIST_KEY_PREFIX, normalizeForMatch, suggestionPrefixes } from '~/domain/suggestion-lists/keys'
import { chunk } from '~/lib/chunk'
import { isInitials, NAME_PARTICLES } from './initials'

/**
 * A masked name leaves the suggestions at once and for good (decisions/0089). The entity names go
 * with their person rows (`dropOrphanPeople`); what else holds a name is the popular searches,
 * counted from what people typed: every masking deletes the counted terms holding a name it hid,
 * keeps the name's hash so it is never counted again, and takes the names out of the KV lists
 * they are in (the cron's rebuild would only do so at its next run, from the dirty prefixes).
 */

/** Words of a term compared at most: a counted term has at most 80 characters. */
const MAX_WORDS = 16
/** Hashes per statement: the JSON array is one bound parameter. */
const PER_STATEMENT = 500

/** The significant words of a name or a term: normalised, without punctuation or particles. */
function wordsOf(text: string): string[] {
  return normalizeForMatch(text)
    .split(/[\s.,;:&/()"“”-]+/)
    .filter((word) => word && !NAME_PARTICLES.has(word))
    .slice(0, MAX_WORDS)
}

/** The key a name is suppressed under: two significant words at least (one is a first name, not a person). */
function nameKey(name: string): string | null {
  if (isInitials(name)) return null
  const words = wordsOf(name)
  return words.length >= 2 ? words.join(' ') : null
}

/** Every run of two or more consecutive significant words of a term: a name it may hold. */
function windowsOf(term: string): string[] {
  const words = wordsOf(term)
  const found: string[] = []
  for (let from = 0; from < words.length; from++)
    for (let to = from + 2; to <= words.length; to++) found.push(words.slice(from, to).join(' '))
  return found
}

async function hashOf(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key))
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** True when a search term holds a name a masking hid: it is not counted (one indexed read). */
export async function isSuppressed(db: Database, term: string): Promise<boolean> {
  const windows = windowsOf(term)
  if (!windows.length) return false
  const hashes = await Promise.all(windows.map(hashOf))
  const rows = await db.all<{ found: number }>(
    sql`SELECT 1 AS found FROM ${suppressedTerms}
      WHERE hash IN (SELECT value FROM json_each(${JSON.stringify(hashes)})) LIMIT 1`,
  )
  return rows.length > 0
}

/**
 * What a masking owes the suggestions: `names` (the names it hid) are suppressed and the popular
 * terms holding them deleted; those terms and `dropped` (entity names whose rows were deleted)
 * leave the KV lists now when `suggestions` is given, and their prefixes are rebuilt by the cron.
 */
export async function forgetNames(
  deps: { db: Database; suggestions?: KVNamespace },
  names: readonly string[],
  dropped: readonly string[] = [],
): Promise<void> {
  const { db } = deps
  const keys = [...new Set(names.flatMap((name) => nameKey(name) ?? []))]
  const gone = [...dropped]
  if (keys.length) {
    const hashes = await Promise.all(keys.map(hashOf))
    for (const part of chunk(hashes, PER_STATEMENT))
      await db
        .insert(suppressedTerms)
        .select(sql`SELECT value FROM json_each(${JSON.stringify(part)}) WHERE true`)
        .onConflictDoNothing()
    // Candidates by the first word of each name (a scan of a small table), confirmed word by word.
    const firsts = [...new Set(keys.map((key) => key.split(' ')[0] ?? key))]
    const rows = await db.all<{ term: string; display: string }>(
      sql`SELECT DISTINCT t.term AS term, t.display AS display FROM ${searchTerms} t,
        json_each(${JSON.stringify(firsts)}) w WHERE instr(t.term, w.value) > 0`,
    )
    const wanted = new Set(keys)
    const holding = rows.filter((row) => windowsOf(row.term).some((window) => wanted.has(window)))
    for (const part of chunk(
      holding.map((row) => row.term),
      PER_STATEMENT,
    ))
      await db.run(
        sql`DELETE FROM ${searchTerms} WHERE term IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
      )
    gone.push(...holding.map((row) => row.display))
  }
  if (!gone.length) return
  const prefixes = [...new Set(gone.flatMap(suggestionPrefixes))]
  for (const part of chunk(prefixes, PER_STATEMENT))
    await db
      .insert(suggestionDirtyPrefixes)
      .select(sql`SELECT value FROM json_each(${JSON.stringify(part)}) WHERE true`)
      .onConflictDoNothing()
  if (deps.suggestions) await dropFromLists(deps.suggestions, prefixes, gone)
}

/**
 * The KV lists of `prefixes` without `gone`: one read and at most one write a list. The manifest
 * keeps the old hash, so the rebuild of the (dirty) prefix writes its list again whatever it is.
 */
async function dropFromLists(kv: KVNamespace, prefixes: string[], gone: readonly string[]) {
  const unwanted = new Set(gone.map(normalizeForMatch))
  await Promise.all(
    prefixes.map(async (prefix) => {
      const list = await kv.get<string[]>(LIST_KEY_PREFIX + prefix, 'json')
      if (!Array.isArray(list)) return
      const kept = list.filter((name) => !unwanted.has(normalizeForMatch(name)))
      if (kept.length === list.length) return
      if (kept.length) await kv.put(LIST_KEY_PREFIX + prefix, JSON.stringify(kept))
      else await kv.delete(LIST_KEY_PREFIX + prefix)
    }),
  )
}
