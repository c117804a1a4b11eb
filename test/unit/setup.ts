import { applyD1Migrations, env, SELF } from 'cloudflare:test'
import { beforeEach, expect } from 'vitest'
import { WITHOUT_CORPUS_SHARDS } from './own-database.mjs'

// The same SQL files `wrangler d1 migrations apply` runs, on the primary and on every corpus
// shard (decisions/0072); idempotent across test files. A file run apart that never touches a
// shard migrates the primary only (own-database.mjs, decisions/0079).
const path = expect.getState().testPath ?? ''
const lean = WITHOUT_CORPUS_SHARDS.some((file) => path.endsWith(`/${file}`))
for (const database of lean ? [env.DB] : [env.DB, env.CORPUS_1, env.CORPUS_2, env.CORPUS_3, env.CORPUS_4])
  await applyD1Migrations(database, env.TEST_MIGRATIONS)

// Files share one runtime (decisions/0068), and so its rate limits: a request without an address
// gets its test's own, as if each test were another visitor (the Worker keys per-address limits
// on `cf-connecting-ip`; limits count in fixed 60 s windows, so a file whose tests together spent
// a limit failed or passed by where the window fell). A test that sets the header keeps it.
type Patched = { __fileAddress?: string; __fetchPatched?: boolean }
const shared = globalThis as Patched
const byte = () => Math.floor(Math.random() * 254) + 1
const visitor = () => {
  shared.__fileAddress = `10.${byte()}.${byte()}.${byte()}`
}
visitor()
beforeEach(visitor)
if (!shared.__fetchPatched) {
  shared.__fetchPatched = true
  const original = SELF.fetch.bind(SELF)
  SELF.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    if (!request.headers.has('cf-connecting-ip') && shared.__fileAddress)
      request.headers.set('cf-connecting-ip', shared.__fileAddress)
    return original(request)
  }) as typeof SELF.fetch
}
