import { applyD1Migrations, env } from 'cloudflare:test'

// The same SQL files `wrangler d1 migrations apply` runs; idempotent across test files.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
