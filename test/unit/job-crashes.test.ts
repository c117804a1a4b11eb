import { env } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { failedJobs, jobRuns, notifications } from '~/db/schema'
import { webhookOutbox, webhooks } from '~/db/schema-monitoring'
import type { Deps } from '~/deps.server'
import type { MailMessage } from '~/domain/mail/mail.server'
import { readMailbox } from '~/domain/mail/mail.server'
import { planMonitoringSweep, runMonitoringSweep } from '~/domain/monitoring/sweep.server'
import {
  attemptDelivery,
  createDelivery,
  planWebhookRetries,
} from '~/domain/monitoring/webhook-delivery.server'
import { planDailyDigest, runDigestPage } from '~/domain/notifications/digest.server'
import {
  deliverNotification,
  PENDING_QUEUE,
  resendPending,
} from '~/domain/notifications/notifications.server'
import type { NotificationsQueueMessage } from '~/domain/notifications/notifications-messages'
import { createUser, deps, eventually } from './helpers'
import { recordingQueue } from './recording-queue'

/**
 * Every job (cron step or queue consumer) records its work only after the work succeeded
 * (decisions/0053). Each test kills a job between its start and the end of its work: the
 * dependency it waits on never answers, as when the Worker is evicted or runs out of time, so no
 * `catch` or `finally` of the job runs. The next run (the next tick, or the queue's redelivery)
 * must then do the work.
 */

type Killed = { reached: boolean }
/** A dependency call that never returns, after noting that the job got that far. */
const hang = (killed: Killed) => () => {
  killed.reached = true
  return new Promise<never>(() => {})
}
/** Starts the job and abandons it once it is stuck in the dependency, as a dead Worker would. */
async function killWhileWaiting(job: () => Promise<unknown>, killed: Killed) {
  void job()
  await eventually(async () => killed.reached)
}

function hangingQueue(killed: Killed) {
  return { send: hang(killed), sendBatch: hang(killed) } as unknown as Queue
}

const db = () => deps().db
const confirmed = (name: string) => createUser({ name, emailConfirmedAt: Date.now() })
const mailsTo = (email: string) => readMailbox(env.SESSIONS, email)
/** Fixed far-away days, so no other test's plan of the same day is in the way. */
const at = (iso: string) => Date.parse(iso)

