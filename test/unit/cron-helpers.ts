import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import worker from '../../workers/app'

/** One tick of the real cron trigger (every step of workers/cron/scheduled.ts), waited to its end. */
export async function runCron(scheduledTime = Date.now()) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime, cron: '*/5 * * * *' }), env, ctx)
  await waitOnExecutionContext(ctx)
}
