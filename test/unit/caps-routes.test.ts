import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { articles } from '~/db/schema-articles'
import { createApp } from '../../workers/create-app'
import { rateLimiters } from '../../workers/middleware/rate-limit'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, postJson, sessionCookie } from './helpers'

// Issue 27 item 12: every mutation a person can repeat has a rate limit.

/**
 * POST routes limited inside their use-case instead of by a middleware (decisions/0014): every
 * way into these flows spends the same counters. Their limits are tested in accounts.test.ts,
 * accounts-recovery.test.ts and security-accounts.test.ts.
 */
const LIMITED_IN_USE_CASE: Record<string, string> = {
  '/login': 'guardLogin: per address and per account',
  '/cadastrar': 'guardSignup: per address (the key /cadastrar/completar shares)',
  '/reenviar-confirmacao-email': 'guardEmail: per account',
  '/conta/senha': 'guardPasswordCheck: per account',
  '/senha/esqueci': 'guardEmail: per address and per e-mail',
}

/** POST routes that must not be limited. */
const NEVER_LIMITED: Record<string, string> = {
  // Ending one's own session writes nothing of anyone's; refusing it would keep a session open.
  '/logout': 'logging out must always work',
}

const MANY_REQUESTS = 'Muitas requisições. Aguarde um instante e tente novamente.'
const MANY_WRITES = 'Muitas alterações em pouco tempo. Aguarde um minuto e tente de novo.'
const MANY_ATTEMPTS = 'Muitas tentativas. Aguarde um minuto e tente novamente.'

/**
 * The local limiter counts in fixed one-minute windows: a burst that straddles a window's end
 * would start over halfway. Waits (polling the clock) until the window has room for the burst.
 */
async function awayFromWindowEdge(seconds = 20) {
  while (Date.now() % 60_000 > (60 - seconds) * 1000) await new Promise((resolve) => setTimeout(resolve, 200))
}

/** Sends `count` requests, `batch` at a time, and answers their statuses. */
async function burst(count: number, send: (i: number) => Promise<Response>, batch = 20) {
  const statuses: number[] = []
  for (let i = 0; i < count; i += batch) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, (_, j) => send(i + j)),
    )
    statuses.push(...answers.map((response) => response.status))
  }
  return statuses
}

describe('every POST route of the app has a rate limit', () => {
  it('walks the registered routes: a mutation without a limiter, or a stale allow-list entry, fails', () => {
    const app = createApp()
    const post = app.routes.filter((route) => route.method === 'POST')
    const paths = [...new Set(post.map((route) => route.path))]
    expect(paths.length).toBeGreaterThan(40)
    const limited = new Set(
      post.filter((route) => rateLimiters.has(route.handler)).map((route) => route.path),
    )
    const unlimited = paths.filter(
      (path) => !limited.has(path) && !(path in LIMITED_IN_USE_CASE) && !(path in NEVER_LIMITED),
    )
    expect(unlimited, 'POST routes without a rate limit').toEqual([])
    for (const path of [...Object.keys(LIMITED_IN_USE_CASE), ...Object.keys(NEVER_LIMITED)])
      expect(paths, `allow-listed ${path} is still a route`).toContain(path)
    // A route limited by a middleware needs no allow-list entry (and must not hide behind one).
    for (const path of Object.keys(NEVER_LIMITED)) expect(limited.has(path)).toBe(false)
  })
})

describe('editing or deleting an article is limited per user', () => {
  it('the 11th write of a minute (publish, edits, delete share one counter) answers 429 in Portuguese and changes nothing', async () => {
    await awayFromWindowEdge()
    const author = await createUser()
    await mayPublishIn(author.id, 4)
    const cookie = await sessionCookie(author.id)
    const body = (titulo: string) => ({ titulo, comunidade_id: 4, conteudo: 'Texto do artigo.' })
    const published = await postJson('/ajax/artigos', body('Versão 0'), { Cookie: cookie })
    expect(published.status).toBe(200)
    const { artigo } = (await published.json()) as { artigo: { id: number } }
    const edits = await burst(
      9,
      (i) => postJson(`/ajax/artigos/${artigo.id}/editar`, body(`Versão ${i + 1}`), { Cookie: cookie }),
      1,
    )
    expect(edits).toEqual(Array(9).fill(200))

    const edit = await postJson(`/ajax/artigos/${artigo.id}/editar`, body('Versão demais'), {
      Cookie: cookie,
    })
    expect(edit.status).toBe(429)
    expect(await edit.json()).toMatchObject({ errors: [MANY_WRITES] })
    const removed = await postJson(`/ajax/artigos/${artigo.id}/excluir`, {}, { Cookie: cookie })
    expect(removed.status).toBe(429)
    expect(await removed.json()).toMatchObject({ errors: [MANY_WRITES] })
    const [row] = await deps().db.select().from(articles).where(eq(articles.id, artigo.id))
    expect(row?.title).toBe('Versão 9')

    // 200 concurrent edits from one account: at most the window's 10 reach the database.
    const other = await createUser()
    await mayPublishIn(other.id, 4)
    const otherCookie = await sessionCookie(other.id)
    const theirs = (await (
      await postJson('/ajax/artigos', body('Outro'), { Cookie: otherCookie })
    ).json()) as {
      artigo: { id: number }
    }
    const flood = await burst(
      200,
      () => postJson(`/ajax/artigos/${theirs.artigo.id}/editar`, body('Em massa'), { Cookie: otherCookie }),
      50,
    )
    expect(flood.filter((status) => status === 200)).toHaveLength(9)
    expect(flood.filter((status) => status === 429)).toHaveLength(191)
  })
})

