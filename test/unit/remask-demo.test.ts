import { env } from 'cloudflare:test'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lawsuits, parties } from '~/db/schema-corpus'
import { remaskRuns, sensitiveListVersions } from '~/db/schema-privacy'
import { isInitials, isNaturalPerson } from '~/domain/privacy/initials'
import { generateCorpus } from '~/fixtures/corpus'
import { runCron } from './cron-helpers'
import { deps } from './helpers'

// Issue 30: the cron's `remask` step over the state `npm start` leaves (decisions/0064, 0071). The
// demo seed writes its rows straight into SQLite (scripts/seed.ts), not through the importers, so
// the first ticks mask hundreds of stored cases: a slice binds 200 lawsuits, more than the 100
// values D1 takes in one statement. Written here the way the seed writes them, then the real
// scheduled handler runs tick after tick until the walk is done. (Runs in a database of its own:
// the generated rows carry their own ids.)

async function seedDemo(scale: number) {
  for (const batch of generateCorpus({ seed: 20261121, scale })) {
    const columns = Object.keys(batch.rows[0] ?? {})
    if (!columns.length) continue
    const insert = `INSERT INTO ${batch.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
    const statements = batch.rows.map((row) =>
      env.DB.prepare(insert).bind(...columns.map((c) => (row as Record<string, unknown>)[c] ?? null)),
    )
    for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200))
  }
}

describe('the cron over the demo-seeded database', () => {
  it('walks the whole demo corpus tick after tick without a failed step, masking its sensitive cases', async () => {
    await seedDemo(1000)
    const db = deps().db
    const [list] = await db
      .select({ version: sensitiveListVersions.version })
      .from(sensitiveListVersions)
      .orderBy(desc(sensitiveListVersions.version))
      .limit(1)
    let phase = ''
    for (let i = 0; i < 12 && phase !== 'fim'; i++) {
      // A failed step fails the tick ("cron steps failed: remask").
      await runCron(Date.UTC(2026, 10, 26, 9, 5 * i))
      const [run] = await db
        .select()
        .from(remaskRuns)
        .where(eq(remaskRuns.version, list?.version ?? 0))
      phase = run?.phase ?? ''
    }
    expect(phase).toBe('fim')
    const sensitive = await db.select({ id: lawsuits.id }).from(lawsuits).where(eq(lawsuits.sensitive, 1))
    expect(sensitive.length).toBeGreaterThan(0)
    for (const { id } of sensitive.slice(0, 20)) {
      const rows = await db.select().from(parties).where(eq(parties.lawsuitId, id))
      for (const row of rows.filter((r) => isNaturalPerson(r)))
        expect(isInitials(row.name), row.name).toBe(true)
    }
  })
})
