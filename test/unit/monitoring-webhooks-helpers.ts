import { monitoringHits, monitorings, webhooks } from '~/db/schema-monitoring'
import { createUser, deps, get, postJson } from './helpers'

// A monitoring hit with a webhook, the address form, and what the local receiver got: shared by
// monitoring-webhooks.test.ts and monitoring-webhook-retries.test.ts.

export const db = () => deps().db

/**
 * A new user's term monitoring with one hit on a matéria: what the webhook and outbox tests
 * deliver. The term, document, title and address are the test's to assert on.
 */
export async function insertHit({
  term = 'pregão eletrônico',
  documentId = 990_000 + Math.floor(Math.random() * 9_999),
  title = `“${term}” em Diário Oficial da União`,
  url = '/diarios/materia/999001',
}: {
  term?: string
  documentId?: number
  title?: string
  url?: string
} = {}) {
  const user = await createUser()
  const [monitoring] = await db()
    .insert(monitorings)
    .values({ userId: user.id, kind: 'termo', term, sources: ['diarios'] })
    .returning()
  const [hit] = await db()
    .insert(monitoringHits)
    .values({
      monitoringId: monitoring?.id ?? 0,
      userId: user.id,
      documentKind: 'materia',
      documentId,
      title,
      url,
      reasons: ['Termo exato'],
      contextKey: 'diario:DOU|',
    })
    .returning()
  if (!hit) throw new Error('no hit')
  return { user, hit }
}

export async function hitWithWebhook(url: string, secret = `segredo-${crypto.randomUUID()}`) {
  const { user, hit } = await insertHit()
  await db().insert(webhooks).values({ userId: user.id, url, secret })
  return { user, hit, secret }
}

export const saveUrl = (url: string, cookie: string) =>
  postJson('/ajax/monitoramentos/webhook', { url }, { Cookie: cookie })

export type Received = { headers: Record<string, string | null>; body: string }
export const receivedFor = async (key: string) =>
  ((await (await get('/__dev/webhook')).json()) as (Received | null)[]).filter(
    (entry): entry is Received => entry?.headers['x-entrega'] === key,
  )
