import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { decisions, provisions, statutes, tpuClasses, tpuMovements, tpuSubjects } from '~/db/schema-corpus'
import { maskedDecisions } from '~/db/schema-privacy'
import { writeCorpus } from '~/domain/corpus/access.server'
import { maskDecision, maskDecisions } from '~/domain/corpus/masking/mask-decisions.server'
import { checksumOf } from '../import/text'
import { emptyCounts, type ImportCounts } from '../import/types'
import type { Corpus } from '../shards.server'
import { chunk, rowsPerInsert, runBatched } from './batch.server'
import { findOneStored, type Stored, syncCopy } from './stored.server'
import { importTarget, type Target } from './target.server'

export type DecisionRecord = {
  externalId: string
  court: string
  className: string | null
  number: string
  rapporteur: string | null
  judgingBody: string | null
  judgedAt: string | null
  publishedAt: string | null
  summary: string
  fullText: string | null
  outcome: string | null
}

/**
 * Each decision into its shard (decisions/0072), found again there by its source's id. A new one
 * takes the next id of its shard's range (`newId`); under the degenerate map that is the table's
 * own autoincrement, as before shards.
 */
export async function upsertDecisions(corpus: Corpus, records: DecisionRecord[]): Promise<ImportCounts> {
  const counts = emptyCounts()
  // Per shard: the decisions written, and those a reviewer had masked (their request's id).
  const byShard = new Map<Database, { written: number[]; requested: Map<number, number> }>()
  const shardState = (db: Database) => {
    const state = byShard.get(db) ?? { written: [], requested: new Map<number, number>() }
    byShard.set(db, state)
    return state
  }
  const writtenIn = (db: Database) => shardState(db).written
  // Documents written where a split's source still holds them, copied over the target's after.
  const copies: Stored<{ id: number }>[] = []
  for (const record of records) {
    const checksum = checksumOf(record)
    const key = { kind: 'decisao', court: record.court, date: record.publishedAt } as const
    const { db: newest, idOf } = await writeCorpus.placeOne(corpus, key)
    // Found wherever the map says its id lives (after a split, maybe an older database: 0083).
    const stored = await findOneStored(corpus, key, (db) =>
      db
        .select({ id: decisions.id, checksum: decisions.checksum })
        .from(decisions)
        .where(eq(decisions.externalId, record.externalId)),
    )
    const current = stored?.row
    const db = stored?.db ?? newest
    if (stored?.owner && current?.checksum !== checksum) copies.push(stored)
    if (!current) {
      const [row] = await db
        .insert(decisions)
        .values({ ...record, checksum, ...idOf('decisions') })
        .returning({ id: decisions.id })
      if (row) writtenIn(db).push(row.id)
      counts.imported++
    } else if (current.checksum !== checksum) {
      // The new text is the new original: what masked the old one is masked again below.
      const [was] = await db
        .delete(maskedDecisions)
        .where(eq(maskedDecisions.decisionId, current.id))
        .returning({ requestId: maskedDecisions.requestId })
      if (was?.requestId) shardState(db).requested.set(current.id, was.requestId)
      await db
        .update(decisions)
        .set({ ...record, checksum })
        .where(eq(decisions.id, current.id))
      writtenIn(db).push(current.id)
      counts.updated++
    } else counts.unchanged++
  }
  // Decisions of a sensitive matter or case are stored masked (decisions/0071), in their shard.
  for (const [db, { written, requested }] of byShard) {
    await maskDecisions(
      corpus,
      db,
      written.filter((id) => !requested.has(id)),
    )
    for (const [id, requestId] of requested) await maskDecision(corpus, id, requestId)
  }
  for (const copy of copies) await syncCopy(copy, 'decisions')
  return counts
}

export type ProvisionKind = (typeof provisions.$inferInsert)['kind']
export type StatuteRecord = {
  urn: string
  slug: string
  kind: string
  number: string | null
  date: string
  title: string
  summary: string
  sphere: 'federal' | 'estadual' | 'municipal'
  provisions: { anchor: string; kind: ProvisionKind; text: string; depth: number }[]
}

