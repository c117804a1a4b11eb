import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { remaskRuns } from '~/db/schema-privacy'
import { remaskAll } from '~/domain/corpus/masking/remask.server'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { type Corpus, singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { generateCorpus } from '~/fixtures/corpus'
import { createPlacer } from '~/fixtures/corpus/place'
import { deps } from './helpers'
import { forgetSpread, publishSpread } from './spread-map'

// decisions/0081, the class closed: the demo corpus written as `npm run seed` writes it, once in
// the primary alone (the degenerate map) and once spread over the four corpus databases, then
// the re-mask walk over each. Both must mask the same pages by address (the purged lawsuit and
// person scopes) and leave the same stored state. Before the privacy work was routed the seed
// walked each database alone and masked 177 pages of the spread demo against 372 on one database.
// The two copies do not meet: the spread map names no primary entry, and the single run is given
// the primary as its whole corpus. (Runs in a database of its own: it publishes a map.)

const SCALE = 1000
const SEED = 20261121
const d1 = (binding: string) => (env as unknown as Record<string, D1Database>)[binding] as D1Database

/** The demo corpus placed by `map` (scripts/seed.ts's way: generator, placer, plain inserts). */
async function seedDemo(map: ShardMap) {
  const place = createPlacer(map)
  for (const batch of generateCorpus({ seed: SEED, scale: SCALE }))
    for (const placed of place(batch)) {
      const columns = Object.keys(placed.rows[0] ?? {})
      if (!columns.length) continue
      const insert = `INSERT OR IGNORE INTO ${placed.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
      const db = d1(placed.binding)
      const statements = placed.rows.map((row) =>
        db.prepare(insert).bind(...columns.map((c) => (row as Record<string, unknown>)[c] ?? null)),
      )
      for (let i = 0; i < statements.length; i += 200) await db.batch(statements.slice(i, i + 200))
    }
}

/** A KV that keeps what was purged (the scopes' version keys), for the walk's purges. */
function recordingKv() {
  const purged = new Set<string>()
  const kv = {
    put: async (key: string) => {
      purged.add(key)
    },
    get: async () => null,
    delete: async () => undefined,
  } as unknown as KVNamespace
  return { kv, purged }
}

/** The walk for the list in force, from the start, over `corpus`; answers the scopes it purged. */
async function walk(corpus: Corpus) {
  const primary = createDb(env.DB)
  await primary.delete(remaskRuns)
  const { kv, purged } = recordingKv()
  await remaskAll({ db: primary, corpus, pageVersions: kv }, 200)
  return [...purged].filter((key) => key !== 'v:corpus').sort()
}

/** What a reader can see of the stored state, by address (ids differ between the two placements). */
async function state(dbs: { lawsuits: Database; gazettes: Database; people: Database; law: Database }) {
  const list = async (db: Database, query: ReturnType<typeof sql>) =>
    (await db.all<{ key: string }>(query)).map((r) => r.key).sort()
  return {
    sensitiveLawsuits: await list(dbs.lawsuits, sql`SELECT cnj AS key FROM lawsuits WHERE sensitive = 1`),
    partyNames: await list(
      dbs.lawsuits,
      sql`SELECT l.cnj || '|' || p.pole || '|' || p.name AS key FROM parties p JOIN lawsuits l ON l.id = p.lawsuit_id`,
    ),
    maskedMaterias: await list(
      dbs.gazettes,
      sql`SELECT a.external_id || '|' || a.title || '|' || a.body AS key FROM gazette_articles a WHERE a.masked = 1`,
    ),
    people: await list(dbs.people, sql`SELECT slug AS key FROM people`),
    maskedDecisions: await list(
      dbs.law,
      sql`SELECT d.external_id || '|' || d.summary AS key FROM decisions d JOIN masked_decisions m ON m.decision_id = d.id`,
    ),
  }
}

describe('the demo seed masks the same pages on one database and on a spread map (decisions/0081)', () => {
  afterAll(forgetSpread)

  it('the same purged addresses and the same stored state, page for page', async () => {
    const primary = createDb(env.DB)
    // One database: the degenerate map, every row in the primary.
    await seedDemo({
      version: 0,
      entries: [{ shard: 0, family: '*', from: '', to: '~', idFrom: 0, idTo: SHARD_SPAN, binding: 'DB' }],
    })
    const single = await walk(singleDatabaseCorpus(primary))

    // The spread map, published as the product reads it.
    const map = await publishSpread()
    await seedDemo(map)
    const spread = await walk(deps().corpus)

    expect(single.length).toBeGreaterThan(20)
    expect(single.some((key) => key.startsWith('v:pessoa:'))).toBe(true)
    expect(spread).toEqual(single)
    const one = { lawsuits: primary, gazettes: primary, people: primary, law: primary }
    const apart = {
      lawsuits: createDb(env.CORPUS_2),
      gazettes: createDb(env.CORPUS_1),
      people: createDb(env.CORPUS_4),
      law: createDb(env.CORPUS_3),
    }
    const [before, after] = [await state(one), await state(apart)]
    expect(before.sensitiveLawsuits.length).toBeGreaterThan(0)
    expect(before.maskedMaterias.length).toBeGreaterThan(0)
    expect(after).toEqual(before)
    // The walk is done for the list in force in the primary's record.
    const [run] = await primary.select().from(remaskRuns).where(eq(remaskRuns.phase, 'fim'))
    expect(run).toBeTruthy()
  }, 300_000)
})
