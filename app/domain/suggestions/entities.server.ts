import { and, gt, inArray, lte, max, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { suggestionCursors, suggestionDirtyPrefixes, suggestionNames } from '~/db/schema'
import {
  listedHere,
  mergeOrdered,
  ownedClause,
  readCorpus,
  type ShardRead,
} from '~/domain/corpus/access.server'
import { KINDS } from '~/domain/corpus/kinds'
import { type Corpus, singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import { codePointLength, normalizeForMatch, suggestionPrefixes } from '~/domain/suggestion-lists/keys'

/**
 * People and company names as suggestions, weighted by how often the entity appears (parties and
 * matéria mentions). The weights live in `suggestion_names` and are refreshed a slice at a time:
 * each cron run first takes entities newer than any known (so imports show up at the next run),
 * then continues a sweep over all ids that wraps around (so renames, deletions and new
 * appearances are picked up within one sweep). Every prefix whose names changed is recorded in
 * `suggestion_dirty_prefixes`, and the sweep cursors in `suggestion_cursors`, in the same
 * transaction as the names, so a run that stops half-way loses nothing.
 */
export const ENTITY_KINDS = ['person', 'company'] as const
export type EntityKind = (typeof ENTITY_KINDS)[number]
export type EntityCursors = Record<EntityKind, number>
type Source = (typeof suggestionNames.$inferSelect)['source']
type NameRow = typeof suggestionNames.$inferSelect
type EntityRow = { id: number; name: string; tradeName: string | null; weight: number }

/** Entities examined per kind and run: new ones, and the sweep (measured in decisions/0013). */
export const FRESH_BATCH = 5000
export const SWEEP_BATCH = 2000
/** Rows per upsert statement: the JSON array is one bound parameter. */
const ROWS_PER_STATEMENT = 500

const SOURCES: Record<EntityKind, Source[]> = { person: ['person'], company: ['company', 'trade_name'] }

/**
 * The next entities by id from every `entidades` database, without the pages out of listings on
 * request (de-indexed, or a masked person page: decisions/0066, 0097; the sweep reads them as
 * gone, so their stored names are deleted and their prefixes rebuilt), merged by id; weight =
 * parties rows + matéria mentions, summed over the databases holding lawsuits and matérias (both
 * counts are index range scans). Each database answers only for its own ids: a split's moved rows
 * are in two for a while (decisions/0083). One database is a one-entry map, read the same way.
 */
async function readEntities(
  corpus: Corpus,
  kind: EntityKind,
  after: number,
  limit: number,
): Promise<EntityRow[]> {
  const [lists, suits, gazettes] = await Promise.all([
    readCorpus.each(
      corpus,
      { filter: { families: KINDS.pessoa.families }, unlisted: kind === 'person' ? 'pessoa' : 'empresa' },
      (shard) =>
        shard.db.all<EntityRow>(
          kind === 'person'
            ? sql`SELECT id, name, NULL AS tradeName FROM people WHERE id > ${after} AND ${listedClause(shard)} ORDER BY id LIMIT ${limit}`
            : sql`SELECT id, legal_name AS name, trade_name AS tradeName FROM companies WHERE id > ${after} AND ${listedClause(shard)} ORDER BY id LIMIT ${limit}`,
        ),
    ),
    readCorpus.each(corpus, { filter: { families: KINDS.processo.families } }, async (shard) => shard),
    readCorpus.each(corpus, { filter: { families: KINDS.materia.families } }, async (shard) => shard),
  ])
  const rows = mergeOrdered(lists, (a, b) => a.id - b.id, limit)
  if (!rows.length) return rows
  const counted = [...new Set([...suits, ...gazettes].map((s) => s.db))]
  const column = sql.raw(kind === 'person' ? 'person_id' : 'company_id')
  const weights = await Promise.all(
    counted.map((db) =>
      db.all<{ id: number; weight: number }>(
        sql`SELECT e.value AS id, (SELECT count(*) FROM parties WHERE ${column} = e.value${ownedClause(
          suits.find((s) => s.db === db),
          sql.raw('lawsuit_id'),
        )})
          + (SELECT count(*) FROM article_mentions WHERE ${column} = e.value${ownedClause(
            gazettes.find((s) => s.db === db),
            sql.raw('article_id'),
          )}) AS weight
          FROM json_each(${JSON.stringify(rows.map((r) => r.id))}) e`,
      ),
    ),
  )
  const sums = new Map<number, number>()
  for (const row of weights.flat()) sums.set(row.id, (sums.get(row.id) ?? 0) + row.weight)
  return rows.map((row) => ({ ...row, weight: sums.get(row.id) ?? 0 }))
}

/** A raw statement's "listed by this database" on the bare `id` column. */
const listedClause = (shard: ShardRead) => listedHere(shard, sql.raw('id')) ?? sql`1`

function namesOf(kind: EntityKind, entity: EntityRow): NameRow[] {
  const rows: NameRow[] = []
  const add = (source: Source, raw: string | null) => {
    const row = nameRow(source, entity.id, raw, entity.weight)
    if (row && !rows.some((other) => other.norm === row.norm)) rows.push(row)
  }
  if (kind === 'person') add('person', entity.name)
  else {
    add('company', entity.name)
    add('trade_name', entity.tradeName)
  }
  return rows
}

/** The stored row of one name: its normalised form and the KV lists (prefixes) it is in. */
export function nameRow(
  source: Source,
  entityId: number,
  raw: string | null,
  weight: number,
): NameRow | null {
  const name = raw?.replace(/\s+/g, ' ').trim() ?? ''
  const [prefix, prefix4 = null, prefix5 = null] = suggestionPrefixes(name)
  if (!prefix) return null
  return { source, entityId, name, norm: normalizeForMatch(name), prefix, prefix4, prefix5, weight }
}

/** The KV lists a stored name is in. */
export const listsOf = (row: NameRow) =>
  [row.prefix, row.prefix4, row.prefix5].filter((prefix): prefix is string => !!prefix)

export type Changes = { upserts: Map<string, NameRow>; deletes: NameRow[]; dirty: Set<string> }

/** Compares the entities in (after, …] with their stored names; returns where the range ended. */
async function refreshRange(
  db: Database,
  kind: EntityKind,
  after: number,
  limit: number,
  changes: Changes,
  corpus?: Corpus,
): Promise<{ examined: number; complete: boolean; lastId: number }> {
  if (limit <= 0) return { examined: 0, complete: false, lastId: after }
  const entities = await readEntities(corpus ?? singleDatabaseCorpus(db), kind, after, limit)
  const complete = entities.length < limit
  const lastId = entities.at(-1)?.id ?? after
  const stored = await db
    .select()
    .from(suggestionNames)
    .where(
      and(
        inArray(suggestionNames.source, SOURCES[kind]),
        gt(suggestionNames.entityId, after),
        complete ? undefined : lte(suggestionNames.entityId, lastId),
      ),
    )
  const left = new Map(stored.map((row) => [`${row.source}:${row.entityId}`, row]))
  for (const entity of entities) {
    for (const wanted of namesOf(kind, entity)) {
      const key = `${wanted.source}:${wanted.entityId}`
      const old = left.get(key)
      left.delete(key)
      if (old && old.name === wanted.name && old.weight === wanted.weight) continue
      changes.upserts.set(key, wanted)
      for (const prefix of [...listsOf(wanted), ...(old ? listsOf(old) : [])]) changes.dirty.add(prefix)
    }
  }
  for (const gone of left.values()) {
    changes.deletes.push(gone)
    for (const prefix of listsOf(gone)) changes.dirty.add(prefix)
  }
  return { examined: entities.length, complete, lastId }
}

async function highestKnownId(db: Database, kind: EntityKind): Promise<number> {
  const [row] = await db
    .select({ id: max(suggestionNames.entityId) })
    .from(suggestionNames)
    .where(inArray(suggestionNames.source, SOURCES[kind].slice(0, 1)))
  return row?.id ?? 0
}

/** Writes the name changes, their dirty prefixes and the cursors in one D1 batch (one transaction). */
export async function applyChanges(
  db: Database,
  changes: Changes,
  cursors: EntityCursors | null,
): Promise<void> {
  const statements: BatchItem<'sqlite'>[] = []
  if (cursors) {
    const rows = ENTITY_KINDS.map((kind) => ({ kind, lastId: cursors[kind] }))
    statements.push(
      db
        .insert(suggestionCursors)
        .values(rows)
        .onConflictDoUpdate({ target: suggestionCursors.kind, set: { lastId: sql`excluded.last_id` } }),
    )
  }
  for (const rows of chunk([...changes.upserts.values()], ROWS_PER_STATEMENT)) {
    const json = JSON.stringify(
      rows.map((r) => [r.source, r.entityId, r.name, r.norm, r.prefix, r.prefix4, r.prefix5, r.weight]),
    )
    statements.push(
      db
        .insert(suggestionNames)
        .select(
          sql`SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
            value ->> 6, value ->> 7 FROM json_each(${json}) WHERE true`,
        )
        .onConflictDoUpdate({
          target: [suggestionNames.source, suggestionNames.entityId],
          set: {
            name: sql`excluded.name`,
            norm: sql`excluded.norm`,
            prefix: sql`excluded.prefix`,
            prefix4: sql`excluded.prefix4`,
            prefix5: sql`excluded.prefix5`,
            weight: sql`excluded.weight`,
          },
        }),
    )
  }
  for (const rows of chunk(changes.deletes, ROWS_PER_STATEMENT)) {
    const json = JSON.stringify(rows.map((r) => [r.source, r.entityId]))
    statements.push(
      db
        .delete(suggestionNames)
        .where(sql`(source, entity_id) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${json}))`),
    )
  }
  if (changes.dirty.size) statements.push(markDirty(db, [...changes.dirty]))
  if (statements.length) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
}

export function markDirty(db: Database, prefixes: string[]) {
  return db
    .insert(suggestionDirtyPrefixes)
    .select(sql`SELECT value FROM json_each(${JSON.stringify(prefixes)}) WHERE true`)
    .onConflictDoNothing()
}

export type EntityRefresh = { examined: number; changed: number; caughtUp: boolean }

async function readCursors(db: Database): Promise<EntityCursors> {
  const cursors: EntityCursors = { person: 0, company: 0 }
  for (const row of await db.select().from(suggestionCursors)) cursors[row.kind] = row.lastId
  return cursors
}

/** One run's slice per kind: up to `fresh` entities newer than any known, then `sweep` more. */
export async function refreshEntityNames(
  db: Database,
  batches: { fresh: number; sweep: number } = { fresh: FRESH_BATCH, sweep: SWEEP_BATCH },
  /** More name changes (the members') written in the same transaction. */
  alsoChange?: (changes: Changes) => Promise<void>,
  /** Where people and companies live (decisions/0072); none: `db` is the whole corpus (a one-entry map). */
  corpus?: Corpus,
): Promise<EntityRefresh> {
  const changes: Changes = { upserts: new Map(), deletes: [], dirty: new Set() }
  const cursors = await readCursors(db)
  const next = { ...cursors }
  let examined = 0
  let caughtUp = true
  for (const kind of ENTITY_KINDS) {
    const fresh = await refreshRange(db, kind, await highestKnownId(db, kind), batches.fresh, changes, corpus)
    caughtUp &&= fresh.complete
    // While new entities fill a whole slice (the first runs after an import), the sweep waits.
    const swept = await refreshRange(
      db,
      kind,
      cursors[kind],
      fresh.complete ? batches.sweep : 0,
      changes,
      corpus,
    )
    examined += fresh.examined + swept.examined
    next[kind] = swept.complete ? 0 : swept.lastId
  }
  await alsoChange?.(changes)
  const moved = ENTITY_KINDS.some((kind) => next[kind] !== cursors[kind])
  await applyChanges(db, changes, moved ? next : null)
  return { examined, changed: changes.upserts.size + changes.deletes.length, caughtUp }
}

/**
 * The heaviest names of each prefix: per prefix, one backwards scan of the covering index of its
 * length (3, 4 or 5 characters), aggregated into a JSON array (D1 allows no LATERAL join and at
 * most 5 UNION terms). More than a list holds is read because several entities share a name
 * (homonyms), which the merge removes. Members are listed from their own source.
 */
export async function topEntityNames(db: Database, prefixes: string[], perPrefix: number) {
  const top = new Map<string, string[]>()
  const column = { 3: sql`prefix`, 4: sql`prefix4`, 5: sql`prefix5` } as const
  for (const length of [3, 4, 5] as const) {
    const ofLength = prefixes.filter((prefix) => codePointLength(prefix) === length)
    for (const group of chunk(ofLength, 50)) {
      const rows = await db.all<{ prefix: string; names: string }>(
        sql`SELECT p.value AS prefix, (SELECT json_group_array(json_array(name, weight)) FROM
            (SELECT name, weight FROM suggestion_names WHERE ${column[length]} = p.value
              AND source <> 'member' ORDER BY weight DESC, name DESC LIMIT ${perPrefix})) AS names
          FROM json_each(${JSON.stringify(group)}) AS p`,
      )
      for (const row of rows) {
        const names = JSON.parse(row.names) as [string, number][]
        names.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        if (names.length)
          top.set(
            row.prefix,
            names.map(([name]) => name),
          )
      }
    }
  }
  return top
}
