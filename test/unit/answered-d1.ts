// A D1 binding that reports how many rows each answer held: what a test reads to tell a count
// from a page of rows (decisions/0086, 0108), with the statements run by the real binding.

/**
 * A binding whose every answer's row count is reported (`all` and `raw`, as Drizzle reads). The
 * statement runs when asked; a report that returns a promise holds the answer until it settles
 * (a shard slower than the others, decisions/0114).
 */
export function answered(d1: D1Database, report: (rows: number) => unknown): D1Database {
  const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
    ({
      inner,
      bind: (...values: unknown[]) => statement(inner.bind(...values)),
      all: async () => {
        const result = await inner.all()
        await report(result.results.length)
        return result
      },
      raw: async (options?: { columnNames: true }) => {
        const rows = await inner.raw(options as { columnNames: true })
        await report(rows.length)
        return rows
      },
      first: (column?: string) => inner.first(column as string),
      run: () => inner.run(),
    }) as unknown as D1PreparedStatement
  return {
    prepare: (query: string) => statement(d1.prepare(query)),
    batch: (statements: (D1PreparedStatement & { inner?: D1PreparedStatement })[]) =>
      d1.batch(statements.map((s) => s.inner ?? s)),
  } as unknown as D1Database
}
