import { sql } from 'drizzle-orm'
import { allInBatch, type Database } from '~/db/client.server'
import type { SplitTally } from '~/db/schema-shards'
import { insertRows, type TableGroup, tablesOf } from './tables'

// The split job's work on the corpus databases (decisions/0077): copy a batch of documents with
// everything they own, tally rows and checksums, delete a batch. Each is one atomic D1 batch on
// the database it writes, and safe to run again after a crash (at-least-once).

type Row = Record<string, unknown>
const ident = sql.identifier

/** The next `limit` documents of a group's root table after `after`, below `before`. */
const rootsAfter = (group: TableGroup, after: number, before: number, limit: number) =>
  sql`SELECT * FROM ${ident(group.root)} WHERE id > ${after} AND id < ${before} ORDER BY id LIMIT ${limit}`

/**
 * Copies the next batch of documents in (after, before) from source to target; returns the last
 * id copied, or null when none is left. The source is read in one batch (one moment: a writer's
 * change between two reads never gives a document with another moment's rows, decisions/0088).
 * In the target, one batch: the batch's documents are written over (an upsert, so what points at
 * them survives), what they own is deleted and written again, and a document the source no longer
 * has in that span goes: running it twice gives the same rows, never two. `keepTarget`: a
 * writer's copy of one document (`syncCopy`), which never deletes the target's when the source
 * has none (the split deleted it meanwhile): nothing is written, null.
 */
export async function copyBatch(
  source: Database,
  target: Database,
  group: TableGroup,
  after: number,
  before: number,
  limit: number,
  options: { keepTarget?: boolean } = {},
): Promise<number | null> {
  const window = sql`(SELECT json_group_array(id) FROM (${rootsAfter(group, after, before, limit)}))`
  const read = (await allInBatch(source, [
    rootsAfter(group, after, before, limit),
    ...group.parents.map((p) => sql`SELECT * FROM ${ident(p.table)} WHERE ${p.rows(window)}`),
    ...group.children.map((c) => sql`SELECT * FROM ${ident(c.table)} WHERE ${c.rows(window)}`),
  ])) as Row[][]
  const roots = read[0] ?? []
  const last = roots.at(-1)?.id as number | undefined
  if (last === undefined) {
    if (options.keepTarget) return null
    // Past the source's last document: anything left in the target's span is not the source's.
    await target.run(sql`DELETE FROM ${ident(group.root)} WHERE id > ${after} AND id < ${before}`)
    return null
  }
  const ids = sql`${JSON.stringify(roots.map((r) => r.id))}`
  const parents = read.slice(1, 1 + group.parents.length)
  const children = read.slice(1 + group.parents.length)
  const writes = [
    sql`DELETE FROM ${ident(group.root)} WHERE id > ${after} AND id <= ${last} AND id NOT IN (SELECT value FROM json_each(${ids}))`,
    // What a document owns goes first (children of children by cascade), then comes back whole.
    ...group.children.map((c) => sql`DELETE FROM ${ident(c.table)} WHERE ${c.rows(ids)}`),
    ...group.parents.flatMap((p, i) =>
      parents[i]?.length ? [insertRows(p.table, parents[i], 'ifMissing')] : [],
    ),
    insertRows(group.root, roots, 'upsert'),
    ...group.children.flatMap((c, i) => (children[i]?.length ? [insertRows(c.table, children[i])] : [])),
  ]
  await allInBatch(target, writes)
  return last
}

/** FNV-1a over a string, 32 bits, from a given basis (two bases make a 48-bit row hash). */
function fnv(text: string, basis: number): number {
  let hash = basis
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}
const SUM_MOD = 2 ** 48
/** A row's hash over every column, in a fixed column order (the two databases list them alike). */
export function rowHash(row: Row): number {
  const text = JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, row[k]]),
  )
  return fnv(text, 0x811c9dc5) * 0x10000 + (fnv(text, 0x01000193) & 0xffff)
}