describe('each limit added to a repeatable mutation', () => {
  type Group = {
    name: string
    limit: number
    message: string
    /** Requests that spend the counter (invalid or harmless ones: nothing of value is written). */
    routes: string[]
    body?: Record<string, unknown>
    as: 'user' | 'address'
  }
  const groups: Group[] = [
    {
      name: 'profile, profession and photo (one counter)',
      limit: 10,
      message: MANY_WRITES,
      routes: ['/ajax/conta/perfil', '/ajax/conta/profissao', '/ajax/editar-perfil'],
      as: 'user',
    },
    {
      name: 'marking notifications seen or read',
      limit: 120,
      message: MANY_REQUESTS,
      routes: [
        '/ajax/visualizar-todas-notificacoes',
        '/ajax/ler-todas-notificacoes',
        '/ajax/notificacoes/1/ler',
      ],
      as: 'user',
    },
    {
      name: 'monitoring deletes, "não sou eu" and the webhook',
      limit: 120,
      message: MANY_REQUESTS,
      routes: [
        '/ajax/monitoramentos/excluir',
        '/ajax/monitoramentos/ocorrencias/1/nao-sou-eu',
        '/ajax/monitoramentos/webhook',
        '/ajax/monitoramentos/webhook/excluir',
      ],
      body: { itens: [999_999_999], url: 'nada' },
      as: 'user',
    },
    {
      name: 'e-mail preferences',
      limit: 120,
      message: MANY_REQUESTS,
      routes: ['/ajax/conta/notificacoes'],
      as: 'user',
    },
    {
      name: 'deleting received messages',
      limit: 120,
      message: MANY_REQUESTS,
      routes: ['/ajax/conta/mensagens/excluir'],
      body: { itens: [999_999_999] },
      as: 'user',
    },
    {
      name: 'the "Seguindo" bulk unfollow',
      limit: 120,
      message: MANY_REQUESTS,
      routes: ['/ajax/conta/seguindo/excluir'],
      body: { itens: [999_999_999] },
      as: 'user',
    },
    {
      name: 'deleting a comment',
      limit: 120,
      message: MANY_REQUESTS,
      routes: ['/ajax/comentarios/999999999/excluir'],
      as: 'user',
    },
    {
      name: 'claiming a person page and undoing it (one counter)',
      limit: 120,
      message: MANY_REQUESTS,
      routes: ['/ajax/pessoas/999999999/reivindicar', '/ajax/pessoas/999999999/desfazer-reivindicacao'],
      as: 'user',
    },
    {
      name: 'proving another account for a merge (a password check)',
      limit: 5,
      message: MANY_REQUESTS,
      routes: ['/ajax/conta/unir/verificar'],
      as: 'user',
    },
    {
      // Needs a ticket only a proof gives; a race is settled by the merge batch (decisions/0046).
      name: 'confirming a merge',
      limit: 120,
      message: MANY_REQUESTS,
      routes: ['/ajax/conta/unir'],
      as: 'user',
    },
    {
      name: 'unsubscribing by token, both forms (per address)',
      limit: 120,
      message: MANY_REQUESTS,
      routes: ['/ajax/email/cancelar', '/ajax/email/cancelar/um-clique?token=x'],
      body: { token: 'x' },
      as: 'address',
    },
    {
      name: 'setting a new password with a reset token (per address)',
      limit: 30,
      message: MANY_REQUESTS,
      routes: ['/senha/redefinir'],
      as: 'address',
    },
    {
      name: 'completing a social signup (per address, the counter of /cadastrar)',
      limit: 30,
      message: MANY_ATTEMPTS,
      // /cadastrar spends the same key inside its use-case, after validation.
      routes: ['/cadastrar/completar'],
      as: 'address',
    },
  ]
  let address = 0

  for (const group of groups)
    it(`${group.name}: the request past ${group.limit} in a minute answers 429 in Portuguese, on every route of the counter`, async () => {
      await awayFromWindowEdge()
      const headers: Record<string, string> =
        group.as === 'user'
          ? { Cookie: await sessionCookie((await createUser()).id) }
          : { 'CF-Connecting-IP': `192.0.2.${++address}` }
      const send = (path: string) => postJson(path, group.body ?? {}, headers)
      const spent = await burst(group.limit, (i) => send(group.routes[i % group.routes.length] ?? ''))
      expect(
        spent.filter((status) => status === 429),
        'no 429 within the limit',
      ).toEqual([])
      expect(
        spent.filter((status) => status >= 500),
        'no 5xx',
      ).toEqual([])
      for (const path of group.routes) {
        const over = await send(path)
        expect(over.status, path).toBe(429)
        expect(await over.json(), path).toMatchObject({ errors: [group.message] })
      }
    })

  it('a profile edit past the limit changes nothing', async () => {
    await awayFromWindowEdge()
    const user = await createUser({ name: 'Nome Antes' })
    const cookie = await sessionCookie(user.id)
    await burst(10, () => postJson('/ajax/conta/profissao', {}, { Cookie: cookie }))
    const over = await postJson(
      '/ajax/conta/perfil',
      { nome: 'Nome Depois', email: user.email },
      { Cookie: cookie },
    )
    expect(over.status).toBe(429)
    const [row] = await deps().db.select({ name: users.name }).from(users).where(eq(users.id, user.id))
    expect(row?.name).toBe('Nome Antes')
  })
})
