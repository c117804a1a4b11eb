import { type SQL, sql } from 'drizzle-orm'
import { type Family, KIND_NAMES, KINDS, type Kind } from '../kinds'
import { familyOverlaps } from '../shard-map'

// What a document owns, table by table, for the split job (decisions/0077). A group is one kind
// of document: its root table (whose id names the shard, decisions/0072), the rows that belong
// to it (moved and deleted with it) and the rows it points at that must exist beside it in any
// database holding it (registry rows and the people it names: copied if missing, never deleted,
// because other documents of the source may point at them too). FTS rows are never copied: the
// insert and delete triggers of migrations 0004/0009 keep each database's index in step.

type Rows = (ids: SQL) => SQL
export type TableGroup = {
  root: string
  /** The families whose shards hold this kind of document (a prefix ends in `:`). */
  families: readonly Family[]
  /** Pointed-at rows, in insert order, by the root ids (a JSON array parameter). */
  parents: readonly { table: string; rows: Rows }[]
  /** Owned rows, in insert order (a parent row before the rows that reference it). */
  children: readonly { table: string; rows: Rows }[]
}

const among = (ids: SQL) => sql`(SELECT value FROM json_each(${ids}))`
const partiesOf = (ids: SQL) => sql`(SELECT id FROM parties WHERE lawsuit_id IN ${among(ids)})`

/**
 * Each kind's statements for the tables the catalogue names (kinds.ts): which of them a set of
 * root ids points at or owns. The catalogue gives the tables and their order; a table it names
 * without a statement here does not compile.
 */
const ROWS: {
  [K in Kind]: {
    parents: Record<(typeof KINDS)[K]['parents'][number], Rows>
    children: Record<(typeof KINDS)[K]['children'][number], Rows>
  }
} = {
  materia: {
    parents: {
      gazettes: (ids) => sql`id IN (SELECT gazette_id FROM gazette_articles WHERE id IN ${among(ids)})`,
      gazette_editions: (ids) =>
        sql`id IN (SELECT edition_id FROM gazette_articles WHERE id IN ${among(ids)})`,
      gazette_sections: (ids) =>
        sql`id IN (SELECT section_id FROM gazette_articles WHERE id IN ${among(ids)})`,
      people: (ids) => sql`id IN (SELECT person_id FROM article_mentions WHERE article_id IN ${among(ids)})`,
      companies: (ids) =>
        sql`id IN (SELECT company_id FROM article_mentions WHERE article_id IN ${among(ids)})`,
    },
    children: {
      article_mentions: (ids) => sql`article_id IN ${among(ids)}`,
      masked_articles: (ids) => sql`article_id IN ${among(ids)}`,
    },
  },
  processo: {
    parents: {
      people: (ids) => sql`id IN (SELECT person_id FROM parties WHERE lawsuit_id IN ${among(ids)})`,
      companies: (ids) => sql`id IN (SELECT company_id FROM parties WHERE lawsuit_id IN ${among(ids)})`,
    },
    children: {
      parties: (ids) => sql`lawsuit_id IN ${among(ids)}`,
      party_lawyers: (ids) => sql`party_id IN ${partiesOf(ids)}`,
      masked_parties: (ids) => sql`party_id IN ${partiesOf(ids)}`,
      movements: (ids) => sql`lawsuit_id IN ${among(ids)}`,
      lawsuit_subjects: (ids) => sql`lawsuit_id IN ${among(ids)}`,
      lawsuit_instances: (ids) => sql`lawsuit_id IN ${among(ids)}`,
    },
  },
  decisao: {
    parents: {},
    children: { masked_decisions: (ids) => sql`decision_id IN ${among(ids)}` },
  },
  lei: { parents: {}, children: { provisions: (ids) => sql`statute_id IN ${among(ids)}` } },
  pessoa: { parents: {}, children: {} },
  empresa: { parents: {}, children: {} },
}

/** One group per kind of the catalogue, in its order, its tables in the catalogue's order. */
export const TABLE_GROUPS: readonly TableGroup[] = KIND_NAMES.map((kind) => {
  const spec: {
    root: string
    families: readonly Family[]
    parents: readonly string[]
    children: readonly string[]
  } = KINDS[kind]
  const rows = ROWS[kind] as { parents: Record<string, Rows>; children: Record<string, Rows> }
  return {
    root: spec.root,
    families: spec.families,
    parents: spec.parents.map((table) => ({ table, rows: rows.parents[table] as Rows })),
    children: spec.children.map((table) => ({ table, rows: rows.children[table] as Rows })),
  }
})

/** The groups a map entry's family holds (`*` and prefixes hold several). */
export const groupsOf = (family: string): TableGroup[] =>
  TABLE_GROUPS.filter((group) => group.families.some((f) => familyOverlaps(family, f)))

/** Every table a group's verification compares: the root and what it owns. */
export const tablesOf = (group: TableGroup) => [
  { table: group.root, rows: (ids: SQL) => sql`id IN ${among(ids)}` },
  ...group.children,
]

/**
 * One statement inserting rows read from another database, whatever their columns: the rows go
 * in as one JSON parameter (D1 binds at most 100 parameters; a batch of rows would pass that).
 * `upsert` replaces a row of the same id in place (an update: the FTS triggers reindex it, and
 * no cascade removes what points at it); `ifMissing` keeps the row already there.
 */
export function insertRows(
  table: string,
  rows: Record<string, unknown>[],
  mode: 'insert' | 'ifMissing' | 'upsert' = 'insert',
): SQL {
  const columns = Object.keys(rows[0] ?? {})
  const names = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  )
  const values = sql.join(
    columns.map((c) => sql`value ->> ${`$.${c}`}`),
    sql`, `,
  )
  const updates = sql.join(
    columns.filter((c) => c !== 'id').map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`),
    sql`, `,
  )
  const conflict =
    mode === 'ifMissing'
      ? sql`ON CONFLICT DO NOTHING`
      : mode === 'upsert'
        ? sql`ON CONFLICT (id) DO UPDATE SET ${updates}`
        : sql``
  return sql`INSERT INTO ${sql.identifier(table)} (${names}) SELECT ${values} FROM json_each(${JSON.stringify(rows)}) WHERE true ${conflict}`
}
