import { and, asc, eq, type GetColumnData, gt, inArray, lt, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Database } from '~/db/client.server'
import { decisions, gazetteArticles, lawsuitSubjects, lawsuits } from '~/db/schema-corpus'
import type { remaskRuns } from '~/db/schema-privacy'
import { readCorpus, writeCorpus } from '~/domain/corpus/access.server'
import type { Family, NamingKind } from '~/domain/corpus/kinds'
import type { Corpus } from '~/domain/corpus/shards.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import { minorNames } from '~/domain/privacy/minors'
import { isSensitiveCase, type SensitiveList } from '~/domain/privacy/sensitive-list.server'
import type { MaskDeps } from './corpus.server'
import { maskArticle, maskLawsuit, type Touched } from './mask.server'
import { maskDecisionCopies } from './mask-decisions.server'
import { lawsuitsMaskedOnRequest } from './mask-request.server'
import { casesNamingMinors, maskCasesOfMinors } from './minor-cases.server'
import { unlinkMentionsNotPersons, unlinkPartiesNotPersons } from './non-persons.server'
import { unmaskLawsuit } from './unmask.server'

// The re-mask walk's phases (remask.server.ts, decisions/0064): one per kind whose text may name
// people, each reading its kind's root a slice at a time from where the walk stands.

/** A phase's name as `remask_runs` stores it, or `fim`. */
export type Phase = (typeof remaskRuns.$inferSelect)['phase']

/** What one slice of a phase works with: the shard its rows were read from, and what it touched. */
type Slice = {
  deps: MaskDeps & { pageVersions: KVNamespace }
  list: SensitiveList
  shard: Database
  into: Touched
}
type Range = NonNullable<Awaited<ReturnType<typeof rangeAfter>>>
type Columns = { id: SQLiteColumn } & Record<string, SQLiteColumn>
type Row<C extends Columns> = { [K in keyof C]: GetColumnData<C[K]> } & { id: number }

/**
 * A phase: the columns it reads of its kind's root, a slice of rows in id order from where the
 * walk stands, and what it does with them (called with none when its families hold no more).
 */
function phase<C extends Columns>(
  name: Exclude<Phase, 'fim'>,
  columns: C,
  mask: (slice: Slice, rows: Row<C>[]) => Promise<void>,
) {
  return {
    phase: name,
    async slice(slice: Slice, range: Range | null, limit: number): Promise<{ id: number }[]> {
      // Read as plain columns of a table: the rows' types are the phase's (`Row<C>`).
      const fields: Record<string, SQLiteColumn> = columns
      const rows = range
        ? ((await slice.shard
            .select(fields)
            .from(columns.id.table as SQLiteTable)
            .where(range.where(columns.id))
            .orderBy(asc(columns.id))
            .limit(limit)) as Row<C>[])
        : []
      await mask(slice, rows)
      return rows
    },
  }
}

const LAWSUIT = {
  id: lawsuits.id,
  cnj: lawsuits.cnj,
  classCode: lawsuits.classCode,
  sensitive: lawsuits.sensitive,
}
const MATERIA = {
  id: gazetteArticles.id,
  title: gazetteArticles.title,
  body: gazetteArticles.body,
  masked: gazetteArticles.masked,
  cnj: gazetteArticles.lawsuitCnj,
}

/**
 * The walk's phase of each kind whose text may name people (the catalogue's `names`): a kind
 * declared so without its phase here, or the reason it has none, does not compile. The walk goes
 * through them in this order (`remask_runs.phase`, whose default is the first).
 */
const PHASES = {
  processo: phase('processos', LAWSUIT, maskLawsuitsSlice),
  materia: phase('materias', MATERIA, maskMateriasSlice),
  // Jurisprudência of a sensitive matter or case (decisions/0071); one already masked is skipped.
  decisao: phase('decisoes', { id: decisions.id }, async ({ deps, into }, rows) => {
    if (
      await maskDecisionCopies(
        deps.corpus,
        rows.map((r) => r.id),
      )
    )
      into.decisions = true
  }),
  // A person's row holds no text but the name its page is read by: it is masked with the
  // lawsuits and matérias that name it (their parties and mentions), not walked on its own.
  pessoa: null,
} satisfies Record<NamingKind, ReturnType<typeof phase> | null>

/** The walk's phases in order, each with its kind. */
export const WALK = (Object.keys(PHASES) as NamingKind[]).flatMap((kind) => {
  const walked = PHASES[kind]
  return walked ? [{ kind, ...walked }] : []
})

/** The phases of the walk, in order (tests). */
export const REMASK_PHASES: readonly Phase[] = WALK.map((w) => w.phase)

