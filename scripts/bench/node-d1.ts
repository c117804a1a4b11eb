import type { DatabaseSync, SQLInputValue } from 'node:sqlite'

/**
 * The slice of the D1 API that drizzle-orm/d1 uses, over a node:sqlite handle. It lets the bench
 * run the app's own search functions (so the very same SQL and parameters) in-process on the
 * SQLite file workerd uses, to compare against the same search through HTTP and D1.
 */
class Statement {
  constructor(
    private readonly db: DatabaseSync,
    private readonly query: string,
    private readonly params: SQLInputValue[] = [],
  ) {}
  bind(...params: unknown[]) {
    return new Statement(this.db, this.query, params as SQLInputValue[])
  }
  async all() {
    return { results: this.db.prepare(this.query).all(...this.params), success: true, meta: {} }
  }
  async raw() {
    const statement = this.db.prepare(this.query)
    statement.setReturnArrays(true)
    return statement.all(...this.params)
  }
  async first(column?: string) {
    const row = this.db.prepare(this.query).get(...this.params) as Record<string, unknown> | undefined
    if (!row) return null
    return column ? row[column] : row
  }
  async run() {
    const result = this.db.prepare(this.query).run(...this.params)
    return {
      success: true,
      meta: { changes: result.changes, last_row_id: result.lastInsertRowid },
      results: [],
    }
  }
}

export function nodeD1(db: DatabaseSync): D1Database {
  const shim = {
    prepare: (query: string) => new Statement(db, query),
    batch: async (statements: Statement[]) => Promise.all(statements.map((s) => s.all())),
    exec: async (query: string) => {
      db.exec(query)
      return { count: 0, duration: 0 }
    },
    // The D1 Sessions API the app reads through (decisions/0035): one file, so no bookmarks.
    withSession: () => ({ prepare: shim.prepare, batch: shim.batch, getBookmark: () => null }),
  }
  return shim as unknown as D1Database
}

/** An in-memory KV for the filter-option cache (KV is not what the bench measures). */
export function memoryKv(): KVNamespace {
  const store = new Map<string, string>()
  const kv = {
    get: async (key: string, type?: string) => {
      const value = store.get(key)
      if (value === undefined) return null
      return type === 'json' ? JSON.parse(value) : value
    },
    put: async (key: string, value: string) => {
      store.set(key, value)
    },
    delete: async (key: string) => {
      store.delete(key)
    },
  }
  return kv as unknown as KVNamespace
}
