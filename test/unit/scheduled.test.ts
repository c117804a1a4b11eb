import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobRuns } from '~/db/schema'
import { CRON_STEPS, runCronSteps } from '../../workers/cron/scheduled'
import { runCron } from './cron-helpers'
import { createUser, deps, eventually, postJson } from './helpers'

async function suggestions(termo: string) {
  return (await (await postJson('/api/v2/busca/sugestoes', { termo })).json()) as string[]
}

describe('cron trigger', () => {
  it('rebuilds the search suggestions in KV: a new name becomes suggestible', async () => {
    await createUser({ name: 'Zuleica Ávila Teixeira' })
    expect(await suggestions('zule')).toEqual([])

    await runCron(Date.UTC(2026, 10, 1, 12, 0))

    // Case and accents do not matter; every suggestion starts with what was typed.
    expect(await suggestions('ZULÉ')).toEqual(['Zuleica Ávila Teixeira'])
    expect(await suggestions('zuleica avila')).toEqual(['Zuleica Ávila Teixeira'])
    expect(await suggestions('zu')).toEqual([]) // below the 3-character minimum
    expect(await suggestions('teixeira')).toEqual([])
  })

  it('hands each time window to the monitoring queue exactly once, and the consumer records it', async () => {
    const first = Date.UTC(2026, 10, 2, 8, 0)
    const second = first + 5 * 60 * 1000
    await runCron(first)
    await runCron(first) // a repeated invocation for the same tick
    await runCron(second)
    const db = deps().db
    const plans = await db.select().from(jobRuns).where(eq(jobRuns.job, 'monitoring-plan'))
    expect(plans.filter((p) => p.details?.to === first)).toHaveLength(1)
    // Each window starts where the previous one ended: nothing published in between is skipped.
    expect(plans.filter((p) => p.details?.to === second).map((p) => p.details)).toEqual([
      { from: first, to: second },
    ])
    // The MONITORING consumer ran for the second window (delivered through the real queue).
    const sweep = await eventually(async () => {
      const rows = await db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.windowKey, `${first}-${second}`))
      return rows[0] ?? null
    })
    expect(sweep.job).toBe('monitoring-sweep')
  })

  it('runs every step of a tick even when one fails, and the tick still reports the failure', async () => {
    const time = Date.UTC(2031, 2, 20, 12, 0)
    const steps = CRON_STEPS.map(([name, run]): (typeof CRON_STEPS)[number] =>
      name === 'suggestions'
        ? [
            name,
            async () => {
              throw new Error('KV indisponível')
            },
          ]
        : [name, run],
    )
    await expect(runCronSteps(deps(), time, steps)).rejects.toThrow('cron steps failed: suggestions')
    // The monitoring window of that tick was still handed to the queue (and recorded).
    const plans = await deps()
      .db.select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'monitoring-plan'), eq(jobRuns.windowKey, String(time))))
    expect(plans).toHaveLength(1)
  })
})
