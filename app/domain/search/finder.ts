import type { FtsAttach, FtsFound, FtsOptions, FtsTable } from './fts.server'

/**
 * How a category's FTS searches are run: `ftsSearch` on one database, or the same search over
 * several shard databases (shard-search.server.ts, decisions/0076). The plans do not know which.
 */
export type Finder = <Row extends object>(
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  attach: FtsAttach,
) => Promise<FtsFound<Row>>

/** What a page adds to its category's searches: the filters' clauses, the order, the cursor's key. */
export type Refine = Pick<FtsOptions, 'clauses' | 'order' | 'after'>
