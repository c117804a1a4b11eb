/**
 * Versioned cache keys (decisions/0035): a cached page's key carries the current version of each
 * scope it depends on, read from KV. Purging is writing a new version: the old keys are never
 * asked for again and expire by their lifetime. KV reads are fast at the edge and a write is
 * seen at once where it was made (elsewhere within about a minute).
 */
const key = (name: string) => `v:${name}`

/**
 * Versions this isolate read or wrote in the last MEMO_MS (ADR 0035, amended): a page served from
 * the cache then needs no KV read. A purge made here is seen here at once (written through); one
 * made elsewhere is seen within MEMO_MS, which KV's own propagation (up to a minute) dwarfs.
 */
const MEMO_MS = 2000
const MEMO_MAX = 5000
const memo = new Map<string, { value: string; at: number }>()

function remember(name: string, value: string) {
  if (memo.size >= MEMO_MAX) memo.clear() // many lawsuit scopes: start over rather than grow
  memo.set(name, { value, at: Date.now() })
}

async function readVersion(kv: KVNamespace, name: string): Promise<string> {
  const held = memo.get(name)
  if (held && Date.now() - held.at < MEMO_MS) return held.value
  const value = (await kv.get(key(name))) ?? '0'
  remember(name, value)
  return value
}

/**
 * The scopes' versions, and the newest D1 bookmark a purge left with them: a page rendered for a
 * new version starts its D1 session there, so no replica that has not seen the write renders it.
 */
export async function readVersions(
  kv: KVNamespace,
  scopes: readonly string[],
): Promise<{ versions: string[]; bookmark: string | null; marks: (string | null)[] }> {
  const values = await Promise.all(scopes.map((name) => readVersion(kv, name)))
  const parts = values.map((value) => value.split('~'))
  const versions = parts.map(([version = '0']) => version)
  const marks = parts.map(([, mark]) => mark || null)
  // Bookmarks order as strings (D1's format is fixed-width hexadecimal).
  const bookmark = marks.reduce<string | null>(
    (newest, mark) => (mark && (!newest || mark > newest) ? mark : newest),
    null,
  )
  return { versions, bookmark, marks }
}

/** When a version was written (epoch ms; 0 for a scope never purged): it starts with the time. */
export function bumpedAt(version: string): number {
  if (version === '0') return 0
  const at = Number.parseInt(version.slice(0, 8), 36)
  return Number.isFinite(at) ? at : 0
}

/**
 * A new version for each scope, with the writer's D1 bookmark when there is one. A failed write
 * is logged: the page's lifetime still bounds how long the old page is served.
 */
export async function bumpVersions(
  kv: KVNamespace,
  scopes: readonly string[],
  bookmark: string | null = null,
): Promise<void> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const version = bookmark ? `${stamp}~${bookmark}` : stamp
  await Promise.all(
    [...new Set(scopes)].map((name) => {
      remember(name, version)
      return kv.put(key(name), version).catch((error: unknown) => {
        console.error(JSON.stringify({ purge: name, error: String(error) }))
      })
    }),
  )
}
