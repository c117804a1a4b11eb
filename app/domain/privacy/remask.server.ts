import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { decisions, gazetteArticles, lawsuitSubjects, lawsuits } from '~/db/schema-corpus'
import { remaskRuns } from '~/db/schema-privacy'
import { scope } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import { maskArticle, maskLawsuit, type Touched, touched, unmaskLawsuit } from './mask.server'
import { maskDecisions } from './mask-decisions.server'
import { lawsuitsMaskedOnRequest } from './mask-request.server'
import { minorNames } from './minors'
import { isSensitiveCase, loadSensitiveList } from './sensitive-list.server'

/** Lawsuits or matérias examined per slice: a slice fits one cron tick or queue message. */
export const REMASK_SLICE = 200

export type RemaskReport = {
  version: number
  phase: 'processos' | 'materias' | 'decisoes' | 'fim'
  cursor: number
  changed: number
}

/**
 * One slice of the re-mask walk for the list in force (decisions/0064): every stored lawsuit is
 * compared with the list (masked when it joined, un-masked when it left), then every matéria not
 * yet masked is read for a minor (decisions/0065). Where the walk stands is kept in
 * `remask_runs` (one row per list version) and moved by a conditional update, so a walk that
 * stops anywhere resumes there, and two runners never do a slice twice. The pages of what
 * changed are purged from the edge cache (their lawsuit and person scopes, and the corpus).
 */
export async function remaskSlice(
  deps: { db: Database; pageVersions: KVNamespace },
  limit = REMASK_SLICE,
): Promise<RemaskReport> {
  const { db } = deps
  const list = await loadSensitiveList(db)
  await db.insert(remaskRuns).values({ version: list.version }).onConflictDoNothing()
  const [run] = await db.select().from(remaskRuns).where(eq(remaskRuns.version, list.version))
  if (!run || run.phase === 'fim') return { version: list.version, phase: 'fim', cursor: 0, changed: 0 }

  const into = touched()
  let next: { phase: RemaskReport['phase']; cursor: number }
  if (run.phase === 'processos') {
    const rows = await db
      .select({ id: lawsuits.id, classCode: lawsuits.classCode, sensitive: lawsuits.sensitive })
      .from(lawsuits)
      .where(gt(lawsuits.id, run.cursor))
      .orderBy(asc(lawsuits.id))
      .limit(limit)
    // D1 binds at most 100 values per statement.
    const subjects: { lawsuitId: number; code: number }[] = []
    for (const part of chunk(
      rows.map((r) => r.id),
      90,
    ))
      subjects.push(
        ...(await db
          .select({ lawsuitId: lawsuitSubjects.lawsuitId, code: lawsuitSubjects.code })
          .from(lawsuitSubjects)
          .where(inArray(lawsuitSubjects.lawsuitId, part))),
      )
    const onRequest = await lawsuitsMaskedOnRequest(
      db,
      rows.map((r) => r.id),
    )
    for (const row of rows) {
      // A case a reviewer masked on request (decisions/0071) stays masked whatever the list says.
      const should =
        onRequest.has(row.id) ||
        isSensitiveCase(list, {
          classCode: row.classCode,
          subjects: subjects.filter((s) => s.lawsuitId === row.id),
        })
      // maskLawsuit is idempotent: a sensitive case is looked at again in case the walk of an
      // earlier version stopped half-way through it.
      if (should) await maskLawsuit(db, row.id, into)
      else if (row.sensitive) await unmaskLawsuit(db, row.id, into)
    }
    const last = rows[rows.length - 1]?.id
    next =
      rows.length < limit
        ? { phase: 'materias', cursor: 0 }
        : { phase: 'processos', cursor: last ?? run.cursor }
  } else if (run.phase === 'materias') {
    const rows = await db
      .select({
        id: gazetteArticles.id,
        title: gazetteArticles.title,
        body: gazetteArticles.body,
        masked: gazetteArticles.masked,
        cnj: gazetteArticles.lawsuitCnj,
      })
      .from(gazetteArticles)
      .where(gt(gazetteArticles.id, run.cursor))
      .orderBy(asc(gazetteArticles.id))
      .limit(limit)
    for (const row of rows)
      if (!row.masked && minorNames(row.body).length && (await maskArticle(db, row, [], false)) && row.cnj)
        into.lawsuits.add(row.cnj)
    const last = rows[rows.length - 1]?.id
    next =
      rows.length < limit
        ? { phase: 'decisoes', cursor: 0 }
        : { phase: 'materias', cursor: last ?? run.cursor }
  } else {
    // Jurisprudência of a sensitive matter or case (decisions/0071); one already masked is skipped.
    const rows = await db
      .select({ id: decisions.id })
      .from(decisions)
      .where(gt(decisions.id, run.cursor))
      .orderBy(asc(decisions.id))
      .limit(limit)
    if (
      await maskDecisions(
        db,
        rows.map((r) => r.id),
      )
    )
      into.decisions = true
    const last = rows[rows.length - 1]?.id
    next =
      rows.length < limit ? { phase: 'fim', cursor: 0 } : { phase: 'decisoes', cursor: last ?? run.cursor }
  }

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
  deps: { db: Database; pageVersions: KVNamespace },
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