/**
 * Every stored lawsuit compared with the list: masked when it joined, un-masked when it left
 * (decisions/0064).
 */
async function maskLawsuitsSlice({ deps, list, shard, into }: Slice, rows: Row<typeof LAWSUIT>[]) {
  const { db, corpus } = deps
  // D1 binds at most 100 values per statement.
  const subjects: { lawsuitId: number; code: number }[] = []
  for (const part of chunk(
    rows.map((r) => r.id),
    90,
  ))
    subjects.push(
      ...(await shard
        .select({ lawsuitId: lawsuitSubjects.lawsuitId, code: lawsuitSubjects.code })
        .from(lawsuitSubjects)
        .where(inArray(lawsuitSubjects.lawsuitId, part))),
    )
  const onRequest = await lawsuitsMaskedOnRequest(
    db,
    rows.map((r) => r.id),
  )
  const listed = (row: (typeof rows)[number]) =>
    isSensitiveCase(list, {
      classCode: row.classCode,
      subjects: subjects.filter((s) => s.lawsuitId === row.id),
    })
  // A case whose matéria names a minor stays sensitive too (decisions/0089): asked only of the
  // sensitive cases the list no longer holds.
  const minors = await casesNamingMinors(
    corpus,
    rows.filter((r) => r.sensitive && !onRequest.has(r.id) && !listed(r)).map((r) => r.cnj),
  )
  for (const row of rows) {
    // A case a reviewer masked on request (decisions/0071) stays masked whatever the list says.
    const should = onRequest.has(row.id) || listed(row) || minors.has(row.cnj)
    // maskLawsuit is idempotent: a sensitive case is looked at again in case the walk of an
    // earlier version stopped half-way through it.
    if (should) await maskLawsuit(deps, row.id, into, null, true)
    else if (row.sensitive) await unmaskLawsuit(deps, row.id, into)
  }
  // Organisations stored as people before decisions/0089 lose their pages.
  const unlinked = await unlinkPartiesNotPersons(
    deps,
    shard,
    rows.map((r) => r.id),
    into,
  )
  for (const row of rows) if (unlinked.has(row.id)) into.lawsuits.add(row.cnj)
}

/**
 * Every matéria not yet masked read for a minor (decisions/0065); the cases of the masked ones:
 * one naming a minor makes its case sensitive (decisions/0089).
 */
async function maskMateriasSlice({ deps, shard, into }: Slice, rows: Row<typeof MATERIA>[]) {
  const { corpus } = deps
  const cited = new Set<string>()
  for (const row of rows) {
    if (row.masked && row.cnj) cited.add(row.cnj)
    if (row.masked || !minorNames(row.body).length) continue
    // Every copy, the map's first: a split's source still holding it is copied over the
    // target again (decisions/0088).
    const [changed] = await writeCorpus.everyCopy(corpus, 'gazette_articles', row.id, async (copy) => {
      const [text] =
        copy === shard
          ? [row]
          : await copy
              .select({ id: gazetteArticles.id, title: gazetteArticles.title, body: gazetteArticles.body })
              .from(gazetteArticles)
              .where(eq(gazetteArticles.id, row.id))
      return text ? maskArticle(deps, copy, text, [], false) : false
    })
    if (changed && row.cnj) {
      into.lawsuits.add(row.cnj)
      cited.add(row.cnj)
    }
  }
  await maskCasesOfMinors(deps, [...(await casesNamingMinors(corpus, [...cited]))], into)
  await unlinkMentionsNotPersons(
    deps,
    shard,
    rows.map((r) => r.id),
    into,
  )
}

/**
 * Where a phase's walk goes on after `cursor`: the first map entry of its families holding ids
 * past it (entries in id order, so a split's sub-ranges are walked wherever they now are), its
 * database and the condition on the id column. With one entry (one database) the condition is
 * `id > cursor` alone. Null: no entry left, the phase is done.
 */
export async function rangeAfter(corpus: Corpus, families: readonly Family[], cursor: number) {
  const entries = await readCorpus.entries(corpus, { families })
  const found = entries.find(({ entry: e }) => e.idTo - 1 > cursor)
  if (!found) return null
  const { entry, db } = found
  const later = entries.some(({ entry: e }) => e.idFrom > entry.idFrom)
  const after = Math.max(cursor, entry.idFrom - 1)
  return {
    db,
    /** The entry's last id: where the walk stands once the entry is done. */
    end: later ? entry.idTo - 1 : null,
    where: (column: SQLiteColumn): SQL =>
      later ? (and(gt(column, after), lt(column, entry.idTo)) as SQL) : gt(column, after),
  }
}
