import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { deadlineSettings, intimations } from '~/db/schema-intimations'
import { monitorings } from '~/db/schema-monitoring'
import { feedPath, feedToken, saveReminderDays } from '~/domain/intimations/settings.server'
import { hashPassword } from '~/domain/users/password.server'
import { BASE, createUser, deps, get, postJson, sessionCookie } from './helpers'
import { djenItem, fresh, importItems } from './intimations-helpers'

// A lawyer who merges two of her accounts (decisions/0033) keeps her intimações, deadlines and
// calendar: they are the OAB monitorings' (which move), never left behind on the closed account,
// whose calendar address stops answering like its sessions do (issue 45, outside check).

const db = () => deps().db

async function lawyer(name: string, password: string) {
  const user = await createUser({
    name,
    passwordHash: await hashPassword(password, 1000),
    emailConfirmedAt: Date.now(),
  })
  return { user, cookie: await sessionCookie(user.id) }
}

async function monitorOab(cookie: string, numero: string) {
  const response = await postJson('/ajax/monitoramentos/oab', { numero, uf: 'RJ' }, { Cookie: cookie })
  expect(response.status).toBe(200)
}

/** Merges, and answers what the confirmation page said would move. */
async function merge(cookie: string, email: string, senha: string) {
  const proved = await postJson('/ajax/conta/unir/verificar', { email, senha }, { Cookie: cookie })
  const { redirect_url } = (await proved.json()) as { redirect_url?: string }
  const ticket = new URL(redirect_url ?? '', BASE).searchParams.get('ticket') ?? ''
  const preview = await (
    await get(`/conta/unir?ticket=${encodeURIComponent(ticket)}`, { headers: { Cookie: cookie } })
  ).text()
  const merged = await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })
  expect(merged.status).toBe(200)
  return preview
}

describe('merging two accounts of a lawyer', () => {
  it('moves the closed account’s intimações to the survivor once, and its calendar address stops', async () => {
    const survivor = await lawyer('Advogada Que Fica', 'senha-fica')
    const closed = await lawyer('Advogada Que Sai', 'senha-sai')
    const shared = fresh()
    const own = fresh()
    // The same inscription in both accounts, and one only in the account that closes.
    await monitorOab(survivor.cookie, shared.oab)
    await monitorOab(closed.cookie, shared.oab)
    await monitorOab(closed.cookie, own.oab)
    await importItems([
      djenItem({ id: shared.id, cnj: shared.cnj, date: '2025-08-04', oabs: [[shared.oab, 'RJ']] }),
      djenItem({
        id: own.id,
        cnj: own.cnj,
        date: '2025-08-05',
        oabs: [[own.oab, 'RJ']],
        text: 'Intime-se a parte autora para se manifestar em 10 (dez) dias. SÓ DA CONTA QUE SAI',
      }),
    ])
    const survivorFeed = feedPath(await feedToken(deps(), survivor.user.id))
    const closedFeed = feedPath(await feedToken(deps(), closed.user.id))
    await saveReminderDays(deps(), closed.user.id, [5])
    expect((await get(closedFeed)).status).toBe(200)

    const preview = await merge(survivor.cookie, closed.user.email, 'senha-sai')
    // The confirmation said it: the shared inscription becomes one, one intimação is new to her.
    expect(preview).toContain('2 monitoramentos (1 do mesmo processo ou da mesma OAB vira um só')
    expect(preview).toContain('1 intimação, com o seu prazo')

    const rows = await db()
      .select()
      .from(intimations)
      .where(inArray(intimations.userId, [survivor.user.id, closed.user.id]))
    // One intimação per communication, both the survivor's, each under one of her monitorings.
    expect(rows.map((r) => [r.userId, r.communicationId]).sort()).toEqual(
      [
        [survivor.user.id, shared.id],
        [survivor.user.id, own.id],
      ].sort(),
    )
    const hers = await db().select().from(monitorings).where(eq(monitorings.userId, survivor.user.id))
    expect(hers.map((m) => m.oab).sort()).toEqual([`RJ${shared.oab}`, `RJ${own.oab}`].sort())
    for (const row of rows) expect(hers.map((m) => m.id)).toContain(row.monitoringId)

    const page = await (await get('/intimacoes', { headers: { Cookie: survivor.cookie } })).text()
    expect(page).toContain('SÓ DA CONTA QUE SAI')
    const feed = await (await get(survivorFeed)).text()
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    // The closed account's address is a secret of an account that no longer exists.
    const gone = await get(closedFeed)
    expect(gone.status).toBe(404)
    expect(await gone.text()).toBe('Agenda não encontrada. Copie o endereço atual na página Prazos.')
    // The survivor's own choices stand.
    const settings = await db()
      .select()
      .from(deadlineSettings)
      .where(inArray(deadlineSettings.userId, [survivor.user.id, closed.user.id]))
    expect(settings.map((s) => [s.userId, s.reminderDays])).toEqual([[survivor.user.id, [3, 1]]])
  })

  it('gives the survivor the closed account’s calendar and reminders when she had none', async () => {
    const survivor = await lawyer('Advogada Sem Agenda', 'senha-fica')
    const closed = await lawyer('Advogada Com Agenda', 'senha-sai')
    const { oab, id, cnj } = fresh()
    await monitorOab(closed.cookie, oab)
    await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
    const closedFeed = feedPath(await feedToken(deps(), closed.user.id))
    await saveReminderDays(deps(), closed.user.id, [5, 2])

    await merge(survivor.cookie, closed.user.email, 'senha-sai')

    // The calendar she subscribed keeps working: it is hers now, and "Gerar novo endereço" retires it.
    const feed = await get(closedFeed)
    expect(feed.status).toBe(200)
    expect((await feed.text()).match(/BEGIN:VEVENT/g)).toHaveLength(1)
    const prazos = await (await get('/prazos', { headers: { Cookie: survivor.cookie } })).text()
    expect(prazos).toContain(closedFeed)
    expect(prazos).toContain('5, 2')
  })
})

describe('a closed account’s calendar address', () => {
  it('answers nothing, whatever was left of it', async () => {
    const survivor = await lawyer('Advogada Sobrevivente', 'senha-fica')
    const closed = await lawyer('Advogada Encerrada', 'senha-sai')
    const address = feedPath(await feedToken(deps(), closed.user.id))
    expect((await get(address)).status).toBe(200)
    // As an account merged before its settings moved with it would be.
    await db().update(users).set({ mergedIntoId: survivor.user.id }).where(eq(users.id, closed.user.id))
    const gone = await get(address)
    expect(gone.status).toBe(404)
    expect(await gone.text()).toBe('Agenda não encontrada. Copie o endereço atual na página Prazos.')
  })
})
