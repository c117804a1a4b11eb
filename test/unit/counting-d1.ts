/**
 * A D1 binding whose statements report how many rows they touched: `read` counts D1's
 * `rows_read` (what a statement walked), `returned` the rows it gave back. `raw()` has no meta and
 * always counts its rows. Used by the shard tests that check a page reads a page, not everything.
 */
export function countingD1(
  d1: D1Database,
  add: (n: number) => void,
  measure: 'read' | 'returned',
): D1Database {
  const counted = (result: D1Result) =>
    measure === 'read' ? (result.meta?.rows_read ?? 0) : (result.results?.length ?? 0)
  const originals = new WeakMap<object, D1PreparedStatement>()
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, name) {
        if (name === 'bind') return (...values: unknown[]) => wrap(target.bind(...values))
        if (name === 'all')
          return async () => {
            const result = await target.all()
            add(counted(result))
            return result
          }
        if (name === 'raw')
          return async (options?: { columnNames?: boolean }) => {
            const result = (await target.raw(options as { columnNames: true })) as unknown[]
            add(result.length)
            return result
          }
        const value = Reflect.get(target, name, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    originals.set(wrapped, statement)
    return wrapped
  }
  return new Proxy(d1, {
    get(target, name) {
      if (name === 'prepare') return (query: string) => wrap(target.prepare(query))
      if (name === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((st) => originals.get(st) ?? st))
          for (const result of results) add(counted(result))
          return results
        }
      const value = Reflect.get(target, name, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
