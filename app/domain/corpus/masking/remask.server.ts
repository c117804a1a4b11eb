import { and, eq } from 'drizzle-orm'
import { remaskRuns } from '~/db/schema-privacy'
import { scope } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { KINDS } from '~/domain/corpus/kinds'
import { loadSensitiveList } from '~/domain/privacy/sensitive-list.server'
import type { MaskDeps } from './corpus.server'
import { type Touched, touched } from './mask.server'
import { type Phase, rangeAfter, WALK } from './remask-phases.server'

export { REMASK_PHASES } from './remask-phases.server'

/** Lawsuits or matérias examined per slice: a slice fits one cron tick or queue message. */
export const REMASK_SLICE = 200

export type RemaskReport = {
  version: number
  /** The walk's phase (`PHASES`' names, as `remask_runs` stores them), or `fim`. */
  phase: Phase
  cursor: number
  changed: number
}

/**
 * One slice of the re-mask walk for the list in force (decisions/0064): one phase per kind whose
 * text names people (`PHASES`, remask-phases.server.ts): every stored lawsuit is compared with the list (masked when it
 * joined, un-masked when it left), then every matéria not yet masked is read for a minor
 * (decisions/0065), then every decision. Where the walk stands is kept in
 * `remask_runs` (one row per list version) and moved by a conditional update, so a walk that
 * stops anywhere resumes there, and two runners never do a slice twice. The pages of what
 * changed are purged from the edge cache (their lawsuit and person scopes, and the corpus).
 * Every shard is walked (decisions/0081): the cursor is an id, and an id names its database by
 * the map, so the walk goes through the map's entries of each phase in id order.
 */
export async function remaskSlice(
  given: MaskDeps & { pageVersions: KVNamespace },
  limit = REMASK_SLICE,
): Promise<RemaskReport> {
  // Without the suggestions' KV: a slice can mask hundreds of names, and a Worker invocation has
  // 1,000 KV operations; the names leave the lists at the tick's next rebuild, from the dirty
  // prefixes (decisions/0089). Their popular terms go at once (D1).
  const deps = { db: given.db, corpus: given.corpus, pageVersions: given.pageVersions }
  const { db, corpus } = deps
  const list = await loadSensitiveList(db)
  await db.insert(remaskRuns).values({ version: list.version }).onConflictDoNothing()
  const [run] = await db.select().from(remaskRuns).where(eq(remaskRuns.version, list.version))
  if (!run || run.phase === 'fim') return { version: list.version, phase: 'fim', cursor: 0, changed: 0 }

  const into = touched()
  const walk = WALK.find((w) => w.phase === run.phase) as (typeof WALK)[number]
  const range = await rangeAfter(corpus, KINDS[walk.kind].families, run.cursor)
  const rows = await walk.slice({ deps, list, shard: range?.db ?? db, into }, range, limit)
  const following = WALK[WALK.indexOf(walk) + 1]?.phase ?? 'fim'
  const next = advance(run, rows, limit, range, following)

  const changed = into.lawsuits.size + into.people.size + (into.decisions ? 1 : 0)
  const moved = await db
    .update(remaskRuns)
    .set({
      ...next,
      touched: run.touched + changed,
      ...(next.phase === 'fim' ? { finishedAt: Date.now() } : {}),
    })
    .where(
      and(
        eq(remaskRuns.version, run.version),
        eq(remaskRuns.phase, run.phase),
        eq(remaskRuns.cursor, run.cursor),
      ),
    )
    .returning({ version: remaskRuns.version })
  await purge(deps.pageVersions, into)
  return {
    version: list.version,
    ...(moved.length ? next : { phase: run.phase, cursor: run.cursor }),
    changed,
  }
}

/** The cursor after a slice: the last id read, the end of an entry done, or the next phase. */
function advance(
  run: { phase: Phase; cursor: number },
  rows: { id: number }[],
  limit: number,
  range: { end: number | null } | null,
  following: Phase,
): { phase: Phase; cursor: number } {
  const last = rows[rows.length - 1]?.id
  if (rows.length >= limit) return { phase: run.phase, cursor: last ?? run.cursor }
  if (range?.end != null) return { phase: run.phase, cursor: range.end }
  return { phase: following, cursor: 0 }
}

async function purge(kv: KVNamespace, into: Touched) {
  if (!into.lawsuits.size && !into.people.size && !into.decisions) return
  await bumpVersions(kv, [
    scope.corpus,
    ...[...into.lawsuits].map(scope.lawsuit),
    ...[...into.people].map(scope.person),
  ])
}

/** The whole walk, slice after slice (the local command; tests). */
export async function remaskAll(
  deps: MaskDeps & { pageVersions: KVNamespace },
  limit = REMASK_SLICE,
  onSlice: (report: RemaskReport) => void = () => {},
): Promise<number> {
  let changed = 0
  for (;;) {
    const report = await remaskSlice(deps, limit)
    changed += report.changed
    onSlice(report)
    if (report.phase === 'fim') return changed
  }
}
