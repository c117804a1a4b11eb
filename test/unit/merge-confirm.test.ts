import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, users } from '~/db/schema'
import { hashPassword } from '~/domain/users/password.server'
import { BASE, createUser, deps, eventually, get, plainPost, postJson, sessionCookie } from './helpers'

const person = async (name: string, password: string) =>
  createUser({ name, passwordHash: await hashPassword(password, 1000), emailConfirmedAt: Date.now() })

async function ticketFor(cookie: string, email: string, senha: string) {
  const proved = await postJson('/ajax/conta/unir/verificar', { email, senha }, { Cookie: cookie })
  const body = (await proved.json()) as { redirect_url?: string }
  return new URL(body.redirect_url ?? '', BASE).searchParams.get('ticket') ?? ''
}

describe('"Unir as contas" asks before it merges (issue 28 §5)', () => {
  it('the choice opens a last page naming both accounts; only its "Confirmar" merges, without JavaScript too', async () => {
    const keep = await person('Conta Que Continua', 'senha-fica')
    const leave = await person('Conta Que Encerra', 'senha-sai')
    const cookie = await sessionCookie(keep.id)
    const ticket = await ticketFor(cookie, leave.email, 'senha-sai')

    const choice = await (
      await get(`/conta/unir?ticket=${encodeURIComponent(ticket)}`, { headers: { Cookie: cookie } })
    ).text()
    // The choice is a GET to the last step: nothing is posted to the merge from it.
    expect(choice).toMatch(/<form method="get" action="\/conta\/unir"/)
    expect(choice).not.toContain('action="/ajax/conta/unir"')

    const last = await get(`/conta/unir?ticket=${encodeURIComponent(ticket)}&sobrevivente=esta`, {
      headers: { Cookie: cookie },
    })
    const html = await last.text()
    expect(html).toContain('3. Confirme a união')
    expect(html).toContain(
      `A conta Conta Que Encerra (${leave.subdomain}) será encerrada e tudo o que está nela passará para Conta Que Continua (${keep.subdomain}).`,
    )
    expect(html).toContain('Não é possível desfazer a união.')
    expect(html).toContain('action="/ajax/conta/unir"')
    expect(html).toMatch(/<button type="submit"[^>]*>(<span>)?Confirmar</)
    expect(html).toMatch(/<a class="button button--secondary" href="\/conta">Cancelar<\/a>/)
    // Opening it changed nothing.
    const [still] = await deps().db.select().from(users).where(eq(users.id, leave.id))
    expect(still?.mergedIntoId).toBeNull()

    const merged = await plainPost(
      '/ajax/conta/unir',
      { ticket, sobrevivente: 'esta' },
      cookie,
      '/conta/unir',
    )
    expect(merged.status).toBe(303)
    const [closed] = await deps().db.select().from(users).where(eq(users.id, leave.id))
    expect(closed?.mergedIntoId).toBe(keep.id)
    // The ticket stays single use (decisions/0046).
    const again = await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })
    expect(again.status).toBe(409)
  })

  it('after the merge, what others were told the closed account did names the survivor', async () => {
    const keep = await person('Maria Sobrevivente', 'senha-fica')
    const leave = await person('Maria Antiga', 'senha-sai')
    const friend = await createUser({ name: 'Amiga Seguida' })
    const leaveCookie = await sessionCookie(leave.id)
    expect(
      (await postJson('/ajax/seguir', { id: friend.id, tipo: 'usuario' }, { Cookie: leaveCookie })).status,
    ).toBe(200)
    const told = () =>
      deps()
        .db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, friend.id), eq(notifications.kind, 'seguidor')))
    const [before] = await eventually(async () => ((await told()).length ? told() : null))
    expect(before?.title).toBe('Maria Antiga começou a seguir você.')

    const cookie = await sessionCookie(keep.id)
    const ticket = await ticketFor(cookie, leave.email, 'senha-sai')
    const merged = await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })
    expect(merged.status).toBe(200)

    const [after] = await told()
    expect(after?.title).toBe('Maria Sobrevivente começou a seguir você.')
    expect(after?.url).toContain(`//${keep.subdomain}.`)
    expect(after?.url).not.toContain(`//${leave.subdomain}.`)
    const page = await (
      await get('/notificacoes', { headers: { Cookie: await sessionCookie(friend.id) } })
    ).text()
    expect(page).toContain('Maria Sobrevivente começou a seguir você.')
    expect(page).not.toContain('Maria Antiga')
  })
})
