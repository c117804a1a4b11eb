import { applyD1Migrations, env } from 'cloudflare:test'
import { exports } from 'cloudflare:workers'
import { expect } from 'vitest'
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
// a limit failed or passed by where the window fell). The address is computed when the request is
// made, from the running test's file and name (with a salt for the run). A test that sets the
// header keeps it.
//
// The patch goes on the Worker's loopback (`exports.default`), which `SELF` reads on every
// access: `SELF` is a Proxy over an empty object, so a `fetch` assigned to it was never called,
// and every request came as "local". Tests passed while no two spent one route's limit in the
// same minute; a full run failed the signup tests of `endpoint-schemas` whenever
// `post-probe` (every POST route, many times) ran in the same minute in the other worker.
const shared = globalThis as { __addressSalt?: number; __patchedLoopbacks?: WeakSet<object> }
shared.__addressSalt ??= crypto.getRandomValues(new Uint32Array(1))[0] ?? 0

/** 10.x.y.z from an FNV-1a hash of the running test's file and name. */
function testAddress(): string {
  const state = expect.getState()
  let hash = (0x811c9dc5 ^ (shared.__addressSalt ?? 0)) >>> 0
  for (const char of `${state.testPath ?? ''}|${state.currentTestName ?? ''}`) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return `10.${(hash >>> 16) & 0xff}.${(hash >>> 8) & 0xff}.${hash & 0xff || 1}`
}

// A WeakSet, not a flag on the stub: reading a property the stub lacks returns an RPC call.
const loopback = (exports as unknown as { default: { fetch: typeof fetch } }).default
shared.__patchedLoopbacks ??= new WeakSet()
if (!shared.__patchedLoopbacks.has(loopback)) {
  shared.__patchedLoopbacks.add(loopback)
  const original = loopback.fetch.bind(loopback)
  loopback.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    if (!request.headers.has('cf-connecting-ip')) request.headers.set('cf-connecting-ip', testAddress())
    return original(request)
  }) as typeof fetch
}

// Each runtime hands out its own range of account ids: the rate limiters outlive a runtime's
// database (see above), and per-account limits are keyed by the id (`conta:<id>`), so two
// runtimes' users with the same id spent one counter (a fresh-clone run saw 429 on a first
// guess). Set once, while the table has never had a row.
const idBase = 1_000 + ((shared.__addressSalt ?? 0) % 100_000) * 1_000
await env.DB.prepare(
  `INSERT INTO sqlite_sequence (name, seq) SELECT 'users', ?1
   WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'users') AND NOT EXISTS (SELECT 1 FROM users)`,
)
  .bind(idBase)
  .run()
