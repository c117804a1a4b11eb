import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { RootTable } from '../kinds'
import { entryById } from '../shard-map'
import type { Corpus } from '../shards.server'
import { chunk } from './batch.server'

// Writes by id during a split's window (decisions/0088). Between a split's switch and its
// delete (decisions/0077) a moved document is in two databases: the target, which the map names
// and readers use, and the source, which the job copies again over the target (`recopiar`) and
// compares with it (`conferir`). A write made in the target alone would be undone by that copy
// and reported as a mismatch; so a write by id (every masking, the orphans' deletion) is made on
// every copy, the map's first. The source's copy then stays the complete one, and what the job
// copies from it carries every write, old map's or new map's.

/** The tables whose id names a shard and which the split job moves: the kinds' roots (kinds.ts). */
export type DocumentTable = RootTable

/** A database holding some of the documents asked about; `owner`: the one the map gives their ids. */
export type Copies = { db: Database; ids: number[]; owner: boolean }

/**
 * The databases holding these stored documents, each with the ids it holds: the database the map
 * gives each id first, then any other database of the id's shard that still has the row (a
 * split's source until its delete). Only when a shard is in more than one database is a
 * statement sent (one indexed read per other database); otherwise it is the map's answer alone.
 */
export async function copiesOf(
  corpus: Corpus,
  table: DocumentTable,
  ids: Iterable<number>,
): Promise<Copies[]> {
  const map = await corpus.map()
  const owners = new Map<Database, number[]>()
  const elsewhere = new Map<string, number[]>()
  for (const id of new Set(ids)) {
    const entry = entryById(map, id)
    if (!entry) continue
    const owner = corpus.open(entry.binding)
    owners.set(owner, [...(owners.get(owner) ?? []), id])
    for (const other of map.entries)
      if (other.shard === entry.shard && other.binding !== entry.binding)
        elsewhere.set(other.binding, [...new Set([...(elsewhere.get(other.binding) ?? []), id])])
  }
  const copies = new Map<Database, number[]>()
  for (const [binding, some] of elsewhere) {
    const db = corpus.open(binding)
    for (const part of chunk(some, 90)) {
      const rows = await db.all<{ id: number }>(
        sql`SELECT id FROM ${sql.identifier(table)} WHERE id IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
      )
      if (rows.length) copies.set(db, [...(copies.get(db) ?? []), ...rows.map((r) => r.id)])
    }
  }
  return [
    ...[...owners].map(([db, ids]) => ({ db, ids, owner: true })),
    ...[...copies].map(([db, ids]) => ({ db, ids, owner: false })),
  ]
}

/**
 * Runs `write` on every copy of one stored document (see `copiesOf`), the map's first; returns
 * what each returned, in that order. A copy the split deletes meanwhile (its `apagar`) may make
 * its write fail (a row it points at gone): that is no loss, the map's copy was written, so such
 * a failure is ignored once the row is seen gone; any other fails the write.
 */
export async function onEveryCopy<T>(
  corpus: Corpus,
  table: DocumentTable,
  id: number,
  write: (db: Database) => Promise<T>,
): Promise<T[]> {
  const out: T[] = []
  const copies = await copiesOf(corpus, table, [id])
  for (const { db, owner } of copies) {
    try {
      out.push(await write(db))
    } catch (error) {
      if (owner || (await holds(db, table, id))) throw error
    }
  }
  return out
}

async function holds(db: Database, table: DocumentTable, id: number): Promise<boolean> {
  const rows = await db.all<{ id: number }>(sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ${id}`)
  return rows.length > 0
}