/**
 * Adds one window (after, upTo] of document ids to the tally, in both databases: per table, the
 * rows and the sum of their hashes (order-free, so a window at a time, resumable). Returns the
 * window's end, or null when the source has nothing left (the last window then reaches `before`,
 * so rows only the target has are counted too).
 */
export async function tallyWindow(
  source: Database,
  target: Database,
  group: TableGroup,
  after: number,
  before: number,
  limit: number,
  tally: SplitTally,
): Promise<number | null> {
  const roots = await source.all<Row>(rootsAfter(group, after, before, limit))
  const last = roots.at(-1)?.id as number | undefined
  const upTo = last ?? before - 1
  const add = async (db: Database, side: 'source' | 'target') => {
    const inWindow = sql`(SELECT json_group_array(id) FROM (SELECT id FROM ${ident(group.root)} WHERE id > ${after} AND id <= ${upTo}))`
    const read = (await allInBatch(
      db,
      tablesOf(group).map((t) => sql`SELECT * FROM ${ident(t.table)} WHERE ${t.rows(inWindow)}`),
    )) as Row[][]
    tablesOf(group).forEach((t, i) => {
      const entry = tally[t.table] ?? { source: [0, 0], target: [0, 0] }
      tally[t.table] = entry
      for (const row of read[i] ?? []) {
        entry[side][0] += 1
        entry[side][1] = (entry[side][1] + rowHash(row)) % SUM_MOD
      }
    })
  }
  await add(source, 'source')
  await add(target, 'target')
  return last ?? null
}

/**
 * `tallyWindow` after the switch (`conferir`): a window that differs is copied again and counted
 * again, up to `attempts` times, before it is added to the tally. Writers still write both copies
 * of a moved document then (decisions/0088), the source's first or the map's first: a write
 * landing between the job's read of the source and its write of the target (`recopiar`), or
 * between the two sides' counts, is no mismatch, and the source's copy holds every write, so a
 * copy again makes them equal. A difference that stays (a copy that cannot be made right) is
 * added as it is, and fails the split.
 */
export async function tallyWindowSettled(
  source: Database,
  target: Database,
  group: TableGroup,
  after: number,
  before: number,
  limit: number,
  tally: SplitTally,
  attempts = 2,
): Promise<number | null> {
  for (let attempt = 0; ; attempt++) {
    const window: SplitTally = {}
    const last = await tallyWindow(source, target, group, after, before, limit, window)
    if (attempt >= attempts || !mismatches(window).length) {
      for (const [table, counted] of Object.entries(window)) {
        const entry = tally[table] ?? { source: [0, 0], target: [0, 0] }
        for (const side of ['source', 'target'] as const)
          entry[side] = [entry[side][0] + counted[side][0], (entry[side][1] + counted[side][1]) % SUM_MOD]
        tally[table] = entry
      }
      return last
    }
    await copyBatch(source, target, group, after, before, limit)
  }
}

/** The tables whose counts or checksums differ (empty: the target holds exactly the source's). */
export function mismatches(tally: SplitTally): string[] {
  return Object.entries(tally)
    .filter(([, t]) => t.source[0] !== t.target[0] || t.source[1] !== t.target[1])
    .map(([table, t]) => `${table} (${t.source[0]} na origem, ${t.target[0]} no destino)`)
}

/** Deletes the next batch of moved documents from the source (what they own goes by cascade). */
export async function deleteBatch(
  source: Database,
  group: TableGroup,
  from: number,
  before: number,
  limit: number,
): Promise<number | null> {
  const gone = await source.all<{ id: number }>(
    sql`DELETE FROM ${ident(group.root)} WHERE id IN (SELECT id FROM ${ident(group.root)} WHERE id >= ${from} AND id < ${before} ORDER BY id LIMIT ${limit}) RETURNING id`,
  )
  return gone.length ? Math.max(...gone.map((r) => r.id)) : null
}
