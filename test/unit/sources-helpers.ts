import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { sourceJobs } from '~/db/schema-sources'
import { type EngineDeps, RetryLater, runSourcePage } from '~/domain/sources/engine.server'
import type { Clock } from '~/domain/sources/polite-fetch'
import { sourcePageMessage } from '~/domain/sources/sources-messages'
import { loadRecorded } from '~/fixtures/sources/datajud-standin'
import { deps, postJson } from './helpers'
import { recordingQueue } from './recording-queue'
import { sharedFile } from './shared-data'

/** The recorded DataJud answers of ../shared/data, in the stand-in's store (as the seed does). */
export async function loadDatajudRecordings() {
  if (!env.DEV_STANDINS) throw new Error('DEV_STANDINS ausente')
  await loadRecorded(env.DEV_STANDINS, sharedFile('datajud/tjdft_precatorios_137hits.json'))
  await loadRecorded(env.DEV_STANDINS, sharedFile('datajud/tjac_execucao_fazenda_1hit.json'))
  await postJson('/__dev/datajud/falhas', { falhas: [] })
}

/** The real Worker answers the engine's requests: its stand-in at DATAJUD_URL. */
export const viaWorker = (request: Request) => SELF.fetch(request)

/** Waits asked of the clock, kept instead of waited: the 429's Retry-After and the backoffs. */
export function recordingClock() {
  const waits: number[] = []
  const clock: Clock = {
    now: () => Date.now(),
    sleep: async (ms) => {
      waits.push(ms)
    },
    random: () => 0.5,
  }
  return { clock, waits }
}

/** The engine's deps with a queue the test delivers itself (the real consumer would race it). */
export function engineDeps() {
  const queue = recordingQueue()
  const d: EngineDeps & ReturnType<typeof deps> = { ...deps(), sourcesQueue: queue.queue }
  return { deps: d, queue }
}

/**
 * Delivers every queued page as the SOURCES consumer would, a failed page again (the queue's
 * redelivery) until the job is done or dead. Returns each delivery's outcome.
 */
export async function drain(
  d: EngineDeps,
  queue: ReturnType<typeof recordingQueue>,
  options: Parameters<typeof runSourcePage>[3] = {},
) {
  // The stand-in is this machine: no reason to wait the real sources' spacing between pages.
  const manners = { perMinute: 60_000, ...options.manners }
  const outcomes: string[] = []
  for (let guard = 0; guard < 200 && queue.sent.length; guard++) {
    const message = sourcePageMessage.parse(queue.sent.shift())
    queue.delays.shift()
    try {
      outcomes.push((await runSourcePage(d, viaWorker, message, { ...options, manners })).kind)
    } catch (error) {
      if (!(error instanceof RetryLater)) throw error
      outcomes.push(`retry:${error.delaySeconds}`)
      queue.sent.push(message)
      queue.delays.push(error.delaySeconds)
    }
  }
  return outcomes
}

export async function jobOf(id: number) {
  const [job] = await deps().db.select().from(sourceJobs).where(eq(sourceJobs.id, id))
  return job
}
