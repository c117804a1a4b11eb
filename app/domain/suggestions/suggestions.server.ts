import { count, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { suggestionDirtyPrefixes } from '~/db/schema'
import type { Corpus } from '~/domain/corpus/shards.server'
import {
  codePointLength,
  LIST_KEY_PREFIX,
  normalizeForMatch,
  SUGGESTION_LIST_MAX_LENGTH,
  SUGGESTION_MIN_LENGTH,
  suggestionPrefixes,
} from '~/domain/suggestion-lists/keys'
import { FRESH_BATCH, refreshEntityNames, SWEEP_BATCH, topEntityNames } from './entities.server'
import { contentHash, mergePrefixList, PER_PREFIX } from './lists'
import { lookupByName } from './lookup.server'
import { readManifest, writeManifest } from './manifest.server'
import { listMembers, type Member, refreshMemberNames } from './members.server'
import { forgetStaleTerms, popularTerms } from './popular.server'

export { recordSearch } from './popular.server'

/**
 * Suggestions are precomputed prefix lists in KV: one key per normalised prefix of 3, 4 and 5
 * characters holding the best names that start with it; longer input is one indexed D1 range read
 * on the normalised names (decisions/0057). A lookup is one read, whatever the corpus size.
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

/** Popular terms and members of each KV list (3 to 5 characters), each in its order. */
async function directSources(db: Database, members: Member[]): Promise<Map<string, Direct>> {
  const popular = await popularTerms(db)
  const direct = new Map<string, Direct>()
  const entry = (prefix: string) => {
    const found = direct.get(prefix) ?? { popular: [], members: [] }
    direct.set(prefix, found)
    return found
  }
  for (const term of popular)
    for (const prefix of suggestionPrefixes(term.term)) entry(prefix).popular.push(term.display)
  for (const member of members)
    for (const prefix of suggestionPrefixes(member.name)) entry(prefix).members.push(member.name)
  return direct
}

export async function rebuildSuggestions(
  deps: { db: Database; suggestions: KVNamespace; now: () => Date; corpus?: Corpus },
  limits: RebuildLimits = DEFAULT_LIMITS,
): Promise<RebuildReport> {
  const { db, suggestions } = deps
  const manifest = await readManifest(deps)
  const before = JSON.stringify(manifest)
  const members = await listMembers(db)
  const entities = await refreshEntityNames(
    db,
    { fresh: limits.freshBatch, sweep: limits.sweepBatch },
    (changes) => refreshMemberNames(db, members, changes),
    deps.corpus,
  )
  const today = deps.now().toISOString().slice(0, 10)
  if (manifest.prunedOn !== today) {
    await forgetStaleTerms(db)
    manifest.prunedOn = today
  }

  // Candidates: prefixes whose entity names changed, and those whose direct sources changed.
  const direct = await directSources(db, members)
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
    const list = mergePrefixList(
      {
        popular: sources?.popular ?? [],
        members: sources?.members ?? [],
        entities: top.get(prefix) ?? [],
      },
      PER_PREFIX,
      prefix,
    )
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

/**
 * Up to 10 names that start with the input (case and accents ignored): from 3 to 5 normalised
 * characters its own KV list, from 6 on the D1 lookup. One read either way.
 */
export async function suggest(
  deps: { suggestions: KVNamespace; db: Database },
  termo: string,
): Promise<string[]> {
  const wanted = normalizeForMatch(termo)
  const length = codePointLength(wanted)
  if (length < SUGGESTION_MIN_LENGTH) return []
  if (length > SUGGESTION_LIST_MAX_LENGTH) return lookupByName(deps.db, wanted, MAX_RESULTS)
  const list = await deps.suggestions.get<string[]>(LIST_KEY_PREFIX + wanted, 'json')
  if (!Array.isArray(list)) return []
  return list.filter((name) => normalizeForMatch(name).startsWith(wanted)).slice(0, MAX_RESULTS)
}
