import { and, asc, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { corpusShards, corpusSplits, type SplitTally } from '~/db/schema-shards'
import { recordFailedJob, recordJobWindow } from '~/domain/jobs/jobs.server'
import { familyOverlaps } from '../shard-map'
import { publishShardMap } from '../shards.server'
import { copyBatch, deleteBatch, mismatches, tallyWindow, tallyWindowSettled } from './copy.server'
import { groupsOf } from './tables'

// The split job (decisions/0077): moves the older part of a shard's ids to another database.
// copiar → verificar → trocar → aguardar (KV's 60 s) → recopiar → conferir → apagar → feito; a
// mismatch: falhou, visible in failed_jobs, and never a switch nor a delete. The state is a row of
// `corpus_splits` in the primary, written after every batch: a run killed anywhere resumes where
// it was, and every batch is safe to run twice.

export type SplitDeps = {
  db: Database
  pageVersions: KVNamespace
  /** A corpus binding's database (the primary's is `db`). */
  open: (binding: string) => Database
}
export type Split = typeof corpusSplits.$inferSelect
export type SplitOptions = {
  /** Documents per batch (copy, verify, delete). */
  batch?: number
  /** How long the old rows stay after the switch: KV reaches every reader within 60 s. */
  graceMs?: number
  now?: () => number
  /** Called after each batch's write and after each recorded step or batch (tests kill the job there). */
  checkpoint?: (point: string) => void
  /** Stop (to resume on the next tick) once this much wall time has passed. */
  budgetMs?: number
}
export const SPLIT_GRACE_MS = 60_000
const JOB = 'corpus-split'

export type StartOutcome =
  | { ok: true; split: Split; resumed: boolean }
  | { ok: false; error: 'entrada' | 'destino' | 'vazio' | 'faixa' }

/**
 * Starts splitting the newest id sub-range of a map entry (an id of `corpus_shards`): the ids
 * below `at` (by default the median document id of the entry's largest table) move to `target`.
 * An open split of the same entry is resumed, not doubled.
 */
export async function startSplit(
  deps: SplitDeps,
  input: { entryId: number; target: string; at?: number },
): Promise<StartOutcome> {
  const [open] = await deps.db
    .select()
    .from(corpusSplits)
    .where(and(eq(corpusSplits.entryId, input.entryId), notInArray(corpusSplits.step, ['feito', 'falhou'])))
  if (open) return { ok: true, split: open, resumed: true }
  const entries = await deps.db.select().from(corpusShards).orderBy(asc(corpusShards.idFrom))
  const entry = entries.find((e) => e.id === input.entryId)
  if (!entry) return { ok: false, error: 'entrada' }
  // Before the switch no reader may ask the target for these documents (it would see the
  // copies): no entry there of an overlapping family, nor of another family stored in the same
  // tables (a `diario:sp` split into the `dou`'s database would be read by every matéria search).
  const groups = groupsOf(entry.family)
  if (
    input.target === entry.binding ||
    entries.some(
      (e) =>
        e.binding === input.target &&
        (familyOverlaps(e.family, entry.family) ||
          familyOverlaps(entry.family, e.family) ||
          groupsOf(e.family).some((group) => groups.includes(group))),
    )
  )
    return { ok: false, error: 'destino' }
  const source = deps.open(entry.binding)
  const at = input.at ?? (await medianId(source, entry))
  if (at === null) return { ok: false, error: 'vazio' }
  if (at <= entry.idFrom || at >= entry.idTo) return { ok: false, error: 'faixa' }
  const [split] = await deps.db
    .insert(corpusSplits)
    .values({
      entryId: entry.id,
      shard: entry.shard,
      family: entry.family,
      source: entry.binding,
      target: input.target,
      idFrom: entry.idFrom,
      idTo: at,
    })
    .returning()
  return split ? { ok: true, split, resumed: false } : { ok: false, error: 'entrada' }
}

/**
 * Where to cut: the median document of the entry's largest table, but never past the next id
 * of any table (a writer takes max(id) + 1 of its entry, decisions/0072: a document written
 * during the split must land above the cut, in the part that stays).
 */
async function medianId(db: Database, entry: { family: string; idFrom: number; idTo: number }) {
  let largest = { rows: 0, median: 0 }
  let ceiling = Number.POSITIVE_INFINITY
  for (const group of groupsOf(entry.family)) {
    const root = sql.identifier(group.root)
    const [row] = await db.all<{ rows: number; top: number | null }>(
      sql`SELECT count(*) AS rows, max(id) AS top FROM ${root} WHERE id >= ${entry.idFrom} AND id < ${entry.idTo}`,
    )
    if (!row?.rows || row.top === null) continue
    ceiling = Math.min(ceiling, row.top + 1)
    // One document is not worth a split (its median would move nothing).
    if (row.rows < 2 || row.rows <= largest.rows) continue
    const [middle] = await db.all<{ id: number }>(
      sql`SELECT id FROM ${root} WHERE id >= ${entry.idFrom} AND id < ${entry.idTo} ORDER BY id LIMIT 1 OFFSET ${Math.floor(row.rows / 2)}`,
    )
    largest = { rows: row.rows, median: middle?.id ?? 0 }
  }
  return largest.rows ? Math.min(largest.median, ceiling) : null
}

async function save(deps: SplitDeps, split: Split, change: Partial<Split>): Promise<Split> {
  const next = { ...split, ...change, updatedAt: Date.now() }
  await deps.db
    .update(corpusSplits)
    .set({ ...change, updatedAt: next.updatedAt })
    .where(eq(corpusSplits.id, split.id))
  return next
}

async function fail(deps: SplitDeps, split: Split, error: string): Promise<Split> {
  const failed = await save(deps, split, { step: 'falhou', error })
  await recordFailedJob(deps, {
    queue: JOB,
    messageId: `${JOB}:${split.id}`,
    body: { split: split.id, step: split.step, error },
    attempts: 1,
  })
  return failed
}

/**
 * Runs a split from where its row says it is until it is done, failed, or waiting out the
 * grace after the switch (the cron's next tick goes on). Returns the row as it now stands.
 */
export async function runSplit(deps: SplitDeps, splitId: number, options: SplitOptions = {}): Promise<Split> {
  const {
    batch = 200,
    graceMs = SPLIT_GRACE_MS,
    now = Date.now,
    checkpoint = () => {},
    budgetMs = Number.POSITIVE_INFINITY,
  } = options
  const began = Date.now()
  const [row] = await deps.db.select().from(corpusSplits).where(eq(corpusSplits.id, splitId))
  if (!row) throw new Error(`Divisão ${splitId} não existe.`)
  let split = row
  const source = deps.open(split.source)
  const target = deps.open(split.target)
  const groups = groupsOf(split.family)
  const group = () => groups[split.groupIndex]
  for (;;) {
    switch (split.step) {
      case 'copiar':
      case 'recopiar': {
        const current = group()
        if (!current) {
          const step = split.step === 'copiar' ? 'verificar' : 'conferir'
          split = await save(deps, split, { step, groupIndex: 0, cursor: null, tally: {} })
          break
        }
        const after = split.cursor ?? split.idFrom - 1
        const last = await copyBatch(source, target, current, after, split.idTo, batch)
        checkpoint(`${split.step}:lote-escrito:${split.groupIndex}:${split.cursor ?? '-'}`)
        split = await save(
          deps,
          split,
          last === null ? { groupIndex: split.groupIndex + 1, cursor: null } : { cursor: last },
        )
        break
      }
      case 'verificar':
      case 'conferir': {
        const current = group()
        if (!current) {
          const wrong = mismatches(split.tally)
          if (wrong.length) return fail(deps, split, `Contagens ou somas diferentes: ${wrong.join('; ')}`)
          split = await save(deps, split, {
            step: split.step === 'verificar' ? 'trocar' : 'apagar',
            groupIndex: 0,
            cursor: null,
          })
          break
        }
        const tally: SplitTally = structuredClone(split.tally)
        const after = split.cursor ?? split.idFrom - 1
        // After the switch a window that differs is copied again first: writers write both
        // copies then, and one may have landed in the middle of the job's copy (decisions/0088).
        const count = split.step === 'conferir' ? tallyWindowSettled : tallyWindow
        const last = await count(source, target, current, after, split.idTo, batch, tally)
        checkpoint(`${split.step}:lote-contado:${split.groupIndex}:${split.cursor ?? '-'}`)
        split = await save(
          deps,
          split,
          last === null ? { tally, groupIndex: split.groupIndex + 1, cursor: null } : { tally, cursor: last },
        )
        break
      }
      case 'trocar':
        split = await switchMap(deps, split, now())
        break
      case 'aguardar':
        if (now() < (split.switchedAt ?? 0) + graceMs) return split
        // Writers holding the old map may have written the old rows until now: copy and compare
        // again (no writer holds it any more, and the new map never writes the moved ids there).
        split = await save(deps, split, { step: 'recopiar', groupIndex: 0, cursor: null })
        break
      case 'apagar': {
        const current = group()
        if (!current) {
          split = await save(deps, split, { step: 'feito', cursor: null })
          await recordJobWindow(deps, JOB, String(split.id), { tally: split.tally })
          break
        }
        const last = await deleteBatch(source, current, split.idFrom, split.idTo, batch)
        checkpoint(`${split.step}:lote-apagado:${split.groupIndex}:${split.cursor ?? '-'}`)
        split = await save(
          deps,
          split,
          last === null ? { groupIndex: split.groupIndex + 1, cursor: null } : { cursor: last },
        )
        break
      }
      default:
        return split
    }
    checkpoint(`${split.step}:${split.groupIndex}:${split.cursor ?? '-'}`)
    if (Date.now() - began > budgetMs) return split
  }
}

/**
 * The switch: the entry keeps the newer ids, a new row gives the moved ids to the target, in one
 * batch; then the map is published. Run again after a crash, it finds the rows already switched
 * and only publishes.
 */
async function switchMap(deps: SplitDeps, split: Split, at: number): Promise<Split> {
  const [moved] = await deps.db
    .select({ id: corpusShards.id })
    .from(corpusShards)
    .where(and(eq(corpusShards.idFrom, split.idFrom), eq(corpusShards.binding, split.target)))
  if (!moved) {
    const [entry] = await deps.db.select().from(corpusShards).where(eq(corpusShards.id, split.entryId))
    if (!entry || entry.idFrom !== split.idFrom)
      return fail(deps, split, 'A entrada do mapa mudou durante a divisão.')
    await deps.db.batch([
      deps.db.update(corpusShards).set({ idFrom: split.idTo }).where(eq(corpusShards.id, entry.id)),
      deps.db.insert(corpusShards).values({
        shard: entry.shard,
        family: entry.family,
        periodFrom: entry.periodFrom,
        periodTo: entry.periodTo,
        idFrom: split.idFrom,
        idTo: split.idTo,
        binding: split.target,
      }),
    ])
  }
  await publishShardMap(deps)
  return save(deps, split, { step: 'aguardar', switchedAt: at })
}