/**
 * A statute and its dispositivos, in the `legislacao` shard (decisions/0072, 0074). Counts are per
 * dispositivo. A changed statute has its dispositivos replaced in one batch (anchors are stable,
 * positions follow the text).
 */
export async function upsertStatute(target: Target, record: StatuteRecord): Promise<ImportCounts> {
  const { corpus } = importTarget(target)
  const { db: newest, idOf } = await writeCorpus.placeOne(corpus, { kind: 'lei' })
  const counts = emptyCounts()
  const checksum = checksumOf(record)
  const { provisions: items, ...statute } = record
  const stored = await findOneStored(corpus, { kind: 'lei' }, (db) =>
    db
      .select({ id: statutes.id, checksum: statutes.checksum })
      .from(statutes)
      .where(eq(statutes.urn, record.urn)),
  )
  const current = stored?.row
  const db = stored?.db ?? newest
  if (current && current.checksum === checksum) {
    counts.unchanged += items.length
    return counts
  }
  let statuteId: number
  if (current) {
    statuteId = current.id
    await db
      .update(statutes)
      .set({ ...statute, checksum })
      .where(eq(statutes.id, statuteId))
    await db.delete(provisions).where(eq(provisions.statuteId, statuteId))
    counts.updated += items.length
  } else {
    const [row] = await db
      .insert(statutes)
      .values({ ...statute, checksum, ...idOf('statutes') })
      .returning({ id: statutes.id })
    if (!row) throw new Error(`statute ${record.urn} not inserted`)
    statuteId = row.id
    counts.imported += items.length
  }
  const rows = items.map((p, position) => ({
    statuteId,
    anchor: p.anchor,
    kind: p.kind,
    text: p.text,
    depth: p.depth,
    position,
  }))
  await runBatched(
    db,
    chunk(rows, rowsPerInsert(6)).map((part) => db.insert(provisions).values(part)),
  )
  await syncCopy(stored, 'statutes')
  return counts
}

type TpuTable = typeof tpuClasses | typeof tpuSubjects | typeof tpuMovements
export type TpuRow = { code: number; name: string; path?: string }

/**
 * CNJ TPU rows (classes, assuntos, movimentos): insert new codes, update renamed ones. The corpus
 * views join them, so every database gets them (decisions/0072, 0074): the primary first, whose
 * counts are the import's, then each corpus database that is not the primary.
 */
export async function upsertTpu(target: Target, kind: TpuKind, rows: TpuRow[]): Promise<ImportCounts> {
  const { db: primary, corpus } = importTarget(target)
  const counts = await upsertTpuIn(primary, kind, rows)
  for (const db of await corpus.all()) if (db !== primary) await upsertTpuIn(db, kind, rows)
  return counts
}

type TpuKind = 'classes' | 'assuntos' | 'movimentos'

async function upsertTpuIn(db: Database, kind: TpuKind, rows: TpuRow[]): Promise<ImportCounts> {
  const table: TpuTable = kind === 'classes' ? tpuClasses : kind === 'assuntos' ? tpuSubjects : tpuMovements
  const counts = emptyCounts()
  const existing = new Map<number, string>()
  const all = (await db.select().from(table)) as { code: number; name: string; path?: string }[]
  for (const row of all) existing.set(row.code, `${row.name}|${row.path ?? ''}`)
  const fresh: TpuRow[] = []
  const changed: TpuRow[] = []
  for (const row of rows) {
    const before = existing.get(row.code)
    const now = `${row.name}|${row.path ?? ''}`
    if (before === undefined) fresh.push(row)
    else if (before !== now) changed.push(row)
    else counts.unchanged++
  }
  const values = (r: TpuRow) =>
    kind === 'movimentos'
      ? { code: r.code, name: r.name }
      : { code: r.code, name: r.name, path: r.path ?? '' }
  await runBatched(
    db,
    chunk(fresh, rowsPerInsert(3)).map((part) => db.insert(table).values(part.map(values))),
  )
  await runBatched(
    db,
    changed.map((r) => db.update(table).set(values(r)).where(eq(table.code, r.code))),
  )
  counts.imported += fresh.length
  counts.updated += changed.length
  return counts
}
