import type { SQL } from 'drizzle-orm'

// The FTS tables and the shapes of a hit: what both the ranked search (fts.server.ts) and the
// newest-first walk (newest.server.ts) read, kept below both so neither imports the other's types.

/** Where a row's date comes from, for newest-first sorting (newest.server.ts). */
export type DateSpec = { table: string; join?: string; column: string; range: string }

export type TableSpec = {
  columns: readonly string[]
  /**
   * Where a row's date comes from, for newest-first sorting: the table itself as `t`, plus an
   * optional join for a date kept elsewhere (a party's lawsuit, a provision's statute).
   */
  date: DateSpec | null
}

export const FTS_TABLES = {
  gazette_articles: {
    columns: ['title', 'body'],
    date: { table: 'gazette_articles t', column: 't.date', range: 'gazette_articles' },
  },
  decisions: {
    columns: ['class_name', 'number', 'summary'],
    date: { table: 'decisions t', column: 't.published_at', range: 'decisions' },
  },
  statutes: {
    columns: ['title', 'summary'],
    date: { table: 'statutes t', column: 't.date', range: 'statutes' },
  },
  provisions: {
    columns: ['text'],
    date: {
      table: 'provisions t',
      join: 'CROSS JOIN statutes s ON s.id = t.statute_id',
      column: 's.date',
      range: 'statutes',
    },
  },
  people: { columns: ['name'], date: null },
  companies: { columns: ['legal_name', 'trade_name'], date: null },
  parties: {
    columns: ['name'],
    date: {
      table: 'parties t',
      join: 'CROSS JOIN lawsuits l ON l.id = t.lawsuit_id',
      column: 'l.filed_at',
      range: 'lawsuits',
    },
  },
} as const satisfies Record<string, TableSpec>

export type FtsTable = keyof typeof FTS_TABLES
export type FtsHit = { id: number; snippet: string | null }
/**
 * Columns to read with each hit in the same statement (one D1 round trip instead of two: ADR
 * 0039). `join` joins onto the CTE `hit` by `hit.id` with LEFT JOINs, so a hit whose row is gone
 * comes back with NULLs; `select` starts with a comma.
 */
export type FtsAttach = { select: SQL; join: SQL }
