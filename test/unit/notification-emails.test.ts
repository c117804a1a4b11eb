import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobRuns, notifications } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { readMailbox } from '~/domain/mail/mail.server'
import { digestDue, runDailyDigest, runDigestPage } from '~/domain/notifications/digest.server'
import { getEmailPreferences } from '~/domain/notifications/email-preferences.server'
import worker from '../../workers/app'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, eventually, get, plainPost, postJson, sessionCookie } from './helpers'

const db = () => deps().db
const confirmed = (name: string) => createUser({ name, emailConfirmedAt: Date.now() })

async function publish(cookie: string, titulo: string) {
  const [community] = await db().select().from(communities).limit(1)
  const response = await postJson(
    '/ajax/artigos',
    { titulo, comunidade_id: community?.id, conteudo: 'Texto.' },
    { Cookie: cookie },
  )
  return ((await response.json()) as { artigo: { id: number; url: string } }).artigo
}

const mailsTo = (email: string) => readMailbox(env.SESSIONS, email)

describe('notification e-mails', () => {
  it('the digest walks more people than one statement can name (D1 binds at most 100 values)', async () => {
    const people = await Promise.all(Array.from({ length: 130 }, (_, i) => confirmed(`Muitos ${i}`)))
    for (let i = 0; i < people.length; i += 15)
      await db()
        .insert(notifications)
        .values(
          people.slice(i, i + 15).map((p) => ({
            userId: p.id,
            kind: 'seguidor',
            title: 'Alguém começou a seguir você',
            dedupeKey: `muitos:${p.id}`,
          })),
        )
    // And one person with more waiting than one statement can mark.
    const busy = people[0]
    if (!busy) throw new Error('no one')
    for (let i = 0; i < 150; i += 15)
      await db()
        .insert(notifications)
        .values(
          Array.from({ length: 15 }, (_, j) => ({
            userId: busy.id,
            kind: 'votos',
            title: `Votos ${i + j}`,
            dedupeKey: `muitos-votos:${busy.id}:${i + j}`,
          })),
        )
    const result = await runDailyDigest(deps())
    expect(result.emails).toBeGreaterThanOrEqual(130)
    const [busyMail] = await mailsTo(busy.email)
    expect(busyMail?.subject).toBe('Seu resumo diário: 151 notificações novas')
    expect(busyMail?.text).toContain('e mais 131 no site.')
    expect((await runDailyDigest(deps())).emails).toBe(0)
    const last = people[people.length - 1]
    expect(await mailsTo(last?.email ?? '')).toHaveLength(1)
  })

  it('a comment on your article is e-mailed at once (the default), with a one-click unsubscribe', async () => {
    const author = await confirmed('Autora Avisada')
    await mayPublishIn(author.id, (await db().select().from(communities).limit(1))[0]?.id ?? 0)
    const reader = await confirmed('Leitor Comentarista')
    const article = await publish(await sessionCookie(author.id), 'Artigo comentado por e-mail')
    await postJson(
      `/ajax/artigos/${article.id}/comentarios`,
      { conteudo: 'Gostei muito.' },
      { Cookie: await sessionCookie(reader.id) },
    )
    const [mail] = await eventually(async () => {
      const found = await mailsTo(author.email)
      return found.length ? found : null
    })
    expect(mail?.subject).toContain('Leitor Comentarista comentou seu artigo')
    expect(mail?.text).toContain(`${article.url}#comentario-`)
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const oneClick = /<([^>]+)>/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? ''
    expect(oneClick).toContain('/ajax/email/cancelar/um-clique?token=')

    // The mail client's one-click post: no Origin, no cookie, just the signed URL.
    const path = oneClick.slice(oneClick.indexOf('/ajax/'))
    const clicked = await get(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(clicked.status).toBe(200)
    expect((await getEmailPreferences(deps(), author.id)).comentarios).toBe('nunca')

    // A second comment now sends nothing.
    await postJson(
      `/ajax/artigos/${article.id}/comentarios`,
      { conteudo: 'Outro comentário.' },
      { Cookie: await sessionCookie(reader.id) },
    )
    await eventually(async () => {
      const rows = await db().select().from(notifications).where(eq(notifications.userId, author.id))
      return rows.length >= 2 ? rows : null
    })
    expect(await mailsTo(author.email)).toHaveLength(1)
  })

  it('checks the one-click link before any work: without its token it is invalid input, in Portuguese (decisions/0070)', async () => {
    const bare = await get('/ajax/email/cancelar/um-clique', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(bare.status).toBe(422)
    expect(await bare.json()).toMatchObject({
      errors: ['Este link de cancelamento é inválido. Altere suas preferências em Conta › Notificações.'],
    })
  })

  it('refuses a forged or broken unsubscribe link in Portuguese, and the page asks before changing anything', async () => {
    const bad = await get('/ajax/email/cancelar/um-clique?token=forjado', { method: 'POST' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      errors: ['Este link de cancelamento é inválido. Altere suas preferências em Conta › Notificações.'],
    })
    const page = await get('/email/cancelar?token=forjado')
    expect(page.status).toBe(400)
  })

  it('the daily digest: one e-mail per person with what waits for it, never twice, honouring "Nunca"', async () => {
    const person = await confirmed('Pessoa do Resumo')
    const quiet = await confirmed('Pessoa Silenciosa')
    const cookie = await sessionCookie(quiet.id)
    const saved = await postJson(
      '/ajax/conta/notificacoes',
      { comentarios: 'nunca', seguidores: 'nunca', artigos: 'nunca', votos: 'nunca' },
      { Cookie: cookie },
    )
    expect(saved.status).toBe(200)
    const rows = (userId: number, tag: string) =>
      ['seguidor', 'artigo-comunidade', 'votos'].map((kind, i) => ({
        userId,
        kind,
        title: `${tag} ${kind}`,
        url: '/comunidades',
        dedupeKey: `resumo:${tag}:${userId}:${i}`,
      }))
    await db()
      .insert(notifications)
      .values([...rows(person.id, 'Aviso'), ...rows(quiet.id, 'Calado')])

    const first = await runDailyDigest(deps())
    expect(first.emails).toBeGreaterThanOrEqual(1)
    const [digest, ...others] = await mailsTo(person.email)
    expect(others).toEqual([])
    expect(digest?.subject).toBe('Seu resumo diário: 3 notificações novas')
    expect(digest?.text).toContain('Aviso seguidor')
    expect(digest?.text).toContain('/email/cancelar?token=')
    expect(digest?.headers?.['List-Unsubscribe']).toContain('/ajax/email/cancelar/um-clique?token=')
    expect(await mailsTo(quiet.email)).toEqual([])

    await runDailyDigest(deps())
    expect(await mailsTo(person.email)).toHaveLength(1)
  })

  it('saves the preferences without JavaScript and refuses an unknown choice', async () => {
    const person = await confirmed('Pessoa das Preferências')
    const cookie = await sessionCookie(person.id)
    const posted = await plainPost(
      '/ajax/conta/notificacoes',
      { comentarios: 'diario', seguidores: 'imediato', artigos: 'nunca', votos: 'diario' },
      cookie,
      '/conta/notificacoes',
    )
    expect(posted.status).toBe(303)
    expect(await getEmailPreferences(deps(), person.id)).toEqual({
      comentarios: 'diario',
      seguidores: 'imediato',
      artigos: 'nunca',
      votos: 'diario',
      monitoramentos: 'imediato',
      mensagens: 'imediato',
    })
    // The tab draws the saved choices checked, before any JavaScript.
    const page = await (await get('/conta/notificacoes', { headers: { Cookie: cookie } })).text()
    const checked = [...page.matchAll(/<input[^>]*type="radio"[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => /checked/.test(tag))
      .map((tag) => `${/name="(\w+)"/.exec(tag)?.[1]}=${/value="(\w+)"/.exec(tag)?.[1]}`)
    expect(checked.sort()).toEqual([
      'artigos=nunca',
      'comentarios=diario',
      'mensagens=imediato',
      'monitoramentos=imediato',
      'seguidores=imediato',
      'votos=diario',
    ])
    const bad = await postJson(
      '/ajax/conta/notificacoes',
      { comentarios: 'sempre', seguidores: 'nunca', artigos: 'nunca', votos: 'nunca' },
      { Cookie: cookie },
    )
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({
      errors: ['Escolha uma opção válida para cada tipo de notificação.'],
    })
    expect((await postJson('/ajax/conta/notificacoes', {}, {})).status).toBe(401)
  })

  it('the cron starts the digest once a day from 08:00 in Brasília; the queue walks it page by page', async () => {
    const people = await Promise.all(Array.from({ length: 60 }, (_, i) => confirmed(`Paginada ${i}`)))
    for (let i = 0; i < people.length; i += 20)
      await db()
        .insert(notifications)
        .values(
          people.slice(i, i + 20).map((p) => ({
            userId: p.id,
            kind: 'seguidor',
            title: 'Alguém começou a seguir você',
            dedupeKey: `paginas:${p.id}`,
          })),
        )
    const tick = async (scheduledTime: number) => {
      const ctx = createExecutionContext()
      await worker.scheduled(createScheduledController({ scheduledTime, cron: '*/5 * * * *' }), env, ctx)
      await waitOnExecutionContext(ctx)
    }
    // This day's plans only: other files sharing the runtime run the cron on other days.
    const plans = () =>
      db()
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, 'digest-plan'), eq(jobRuns.windowKey, '2026-11-23')))
    await tick(Date.UTC(2026, 10, 23, 10, 55)) // 07:55 in Brasília: not yet
    expect(await plans()).toEqual([])
    await tick(Date.UTC(2026, 10, 23, 11, 0))
    await tick(Date.UTC(2026, 10, 23, 11, 5)) // the same day again: nothing new starts
    expect((await plans()).map((p) => p.windowKey)).toEqual(['2026-11-23'])

    // 60 people waiting make two pages of the NOTIFICATIONS queue; everyone gets one e-mail.
    const last = people[people.length - 1]
    await eventually(async () => (await mailsTo(last?.email ?? '')).length > 0)
    const pages = await eventually(async () => {
      const rows = await db()
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, 'digest-page'), like(jobRuns.windowKey, '2026-11-23:%')))
      return rows.length >= 2 && rows
    })
    expect(pages.length).toBeGreaterThanOrEqual(2)
    for (const person of people) expect(await mailsTo(person.email)).toHaveLength(1)

    // A page delivered again (at-least-once) is not walked again.
    const first = pages.find((p) => p.windowKey === '2026-11-23:0')
    expect(first).toBeDefined()
    const again = await runDigestPage(deps(), {
      type: 'digest-page',
      day: '2026-11-23',
      after: 0,
      dedupeKey: 'resumo:2026-11-23:0',
    })
    expect(again.ran).toBe(false)
  })

  it('is due from 08:00 in Brasília, once per day', () => {
    expect(digestDue(new Date('2026-11-23T10:59:00Z'))).toEqual({ due: false, day: '2026-11-23' })
    expect(digestDue(new Date('2026-11-23T11:00:00Z'))).toEqual({ due: true, day: '2026-11-23' })
    expect(digestDue(new Date('2026-11-24T02:30:00Z'))).toEqual({ due: true, day: '2026-11-23' })
  })
})
