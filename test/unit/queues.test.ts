import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { failedJobs, notifications } from '~/db/schema'
import worker from '../../workers/app'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'

async function notificationsOf(cookie: string) {
  const res = await get('/ajax/notificacoes', { headers: { Cookie: cookie } })
  return (await res.json()) as { items: { title: string; viewed: boolean }[]; unseen: number }
}

describe('NOTIFICATIONS queue', () => {
  it('a message sent by an HTTP request is consumed and the notification appears for its user', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    expect((await notificationsOf(cookie)).unseen).toBe(0)

    const sent = await postJson('/__dev/notificacoes', {
      usuario_id: user.id,
      titulo: 'Nova movimentação no processo',
    })
    expect(sent.status).toBe(202)

    const list = await eventually(async () => {
      const current = await notificationsOf(cookie)
      return current.items.length > 0 ? current : null
    })
    expect(list.items[0]?.title).toBe('Nova movimentação no processo')
    expect(list.unseen).toBe(1)

    // Opening the box marks all as viewed (spec §4): the badge count goes to zero.
    const viewed = await postJson('/ajax/visualizar-todas-notificacoes', {}, { Cookie: cookie })
    expect(await viewed.json()).toEqual({ status: 'success' })
    expect((await notificationsOf(cookie)).unseen).toBe(0)
  })

  it('a message whose recipient does not exist is retried, then lands in the dead-letter queue', async () => {
    const sent = await postJson('/__dev/notificacoes', { usuario_id: 987654321, titulo: 'Para ninguém' })
    const { chave } = (await sent.json()) as { chave: string }
    const db = deps().db
    const dead = await eventually(async () => {
      const rows = await db.select().from(failedJobs).where(eq(failedJobs.queue, 'notificacoes-dlq'))
      return rows.find((row) => row.body.includes(chave)) ?? null
    }, 30_000)
    // Messages reach the DLQ only after max_retries (2 in wrangler.toml) redeliveries failed.
    expect(dead.body).toContain('Para ninguém')
    const delivered = await db.select().from(notifications).where(eq(notifications.dedupeKey, chave))
    expect(delivered).toHaveLength(0)
  })

  it('acks good messages, retries only the failing one, and a redelivery changes nothing', async () => {
    const user = await createUser()
    const good = {
      type: 'notify',
      userId: user.id,
      kind: 'teste',
      title: 'Olá',
      dedupeKey: `lote:${user.id}`,
    }
    const orphan = { ...good, userId: 999_999_999, dedupeKey: `lote:orfa:${user.id}` }
    const batch = createMessageBatch('notificacoes', [
      { id: 'm-good', timestamp: new Date(), attempts: 1, body: good },
      { id: 'm-orphan', timestamp: new Date(), attempts: 1, body: orphan },
    ])
    const ctx = createExecutionContext()
    await worker.queue(batch, env, ctx)
    const result = await getQueueResult(batch, ctx)
    expect(result.explicitAcks).toEqual(['m-good'])
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(['m-orphan'])

    const again = createMessageBatch('notificacoes', [
      { id: 'm-good-2', timestamp: new Date(), attempts: 2, body: good },
    ])
    const ctx2 = createExecutionContext()
    await worker.queue(again, env, ctx2)
    expect((await getQueueResult(again, ctx2)).explicitAcks).toEqual(['m-good-2'])
    const rows = await deps().db.select().from(notifications).where(eq(notifications.userId, user.id))
    expect(rows).toHaveLength(1)
  })

  it('keeps a malformed message in failed_jobs and acks it instead of retrying forever', async () => {
    const batch = createMessageBatch('notificacoes', [
      { id: 'm-bad-shape', timestamp: new Date(), attempts: 1, body: { type: 'notify', userId: 'abc' } },
    ])
    const ctx = createExecutionContext()
    await worker.queue(batch, env, ctx)
    const result = await getQueueResult(batch, ctx)
    expect(result.explicitAcks).toEqual(['m-bad-shape'])
    expect(result.retryMessages).toEqual([])
    const [row] = await deps().db.select().from(failedJobs).where(eq(failedJobs.messageId, 'm-bad-shape'))
    expect(row?.queue).toBe('notificacoes')
  })

  it('rejects a dev notification request with invalid input as 422', async () => {
    const res = await postJson('/__dev/notificacoes', { usuario_id: 'x', titulo: '' })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { status: string }).status).toBe('error')
  })
})
