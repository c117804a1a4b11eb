import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { failedJobs } from '~/db/schema'
import { webhooks } from '~/db/schema-monitoring'
import {
  monitoringBatch,
  monitoringMessage,
  monitoringQueueMessage,
} from '~/domain/monitoring/monitoring-messages'
import { planMonitoringSweep } from '~/domain/monitoring/sweep.server'
import { createDelivery, planWebhookRetries } from '~/domain/monitoring/webhook-delivery.server'
import { planDailyDigest } from '~/domain/notifications/digest.server'
import { notificationsBatch, notificationsQueueMessage } from '~/domain/notifications/notifications-messages'
import worker from '../../workers/app'
import { createUser, deps } from './helpers'
import { recordingQueue } from './recording-queue'

/**
 * Each queue has one message schema, beside the use-cases its consumer calls (decisions/0061):
 * producers send through it and the consumer parses every message with it.
 */
const db = () => deps().db
/** Fixed far-away days, so no other test's window or digest of the same time is in the way. */
const at = (iso: string) => Date.parse(iso)

describe('one message schema per queue', () => {
  it('what the cron and the webhook retries put on MONITORING parses with its schema', async () => {
    const sweep = recordingQueue()
    await planMonitoringSweep({ db: db(), monitoringQueue: sweep.queue }, at('2034-05-02T12:00:00Z'))
    expect(sweep.sent).toHaveLength(1)

    const user = await createUser()
    await db()
      .insert(webhooks)
      .values({ userId: user.id, url: 'https://recebedor.exemplo.com.br/gancho', secret: 'segredo-de-teste' })
    const later = Date.now() + 60 * 60_000
    const clock = { db: db(), now: () => new Date(later), monitoringQueue: recordingQueue().queue }
    const id = await createDelivery(clock, {
      userId: user.id,
      deliveryKey: `esquema-${user.id}`,
      event: 'ocorrencia',
      hitId: null,
      payload: { evento: 'ocorrencia' },
    })
    const retries = recordingQueue()
    await planWebhookRetries({ ...clock, monitoringQueue: retries.queue })
    expect(retries.sent).toContainEqual({ type: 'webhook-delivery', deliveryId: id })

    for (const body of [...sweep.sent, ...retries.sent])
      expect(monitoringQueueMessage.safeParse(body).success, JSON.stringify(body)).toBe(true)
  })

  it('what the daily digest puts on NOTIFICATIONS parses with its schema', async () => {
    const digest = recordingQueue()
    expect(
      await planDailyDigest({ db: db(), notificationsQueue: digest.queue }, at('2034-05-03T13:00:00Z')),
    ).toBe(true)
    expect(digest.sent).toHaveLength(1)
    for (const body of digest.sent)
      expect(notificationsQueueMessage.safeParse(body).success, JSON.stringify(body)).toBe(true)
  })

  it('a producer refuses a message its consumer would refuse, before anything is sent', () => {
    expect(() => monitoringMessage({ type: 'webhook-delivery', deliveryId: 0 })).toThrow()
    expect(() => monitoringBatch([{ type: 'sweep', from: 10, to: -1 }])).toThrow()
    expect(() =>
      notificationsBatch([
        {
          type: 'notify',
          userId: 1,
          kind: 'teste',
          title: 'Olá',
          url: 'javascript:alert(1)',
          dedupeKey: 'esquema:link',
        },
      ]),
    ).toThrow()
    expect(monitoringBatch([{ type: 'webhook', hitId: 7 }])).toEqual([
      { body: { type: 'webhook', hitId: 7 }, contentType: 'json' },
    ])
  })

  it("each consumer keeps a message of the other queue's schema in failed_jobs and acks it", async () => {
    const sweep = { type: 'sweep', from: 0, to: 1 }
    const notify = { type: 'notify', userId: 1, kind: 'teste', title: 'Olá', dedupeKey: 'esquema:fila' }
    for (const [queue, id, body] of [
      ['notificacoes', 'm-sweep-on-notifications', sweep],
      ['monitoramento', 'm-notify-on-monitoring', notify],
    ] as const) {
      const batch = createMessageBatch(queue, [{ id, timestamp: new Date(), attempts: 1, body }])
      const ctx = createExecutionContext()
      await worker.queue(batch, env, ctx)
      const result = await getQueueResult(batch, ctx)
      expect(result.explicitAcks).toEqual([id])
      expect(result.retryMessages).toEqual([])
      const [row] = await db().select().from(failedJobs).where(eq(failedJobs.messageId, id))
      expect(row?.queue).toBe(queue)
    }
  })
})
