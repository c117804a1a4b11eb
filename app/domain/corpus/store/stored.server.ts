import type { Database } from '~/db/client.server'
import { type DocumentKey, entryById } from '../shard-map'
import type { Corpus } from '../shards.server'
import { copyBatch } from '../split/copy.server'
import { TABLE_GROUPS } from '../split/tables'

// A writer's lookup by natural key (decisions/0083). After a split (decisions/0077) a shard's
// documents are in more than one database: the older ids where they moved, the newer (and every
// new document) in the newest. A re-import must find the document wherever the map says its id
// lives and update it there, or it would insert a second copy under a new id and URL.

/**
 * A stored document found by its natural key: `db` is where a writer writes it; `owner`, when not
 * null, a database to bring up to date afterwards (`syncCopy`).
 */
export type Stored<R> = { db: Database; row: R; owner: Database | null }

/**
 * Reads `read` in every database of the shard `key` names (one under the degenerate map or an
 * unsplit shard: the statement is today's) and tells, per natural key, where to write the row.
 * Where the map gives its id, as a rule. Between a split's switch and its delete a moved
 * document is in both databases: the source's copy is the one the job copies again and compares
 * (`recopiar`, `conferir`), so the writer writes it there and then copies the document over the
 * target's (`syncCopy`, the job's own copy), which readers use: the job finds them equal and
 * nothing written is lost. A row no entry owns is used only when no owned one is found, so a
 * document is never inserted twice.
 */
export async function findStored<R extends { id: number }>(
  corpus: Corpus,
  key: DocumentKey,
  read: (db: Database) => Promise<R[]>,
  naturalKey: (row: R) => string,
): Promise<Map<string, Stored<R>>> {
  const map = await corpus.map()
  const owned = new Map<string, Stored<R>>()
  const others = new Map<string, Stored<R>>()
  for (const db of await corpus.shardsOf(key))
    for (const row of await read(db)) {
      const entry = entryById(map, row.id)
      const found = entry && corpus.open(entry.binding) === db ? owned : others
      if (!found.has(naturalKey(row))) found.set(naturalKey(row), { db, row, owner: null })
    }
  const out = new Map(others)
  for (const [k, mine] of owned) {
    const copy = others.get(k)
    out.set(k, copy ? { db: copy.db, row: copy.row, owner: mine.db } : mine)
  }
  return out
}

/**
 * After writing a document found with a second copy (`findStored`), copies it with everything it
 * owns over the copy readers use, as the split job does (one D1 batch in that database). If the
 * split deleted the source's copy meanwhile (its `apagar`), what was just written there is gone
 * and the copy readers use is left as it was (never deleted): the write fails, and its retry finds
 * the document where it now only is (decisions/0088).
 */
export async function syncCopy(stored: Stored<{ id: number }> | null | undefined, root: string) {
  const group = TABLE_GROUPS.find((g) => g.root === root)
  if (!stored?.owner || !group) return
  const { id } = stored.row
  const copied = await copyBatch(stored.db, stored.owner, group, id - 1, id + 1, 1, { keepTarget: true })
  if (copied === null)
    throw new Error(
      `${root} ${id}: a cópia da origem foi apagada pela divisão durante a escrita; tente de novo.`,
    )
}

/** One document by its natural key (see `findStored`), or null. */
export async function findOneStored<R extends { id: number }>(
  corpus: Corpus,
  key: DocumentKey,
  read: (db: Database) => Promise<R[]>,
): Promise<Stored<R> | null> {
  return (await findStored(corpus, key, read, () => '')).get('') ?? null
}

/**
 * Every database of the shards of these keys, each with the keys it may hold (a lookup that must
 * see every copy, e.g. whether a cited case is stored as sensitive: any copy saying so counts).
 */
export async function databasesOf<T>(
  corpus: Corpus,
  items: readonly T[],
  keyOf: (item: T) => DocumentKey,
): Promise<Map<Database, T[]>> {
  const out = new Map<Database, T[]>()
  for (const item of items)
    for (const db of await corpus.shardsOf(keyOf(item))) out.set(db, [...(out.get(db) ?? []), item])
  return out
}