describe('a job killed between its start and its work is redone by the next run', () => {
  it('the daily digest: a tick that dies sending the first page leaves the day for the next tick', async () => {
    const killed = { reached: false }
    const ten = at('2031-03-14T13:00:00Z') // 10:00 in Brasília
    await killWhileWaiting(
      () => planDailyDigest({ db: db(), notificationsQueue: hangingQueue(killed) }, ten),
      killed,
    )
    const next = recordingQueue()
    expect(await planDailyDigest({ db: db(), notificationsQueue: next.queue }, ten + 5 * 60_000)).toBe(true)
    expect(next.sent).toEqual([
      { type: 'digest-page', day: '2031-03-14', after: 0, dedupeKey: 'resumo:2031-03-14:0' },
    ])
    // Recorded now: a third tick starts nothing.
    const third = recordingQueue()
    expect(await planDailyDigest({ db: db(), notificationsQueue: third.queue }, ten + 10 * 60_000)).toBe(
      false,
    )
    expect(third.sent).toEqual([])
  })

  it('a digest page that dies mid-mailing is walked again, and nobody gets it twice', async () => {
    const people = [
      await confirmed('Resumo Um'),
      await confirmed('Resumo Dois'),
      await confirmed('Resumo Três'),
    ]
    await db()
      .insert(notifications)
      .values(
        people.map((p) => ({
          userId: p.id,
          kind: 'seguidor',
          title: 'Alguém começou a seguir você',
          dedupeKey: `queda-resumo:${p.id}`,
        })),
      )
    const message = {
      type: 'digest-page' as const,
      day: '2031-03-15',
      after: (people[0]?.id ?? 1) - 1,
      dedupeKey: 'queda-resumo',
    }
    // The second e-mail never leaves: the first went out and its rows were marked.
    const killed = { reached: false }
    let sends = 0
    const real = deps()
    const dying: Deps = {
      ...real,
      notificationsQueue: recordingQueue().queue,
      mailer: {
        send: (mail: MailMessage) => (++sends === 2 ? hang(killed)() : real.mailer.send(mail)),
      },
    }
    await killWhileWaiting(() => runDigestPage(dying, message), killed)
    const redelivered = await runDigestPage({ ...real, notificationsQueue: recordingQueue().queue }, message)
    expect(redelivered.ran).toBe(true)
    for (const person of people) expect(await mailsTo(person.email)).toHaveLength(1)
  })

  it('the monitoring plan: a tick that dies sending its window is covered by the next window', async () => {
    const base = at('2031-03-16T12:00:00Z')
    const first = recordingQueue()
    await planMonitoringSweep({ db: db(), monitoringQueue: first.queue }, base)
    const killed = { reached: false }
    await killWhileWaiting(
      () => planMonitoringSweep({ db: db(), monitoringQueue: hangingQueue(killed) }, base + 5 * 60_000),
      killed,
    )
    const next = recordingQueue()
    await planMonitoringSweep({ db: db(), monitoringQueue: next.queue }, base + 10 * 60_000)
    // The window starts where the last recorded one ended: the dead tick's five minutes are in it.
    expect(next.sent).toEqual([{ type: 'sweep', from: base, to: base + 10 * 60_000 }])
  })

  it('the monitoring sweep: a consumer that dies checking leaves its window open for the redelivery', async () => {
    const window = {
      type: 'sweep' as const,
      from: at('2031-03-17T12:00:00Z'),
      to: at('2031-03-17T12:05:00Z'),
    }
    const killed = { reached: false }
    await killWhileWaiting(() => runMonitoringSweep({ db: db() }, window, hang(killed)), killed)
    let checked = 0
    const again = await runMonitoringSweep({ db: db() }, window, async () => {
      checked++
      return { monitoringsChecked: 1 }
    })
    expect(again.ran).toBe(true)
    expect(checked).toBe(1)
    const rows = await db()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'monitoring-sweep'), eq(jobRuns.windowKey, `${window.from}-${window.to}`)))
    expect(rows).toHaveLength(1)
  })

  it('a webhook sender that dies after claiming its delivery loses the claim when the lease ends', async () => {
    const user = await createUser()
    await db()
      .insert(webhooks)
      .values({ userId: user.id, url: 'https://recebedor.exemplo.com.br/gancho', secret: 'segredo-de-teste' })
    let now = Date.now()
    const clock = { db: db(), now: () => new Date(now), monitoringQueue: recordingQueue().queue }
    const id = await createDelivery(clock, {
      userId: user.id,
      deliveryKey: `queda-${user.id}`,
      event: 'ocorrencia',
      hitId: null,
      payload: { evento: 'ocorrencia' },
    })
    if (id === null) throw new Error('delivery not created')
    const killed = { reached: false }
    await killWhileWaiting(() => attemptDelivery(clock, hang(killed), id), killed)
    // While the lease holds, nobody else sends it.
    expect(await attemptDelivery(clock, async () => new Response('ok'), id)).toEqual({
      sent: false,
      reason: 'not-claimed',
    })
    now += 3 * 60_000
    const cron = recordingQueue()
    await planWebhookRetries({ ...clock, monitoringQueue: cron.queue })
    expect(cron.sent).toContainEqual({ type: 'webhook-delivery', deliveryId: id })
    const calls: Request[] = []
    const delivered = await attemptDelivery(
      clock,
      async (request) => {
        calls.push(request)
        return new Response('ok')
      },
      id,
    )
    expect(delivered).toMatchObject({ sent: true, state: 'entregue' })
    expect(calls.map((r) => r.headers.get('X-Entrega'))).toEqual([`queda-${user.id}`])
    const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
    expect(row?.state).toBe('entregue')
  })

  it('a "Na hora" e-mail whose sender dies is sent by the redelivered message, once', async () => {
    const person = await confirmed('Aviso Na Hora')
    const message = {
      type: 'notify' as const,
      userId: person.id,
      kind: 'comentario',
      title: 'Alguém comentou no seu artigo',
      url: '/artigos',
      dedupeKey: `queda-aviso:${person.id}`,
    }
    const killed = { reached: false }
    const real = deps()
    await killWhileWaiting(
      () => deliverNotification({ ...real, mailer: { send: hang(killed) } }, message, env.BASE_DOMAIN),
      killed,
    )
    await deliverNotification(real, message, env.BASE_DOMAIN)
    await deliverNotification(real, message, env.BASE_DOMAIN) // and once more: nothing new
    const mails = await mailsTo(person.email)
    expect(mails.map((m) => m.subject)).toEqual(['Alguém comentou no seu artigo'])
  })

  it('a notification the queue refused stays kept until a cron tick really sent it', async () => {
    const person = await createUser()
    const body: NotificationsQueueMessage = {
      type: 'notify',
      userId: person.id,
      kind: 'seguidor',
      title: 'Guardada para depois',
      dedupeKey: `queda-pendente:${person.id}`,
    }
    const messageId = `pendente:${body.dedupeKey}`
    await db()
      .insert(failedJobs)
      .values({ queue: PENDING_QUEUE, messageId, body: JSON.stringify(body), attempts: 0 })
    const kept = () => db().select().from(failedJobs).where(eq(failedJobs.messageId, messageId))
    const killed = { reached: false }
    await killWhileWaiting(
      () => resendPending({ db: db(), notificationsQueue: hangingQueue(killed) }),
      killed,
    )
    expect(await kept()).toHaveLength(1)
    const next = recordingQueue()
    await resendPending({ db: db(), notificationsQueue: next.queue })
    expect(next.sent).toContainEqual(body)
    expect(await kept()).toEqual([])
  })
})
