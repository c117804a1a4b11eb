import type { Database } from '~/db/client.server'
import { LIST_KEY_PREFIX } from '~/domain/suggestion-lists/keys'
import { markDirty } from './entities.server'

/**
 * What the last rebuild wrote, kept next to the lists in the same KV namespace: a hash per prefix
 * list (so unchanged lists are not rewritten), a hash of each prefix's members and popular terms
 * (so their changes are noticed without reading the entity names) and the day stale search terms
 * were last forgotten. One read per run, and a write only when something changed.
 */
const MANIFEST_KEY = 'manifest'
const VERSION = 1

export type Manifest = {
  v: typeof VERSION
  lists: Record<string, string>
  direct: Record<string, string>
  prunedOn: string
}

function isManifest(value: unknown): value is Manifest {
  const m = value as Manifest | null
  return (
    !!m &&
    m.v === VERSION &&
    typeof m.lists === 'object' &&
    typeof m.direct === 'object' &&
    typeof m.prunedOn === 'string'
  )
}

/**
 * The manifest, or a fresh one. Without a manifest the lists already in KV (written before it
 * existed) are unknown: they are listed with an empty hash and marked dirty, so each one is
 * rewritten or deleted by the next runs.
 */
export async function readManifest(deps: { db: Database; suggestions: KVNamespace }): Promise<Manifest> {
  const stored = await deps.suggestions.get<unknown>(MANIFEST_KEY, 'json')
  if (isManifest(stored)) return stored
  const manifest: Manifest = { v: VERSION, lists: {}, direct: {}, prunedOn: '' }
  let cursor: string | undefined
  do {
    const page = await deps.suggestions.list({ prefix: LIST_KEY_PREFIX, cursor })
    const prefixes = page.keys.map((key) => key.name.slice(LIST_KEY_PREFIX.length))
    for (const prefix of prefixes) manifest.lists[prefix] = ''
    if (prefixes.length) await markDirty(deps.db, prefixes)
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return manifest
}

export async function writeManifest(suggestions: KVNamespace, manifest: Manifest): Promise<void> {
  await suggestions.put(MANIFEST_KEY, JSON.stringify(manifest))
}
