import { asc } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { normalizeForMatch, SUGGESTION_MIN_LENGTH, SUGGESTION_PREFIX_LENGTH } from './normalize'

/**
 * Suggestions are precomputed prefix lists in KV: one key per normalised 3-character prefix
 * holding the best names that start with it. A lookup is one KV read, whatever the corpus size.
 * The cron job rebuilds them; sources grow with the corpus (entities, popular searches).
 */
const KEY_PREFIX = 'p:'
const PER_PREFIX = 50
const MAX_RESULTS = 10

export async function rebuildSuggestions(deps: { db: Database; suggestions: KVNamespace }): Promise<{
  prefixes: number
  names: number
}> {
  const names = (await deps.db.select({ name: users.name }).from(users).orderBy(asc(users.name))).map(
    (row) => row.name,
  )
  const byPrefix = new Map<string, string[]>()
  for (const name of new Set(names)) {
    const prefix = normalizeForMatch(name).slice(0, SUGGESTION_PREFIX_LENGTH)
    if (prefix.length < SUGGESTION_PREFIX_LENGTH) continue
    const list = byPrefix.get(prefix) ?? []
    if (list.length < PER_PREFIX) list.push(name)
    byPrefix.set(prefix, list)
  }
  await Promise.all(
    [...byPrefix].map(([prefix, list]) => deps.suggestions.put(KEY_PREFIX + prefix, JSON.stringify(list))),
  )
  // Drop prefixes whose names are gone, so a removed profile stops being suggested.
  let cursor: string | undefined
  do {
    const page = await deps.suggestions.list({ prefix: KEY_PREFIX, cursor })
    const stale = page.keys.filter((key) => !byPrefix.has(key.name.slice(KEY_PREFIX.length)))
    await Promise.all(stale.map((key) => deps.suggestions.delete(key.name)))
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return { prefixes: byPrefix.size, names: names.length }
}

export async function suggest(deps: { suggestions: KVNamespace }, termo: string): Promise<string[]> {
  const wanted = normalizeForMatch(termo)
  if (wanted.length < SUGGESTION_MIN_LENGTH) return []
  const list = await deps.suggestions.get<string[]>(
    KEY_PREFIX + wanted.slice(0, SUGGESTION_PREFIX_LENGTH),
    'json',
  )
  if (!Array.isArray(list)) return []
  return list.filter((name) => normalizeForMatch(name).startsWith(wanted)).slice(0, MAX_RESULTS)
}
