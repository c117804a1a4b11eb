// What search-plans.test.ts reads of a statement's `EXPLAIN QUERY PLAN` (issue 42): the problems
// no search may have, and a short summary of its access paths to pin.

/** A statement as the search sent it, on the binding that answered it. */
export type Captured = { binding: string; sql: string; params: unknown[] }
export type PlanRow = { id: number; parent: number; notused: number; detail: string }

/**
 * A D1 binding whose every statement (alone or in a batch) is recorded with its parameters. The
 * runtime's own statements are kept (a batch accepts only those): only `bind` is replaced.
 */
export function capturing(d1: D1Database, binding: string, into: Captured[]): D1Database {
  const prepare = (query: string) => {
    const record: Captured = { binding, sql: query, params: [] }
    into.push(record)
    const statement = d1.prepare(query)
    const bind = statement.bind.bind(statement)
    statement.bind = (...values: unknown[]) => {
      record.params = values
      return bind(...values)
    }
    return statement
  }
  return { prepare, batch: d1.batch.bind(d1) } as unknown as D1Database
}

/**
 * FTS5's plan line names the constraints it was given in its idxStr: `M` a MATCH, `=` a rowid
 * lookup, `<`/`>` rowid bounds. Without `M` or `=` it walks every row of the index.
 */
const FTS_SCAN = /^SCAN (\w+_fts)(?: AS \w+)? VIRTUAL TABLE INDEX (\d+):(\S*)/

/** A stored table read whole: `SCAN t` (or a whole index of it), not a CTE or a subquery. */
const TABLE_SCAN = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX \w+)?$/

/**
 * Tables read whole by design: the primary's de-indexed and masked pages, a reviewer's list of
 * hundreds, read once per search across shards (shard-rows.server's `onceUnlisted`, decisions/0076).
 */
const READ_WHOLE = new Set(['hidden_pages'])

const NOT_ALIAS = new Set([
  'on',
  'where',
  'left',
  'cross',
  'inner',
  'join',
  'order',
  'group',
  'limit',
  'using',
  'natural',
])

/**
 * The stored table behind each name a plan prints: SQLite prints a table's alias (`SEARCH l USING
 * …`), so the aliases are read from the statement's FROM and JOIN clauses.
 */
export function namesOf(statement: string, tables: ReadonlySet<string>): Map<string, string> {
  const names = new Map<string, string>()
  for (const [, table, alias] of statement.matchAll(
    /\b(?:from|join)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi,
  )) {
    if (!table || !tables.has(table)) continue
    names.set(table, table)
    if (alias && !NOT_ALIAS.has(alias.toLowerCase()) && !names.has(alias)) names.set(alias, table)
  }
  return names
}

/** What no search statement may do, whatever the data: read a whole table or FTS index. */
export function planProblems(rows: PlanRow[], names: ReadonlyMap<string, string>): string[] {
  const problems: string[] = []
  for (const { detail } of rows) {
    const fts = FTS_SCAN.exec(detail)
    if (fts) {
      if (!/[M=]/.test(fts[3] ?? '')) problems.push(`every row of ${fts[1]}: ${detail}`)
      continue
    }
    const scan = TABLE_SCAN.exec(detail)
    const table = scan ? names.get(scan[1] as string) : undefined
    if (table && !READ_WHOLE.has(table)) problems.push(`full scan: ${detail}`)
  }
  return problems
}

/**
 * One line per statement, the lines sorted (parallel statements may be sent in either order):
 * the binding, then each stored table's access path and each temp B-tree, in plan order. A CTE's
 * or subquery's own scan says nothing about an index and is left out.
 */
export function planSummary(
  plans: { binding: string; rows: PlanRow[]; names: ReadonlyMap<string, string> }[],
): string[] {
  return plans
    .map(({ binding, rows, names }) => {
      const steps = rows.flatMap(({ detail }): string[] => {
        const fts = FTS_SCAN.exec(detail)
        if (fts) {
          const flags = Number(fts[2])
          // FTS5's idxNum: 0x20 ordered by rank, 0x40 by rowid, 0x80 descending.
          const order = flags & 0x40 ? (flags & 0x80 ? ' rowid desc' : ' rowid') : flags & 0x20 ? ' rank' : ''
          return [`${fts[1]} ${(fts[3] ?? '').replace(/\d+/g, '')}${order}`]
        }
        if (detail.startsWith('USE TEMP B-TREE')) return [detail.replace('USE ', '')]
        const access = /^(SEARCH|SCAN) (\w+)(?: AS \w+)?(?: USING (.*))?$/.exec(detail)
        const table = access ? names.get(access[2] as string) : undefined
        if (!access || !table) return []
        return [`${table} ${access[1] === 'SCAN' ? 'SCAN ' : ''}${access[3] ?? ''}`.trim()]
      })
      return `${binding}: ${steps.join(' · ')}`
    })
    .sort()
}
