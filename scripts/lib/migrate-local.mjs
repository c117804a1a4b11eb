// The D1 migrations applied to every local database (the primary and the corpus shards,
// decisions/0072) in one process: one local platform start for all of them, where
// `wrangler d1 migrations apply --local` starts one per database (3 min 22 s for five on a
// fresh state here, decisions/0079). It records each file in `d1_migrations` exactly as wrangler
// does (the same table, the same names), so `wrangler d1 migrations list --local` and a later
// `wrangler d1 migrations apply --local` see the same history; each migration and its record go
// in one batch, as the Workers tests apply them (`applyD1Migrations`).
import { readD1Migrations } from '@cloudflare/vitest-plugin'
import { getPlatformProxy } from 'wrangler'
import { DATABASES } from './databases.mjs'

const TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`

/** Applies what each database lacks; returns the names applied per binding. */
export async function migrateLocal(persistTo, { log = console.log } = {}) {
  const migrations = await readD1Migrations('migrations')
  const { env, dispose } = await getPlatformProxy({ persist: { path: `${persistTo}/v3` } })
  const applied = {}
  try {
    for (const binding of DATABASES) {
      const db = env[binding]
      if (!db) throw new Error(`wrangler.toml não declara o banco ${binding}.`)
      await db.prepare(TABLE).run()
      const done = new Set(
        (await db.prepare('SELECT name FROM d1_migrations').all()).results.map((row) => row.name),
      )
      applied[binding] = []
      for (const migration of migrations) {
        if (done.has(migration.name)) continue
        await db.batch([
          ...migration.queries.map((query) => db.prepare(query)),
          db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name),
        ])
        applied[binding].push(migration.name)
      }
      log(
        applied[binding].length
          ? `${binding}: ${applied[binding].length} migração(ões) aplicada(s), até ${applied[binding].at(-1)}`
          : `${binding}: nenhuma migração pendente`,
      )
    }
  } finally {
    await dispose()
  }
  return applied
}
