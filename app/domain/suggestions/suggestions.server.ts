import { count, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { suggestionDirtyPrefixes } from '~/db/schema'
import { listMemberNames } from '~/domain/users/users.server'
import { FRESH_BATCH, refreshEntityNames, SWEEP_BATCH, topEntityNames } from './entities.server'
import { contentHash, groupByPrefix, mergePrefixList, PER_PREFIX } from './lists'
import { LIST_KEY_PREFIX, readManifest, writeManifest } from './manifest.server'
import {
  firstCodePoints,
  normalizeForMatch,
  SUGGESTION_MIN_LENGTH,
  SUGGESTION_PREFIX_LENGTH,
  suggestionPrefix,
} from './normalize'
import { forgetStaleTerms, popularTerms } from './popular.server'

export { recordSearch } from './popular.server'

/**
 * Suggestions are precomputed prefix lists in KV: one key per normalised 3-character prefix
 * holding the best names that start with it. A lookup is one KV read, whatever the corpus size.
 * Sources: popular searches, registered members, and people and companies of the corpus
 * (decisions/0013). The cron job rebuilds them a slice at a time and writes only what changed.
 */
const MAX_RESULTS = 10
/** Entity names read per prefix: more than a list holds, since homonyms collapse into one. */
const ENTITY_CANDIDATES = PER_PREFIX * 4

export type RebuildLimits = {
  /** Entities examined per kind (person, company): new ones, then the sweep over all. */
  freshBatch: number
  sweepBatch: number
  /** Prefix lists recomputed, hence KV writes, at most (Workers allow 1,000 KV operations per call). */
  prefixesPerRun: number
}
export const DEFAULT_LIMITS: RebuildLimits = {
  freshBatch: FRESH_BATCH,
  sweepBatch: SWEEP_BATCH,
  prefixesPerRun: 400,
}

export type RebuildReport = {
  /** Prefix lists put, deleted, and left as they were. */
  written: number
  deleted: number
  unchanged: number
  /** Prefixes still to recompute (over this run's limit): the next runs take them. */
  pending: number
  prefixes: number
  examined: number
  changed: number
  /** Every entity is in the weight table (the bootstrap after an import is done). */
  caughtUp: boolean
}

type Direct = { popular: string[]; members: string[] }

async function directSources(db: Database): Promise<Map<string, Direct>> {
  const [members, popular] = await Promise.all([listMemberNames(db), popularTerms(db)])
  const direct = new Map<string, Direct>()
  const entry = (prefix: string) => {
    const found = direct.get(prefix) ?? { popular: [], members: [] }
    direct.set(prefix, found)
    return found
  }
  for (const [prefix, terms] of groupByPrefix(popular, (t) =>
    firstCodePoints(t.term, SUGGESTION_PREFIX_LENGTH),
  ))
    entry(prefix).popular.push(...terms.map((t) => t.display))
  for (const [prefix, names] of groupByPrefix(members, (m) => suggestionPrefix(m.name)))
    entry(prefix).members.push(...names.map((m) => m.name))
  return direct
}

export async function rebuildSuggestions(
  deps: { db: Database; suggestions: KVNamespace; now: () => Date },
  limits: RebuildLimits = DEFAULT_LIMITS,
): Promise<RebuildReport> {
  const { db, suggestions } = deps
  const manifest = await readManifest(deps)
  const before = JSON.stringify(manifest)
  const entities = await refreshEntityNames(db, { fresh: limits.freshBatch, sweep: limits.sweepBatch })
  const today = deps.now().toISOString().slice(0, 10)
  if (manifest.prunedOn !== today) {
    await forgetStaleTerms(db)
    manifest.prunedOn = today
  }

  // Candidates: prefixes whose entity names changed, and those whose direct sources changed.
  const direct = await directSources(db)
  const directHashes = new Map<string, string>()
  for (const [prefix, sources] of direct) directHashes.set(prefix, await contentHash(sources))
  const changedDirect = new Set(
    [...directHashes.keys(), ...Object.keys(manifest.direct)].filter(
      (prefix) => directHashes.get(prefix) !== manifest.direct[prefix],
    ),
  )
  const dirty = await db
    .select({ prefix: suggestionDirtyPrefixes.prefix })
    .from(suggestionDirtyPrefixes)
    .orderBy(suggestionDirtyPrefixes.prefix)
    .limit(limits.prefixesPerRun)
  const candidates = [...new Set([...dirty.map((d) => d.prefix), ...changedDirect])]
    .sort()
    .slice(0, limits.prefixesPerRun)

  const top = await topEntityNames(db, candidates, ENTITY_CANDIDATES)
  const writes: Promise<void>[] = []
  let written = 0
  let deleted = 0
  for (const prefix of candidates) {
    const sources = direct.get(prefix)
    const list = mergePrefixList({
      popular: sources?.popular ?? [],
      members: sources?.members ?? [],
      entities: top.get(prefix) ?? [],
    })
    if (list.length === 0) {
      if (prefix in manifest.lists) {
        writes.push(suggestions.delete(LIST_KEY_PREFIX + prefix))
        delete manifest.lists[prefix]
        deleted += 1
      }
    } else {
      const hash = await contentHash(list)
      if (manifest.lists[prefix] !== hash) {
        writes.push(suggestions.put(LIST_KEY_PREFIX + prefix, JSON.stringify(list)))
        manifest.lists[prefix] = hash
        written += 1
      }
    }
    const directHash = directHashes.get(prefix)
    if (directHash) manifest.direct[prefix] = directHash
    else delete manifest.direct[prefix]
  }
  await Promise.all(writes)
  // The manifest is written after the lists and the dirty marks dropped after the manifest, so a
  // run that stops half-way is redone, never skipped.
  if (JSON.stringify(manifest) !== before) await writeManifest(suggestions, manifest)
  if (candidates.length) {
    await db.run(sql`DELETE FROM ${suggestionDirtyPrefixes}
      WHERE prefix IN (SELECT value FROM json_each(${JSON.stringify(candidates)}))`)
  }
  const [left] = await db.select({ n: count() }).from(suggestionDirtyPrefixes)
  const pendingDirect = [...changedDirect].filter((prefix) => !candidates.includes(prefix)).length
  const prefixes = Object.keys(manifest.lists).length
  return {
    written,
    deleted,
    unchanged: prefixes - written,
    pending: (left?.n ?? 0) + pendingDirect,
    prefixes,
    examined: entities.examined,
    changed: entities.changed,
    caughtUp: entities.caughtUp,
  }
}

export async function suggest(deps: { suggestions: KVNamespace }, termo: string): Promise<string[]> {
  const wanted = normalizeForMatch(termo)
  if (wanted.length < SUGGESTION_MIN_LENGTH) return []
  const list = await deps.suggestions.get<string[]>(
    LIST_KEY_PREFIX + firstCodePoints(wanted, SUGGESTION_PREFIX_LENGTH),
    'json',
  )
  if (!Array.isArray(list)) return []
  return list.filter((name) => normalizeForMatch(name).startsWith(wanted)).slice(0, MAX_RESULTS)
}
