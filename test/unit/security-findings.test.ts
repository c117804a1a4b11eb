import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, users } from '~/db/schema'
import { isNotificationLink, notificationHref } from '~/domain/notifications/links'
import { enqueueNotification } from '~/domain/notifications/notifications.server'
import worker from '../../workers/app'
import { isOwnOrigin } from '../../workers/middleware/origin'
import { BASE, createUser, deps, get, postJson, sessionCookie } from './helpers'

const HOSTILE_LINKS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,x',
  'vbscript:x',
  '//evil.example/x',
  '/\\evil.example',
  '/\t/evil.example',
  'https://evil.example/x',
  'http://localhost:8787.evil.example/',
  'evil.example',
]

describe('notification links (issue 12, finding 8)', () => {
  it('accepts our paths and hosts only', () => {
    for (const url of ['/conta/mensagens', '/processos/1?x=1#m', 'http://localhost:8787/busca?q=a'])
      expect(notificationHref(url, 'localhost:8787'), url).toBe(url)
    expect(notificationHref('http://ana.localhost:8787/', 'localhost:8787')).toBe(
      'http://ana.localhost:8787/',
    )
    for (const url of HOSTILE_LINKS) expect(notificationHref(url, 'localhost:8787'), url).toBeNull()
    for (const url of HOSTILE_LINKS.slice(0, 8)) expect(isNotificationLink(url), url).toBe(false)
  })

  it('refuses a bad link when written, and never stores or answers one', async () => {
    const user = await createUser()
    const refused = await postJson('/__dev/notificacoes', {
      usuario_id: user.id,
      titulo: 'Olá',
      url: 'javascript:alert(1)',
    })
    expect(refused.status).toBe(422)
    await expect(
      enqueueNotification(deps(), {
        type: 'notify',
        userId: user.id,
        kind: 'x',
        title: 'x',
        url: 'javascript:alert(1)',
        dedupeKey: `js:${user.id}`,
      }),
    ).rejects.toThrow()

    // A foreign host passes the schema (http URL) but is dropped when stored.
    const body = { type: 'notify', userId: user.id, kind: 'x', title: 'Fora', dedupeKey: `fora:${user.id}` }
    const batch = createMessageBatch('notificacoes', [
      { id: 'n-fora', timestamp: new Date(), attempts: 1, body: { ...body, url: 'https://evil.example/' } },
    ])
    const ctx = createExecutionContext()
    await worker.queue(batch, env, ctx)
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['n-fora'])
    const [stored] = await deps()
      .db.select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, body.dedupeKey))
    expect(stored?.url).toBeNull()

    // A row written before the check (or by hand) is not answered as a link either.
    await deps()
      .db.insert(notifications)
      .values({
        userId: user.id,
        kind: 'x',
        title: 'Antiga',
        url: 'javascript:alert(document.cookie)',
        dedupeKey: `antiga:${user.id}`,
      })
    const listed = await get('/ajax/notificacoes', { headers: { Cookie: await sessionCookie(user.id) } })
    const { items } = (await listed.json()) as { items: { title: string; url: string | null }[] }
    expect(items.find((i) => i.title === 'Antiga')?.url).toBeNull()
  })
})

describe('Origin check scheme (issue 12, finding 9)', () => {
  it('wants https in production and http only on localhost', () => {
    expect(isOwnOrigin('https://example.com.br', 'example.com.br')).toBe(true)
    expect(isOwnOrigin('https://ana.example.com.br', 'example.com.br')).toBe(true)
    expect(isOwnOrigin('http://example.com.br', 'example.com.br')).toBe(false)
    expect(isOwnOrigin('http://ana.example.com.br', 'example.com.br')).toBe(false)
    expect(isOwnOrigin('http://localhost:8787', 'localhost:8787')).toBe(true)
    expect(isOwnOrigin('https://localhost:8787', 'localhost:8787')).toBe(false)
  })

  it('refuses a post from the wrong scheme', async () => {
    const wrong = await postJson('/api/v2/eventos', {}, { Origin: 'https://localhost:8787' })
    expect(wrong.status).toBe(403)
  })
})

describe('Cache-Control for logged-in answers (issue 12, finding 5)', () => {
  it('marks pages, data and JSON private for a session, keeps explicit no-store and public images', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const paths = [
      '/',
      '/busca?q=silva',
      '/_root.data',
      '/busca.data?q=silva',
      '/api/saude',
      '/ajax/busca-cidades?cidade_nome=campinas',
    ]
    for (const path of paths) {
      const res = await get(path, { headers: { Cookie: cookie } })
      expect(res.status, path).toBeLessThan(500)
      // `private, no-store`, or the route's own explicit `no-store` (/api/saude).
      expect(res.headers.get('cache-control'), path).toMatch(/^(private, )?no-store$/)
    }
    const page = await get('/busca?q=silva', { headers: { Cookie: cookie } })
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    // Anonymous answers keep their own policy.
    const anonymous = await get('/ajax/busca-cidades?cidade_nome=campinas')
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=300')
    // An explicit no-store stays as the route set it.
    const suggested = await postJson('/api/v2/busca/sugestoes', { termo: 'sil' }, { Cookie: cookie })
    expect(suggested.headers.get('cache-control')).toBe('no-store')
    // Images stay public (a missing one is a 404, still not marked private).
    const image = await get(`${BASE}/imagens/perfil/nao-existe.png`, { headers: { Cookie: cookie } })
    expect(image.headers.get('cache-control') ?? '').not.toContain('private')
  })
})

describe('concurrent profile photo uploads (issue 12, finding 7)', () => {
  const png = () => {
    const bytes = [
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...crypto.getRandomValues(new Uint8Array(24)),
    ]
    return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`
  }
  const keysInR2 = async () =>
    new Set((await env.IMAGES.list({ prefix: 'perfil/' })).objects.map((o) => o.key))

  it('leaves exactly one object in R2, the one D1 points to', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const first = await postJson('/ajax/editar-perfil', { item: 'imagem', imagem: png() }, { Cookie: cookie })
    expect(first.status).toBe(200)
    const before = await keysInR2()
    const uploads = await Promise.all(
      Array.from({ length: 6 }, () =>
        postJson('/ajax/editar-perfil', { item: 'imagem', imagem: png() }, { Cookie: cookie }),
      ),
    )
    expect(uploads.map((r) => r.status)).toEqual(Array(6).fill(200))
    const [row] = await deps().db.select({ key: users.photoKey }).from(users).where(eq(users.id, user.id))
    const after = await keysInR2()
    const added = [...after].filter((key) => !before.has(key))
    const removed = [...before].filter((key) => !after.has(key))
    expect(added).toEqual([row?.key])
    // The photo from before the race is gone too: one object for this user, not two.
    expect(removed).toEqual([((await first.json()) as { url: string }).url.replace('/imagens/', '')])
  })
})
