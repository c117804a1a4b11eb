import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobRuns } from '~/db/schema'
import { professionalMessages } from '~/db/schema-accounts'
import { planMonitoringSweep, runMonitoringSweep } from '~/domain/monitoring/sweep.server'
import { hashPassword } from '~/domain/users/password.server'
import { cookiesFrom, createUser, deps, get, ORIGIN, plainPost, postJson, sessionCookie } from './helpers'

describe('one write path (docs/architecture.md)', () => {
  it('logs in without JavaScript through the same route, and comes back with the message when refused', async () => {
    const user = await createUser({ passwordHash: await hashPassword('segredo123') })
    const refused = await plainPost(
      '/login?auth.redirect=%2Fconta',
      { email: user.email, senha: 'errada' },
      '',
      '/login',
    )
    expect(refused.status).toBe(303)
    expect(refused.headers.get('location')).toBe(`${ORIGIN.Origin}/login`)
    const page = await (await get('/login', { headers: { Cookie: cookiesFrom(refused) } })).text()
    expect(page).toContain('E-mail ou senha incorretos.')
    expect(page).toContain(`value="${user.email}"`) // what was typed, never the password

    const accepted = await plainPost('/login?auth.redirect=%2Fconta', {
      email: user.email,
      senha: 'segredo123',
    })
    expect(accepted.status).toBe(303)
    expect(accepted.headers.get('location')).toBe('/conta')
    expect(cookiesFrom(accepted)).toMatch(/__Host-sid=/)
  })

  it('a plain post to a route that needs login goes to the login page and back', async () => {
    const res = await plainPost('/ajax/conta/perfil', { email: 'a@b.c', nome: 'A' }, '', '/conta/perfil')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/login?auth.redirect=%2Fconta%2Fperfil')
  })

  it('refuses a body no form sends with 415, and a post to a page with 405, in Portuguese', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const text = await get('/ajax/conta/perfil', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', ...ORIGIN, Cookie: cookie },
      body: 'email=a@b.c',
    })
    expect(text.status).toBe(415)
    expect(await text.json()).toMatchObject({ errors: ['Envie os dados como formulário ou JSON.'] })
    // JSON and no body at all are read like a form: the schema answers (422), never a 500.
    const json = await postJson('/login', { email: 'x' })
    expect(json.status).toBe(422)
    const none = await get('/cadastrar', { method: 'POST', headers: { ...ORIGIN } })
    expect(none.status).toBe(422)
    for (const path of ['/busca', '/conta/perfil', '/processos/0000000-00.0000.0.00.0000']) {
      const page = await get(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...ORIGIN },
        body: '{}',
      })
      expect(page.status, path).toBe(405)
      expect(await page.json()).toMatchObject({ errors: ['Esta página não recebe envios.'] })
    }
  })

  it('a DomainError thrown by a loader is its 4xx page, not a 500', async () => {
    const res = await get('/processos/123', { headers: { Accept: 'text/html' } })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Número de processo inválido')
  })

  it('deletes received messages from the data table, with and without JavaScript, only the owner’s', async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const db = deps().db
    const insert = (recipientId: number, name: string) =>
      db
        .insert(professionalMessages)
        .values({ recipientId, name, content: 'Olá', phone: '(11) 99999-0000', email: 'v@exemplo.invalid' })
        .returning({ id: professionalMessages.id })
    const [[a], [b], [c], [theirs]] = await Promise.all([
      insert(owner.id, 'A'),
      insert(owner.id, 'B'),
      insert(owner.id, 'C'),
      insert(stranger.id, 'D'),
    ])
    const cookie = await sessionCookie(owner.id)
    const viaScript = await postJson(
      '/ajax/conta/mensagens/excluir',
      { itens: [a?.id, theirs?.id] },
      { Cookie: cookie },
    )
    expect(await viaScript.json()).toMatchObject({
      status: 'success',
      message: 'Itens excluídos',
      excluidos: 1,
    })
    const viaForm = await plainPost(
      '/ajax/conta/mensagens/excluir',
      { 'itens[]': [String(b?.id)] },
      cookie,
      '/conta/mensagens',
    )
    expect(viaForm.status).toBe(303)
    const page = await (
      await get('/conta/mensagens', { headers: { Cookie: `${cookie}; ${cookiesFrom(viaForm)}` } })
    ).text()
    expect(page).toContain('Itens excluídos')
    const left = await db.select({ id: professionalMessages.id }).from(professionalMessages)
    const ids = left.map((row) => row.id)
    expect(ids).toContain(c?.id)
    expect(ids).toContain(theirs?.id)
    expect(ids).not.toContain(a?.id)
    expect(ids).not.toContain(b?.id)
    const empty = await postJson('/ajax/conta/mensagens/excluir', { itens: [] }, { Cookie: cookie })
    expect(empty.status).toBe(422)
  })
})

describe('background windows are recorded only after their work succeeded', () => {
  it('a failed send leaves the plan window open, and the next tick covers it', async () => {
    const first = Date.UTC(2026, 6, 1, 8, 0)
    const failing = { send: async () => Promise.reject(new Error('queue down')) } as unknown as Queue
    await expect(planMonitoringSweep({ db: deps().db, monitoringQueue: failing }, first)).rejects.toThrow()
    const plans = await deps()
      .db.select()
      .from(jobRuns)
      .where(eq(jobRuns.windowKey, String(first)))
    expect(plans).toEqual([])
    const sent: unknown[] = []
    const working = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue
    await planMonitoringSweep({ db: deps().db, monitoringQueue: working }, first)
    expect(sent).toHaveLength(1)
  })

  it('a sweep whose check throws is not recorded; its retry runs it', async () => {
    const message = { type: 'sweep' as const, from: 1000, to: 2000 }
    const broken = async () => Promise.reject(new Error('boom'))
    await expect(runMonitoringSweep({ db: deps().db }, message, broken)).rejects.toThrow('boom')
    expect(await runMonitoringSweep({ db: deps().db }, message)).toEqual({ ran: true })
    expect(await runMonitoringSweep({ db: deps().db }, message)).toEqual({ ran: false })
  })
})
