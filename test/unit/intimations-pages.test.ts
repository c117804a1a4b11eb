import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { computeDeadline } from '~/domain/deadlines/compute'
import { remindDeadlines, reminderDates } from '~/domain/intimations/announce.server'
import { feedPath, feedToken } from '~/domain/intimations/settings.server'
import { deps, get, plainPost, postJson } from './helpers'
import {
  djenItem,
  expectedLastDay,
  fresh,
  importItems,
  lawyerWithOab,
  rowsOf,
  TEXT,
} from './intimations-helpers'
import { recordingQueue } from './recording-queue'

// Issue 41 §2–3: what a lawyer reads of her intimações: the pages, the calendar feed, the reminders,
// and what removing an OAB monitoring takes along (helpers and dates: intimations-helpers.ts).

describe('/intimacoes and /prazos', () => {
  it('show her intimações with text, lawsuit link and deadline, never another person’s', async () => {
    const { oab, id, cnj } = fresh()
    const { user, cookie } = await lawyerWithOab(oab)
    const { cookie: strangerCookie } = await lawyerWithOab(fresh().oab)
    await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
    const numero = `${cnj.slice(0, 7)}-${cnj.slice(7, 9)}.${cnj.slice(9, 13)}.${cnj.slice(13, 14)}.${cnj.slice(14, 16)}.${cnj.slice(16)}`
    const last = (expectedLastDay('2025-08-04') ?? '').split('-').reverse().join('/')
    const page = await (await get('/intimacoes', { headers: { Cookie: cookie } })).text()
    expect(page).toContain(`Processo ${numero}`)
    expect(page).toContain(`href="/processos/${numero}"`)
    expect(page).toContain('contrarrazões à apelação')
    expect(page).toContain(`Prazo: até ${last}`)
    const deadlines = await (await get('/prazos', { headers: { Cookie: cookie } })).text()
    expect(deadlines).toContain('Vencidos (1)')
    expect(deadlines).toContain(numero)
    // Someone else sees none of it, by page, filter or action.
    const theirs = await (
      await get(`/intimacoes?processo=${numero}`, { headers: { Cookie: strangerCookie } })
    ).text()
    // (the number they typed stays in their filter box; nothing of hers is listed)
    expect(theirs).toContain('Nenhuma intimação com estes filtros.')
    expect(theirs).not.toContain('contrarrazões')
    expect(theirs).not.toContain(`href="/processos/${numero}"`)
    const theirDeadlines = await (await get('/prazos', { headers: { Cookie: strangerCookie } })).text()
    expect(theirDeadlines).not.toContain(numero)
    const [row] = await rowsOf(user.id)
    const hijack = await postJson(
      `/ajax/intimacoes/${row?.id}/cumprido`,
      { cumprido: 'sim' },
      { Cookie: strangerCookie },
    )
    expect(hijack.status).toBe(404)
    const fix = await postJson(
      `/ajax/intimacoes/${row?.id}/corrigir`,
      { dias: '5' },
      { Cookie: strangerCookie },
    )
    expect(fix.status).toBe(404)
    expect((await rowsOf(user.id))[0]).toMatchObject({ fulfilledAt: null, correction: null })
    // Anonymous: the login page.
    const anonymous = await get('/intimacoes', { redirect: 'manual' })
    expect(anonymous.status).toBe(302)
  })

  it('filter by OAB, court and lawsuit', async () => {
    const a = fresh()
    const b = fresh()
    const { cookie } = await lawyerWithOab(a.oab)
    await postJson('/ajax/monitoramentos/oab', { numero: b.oab, uf: 'RJ' }, { Cookie: cookie })
    await importItems([
      djenItem({ id: a.id, cnj: a.cnj, date: '2025-08-04', oabs: [[a.oab, 'RJ']], text: `${TEXT} PRIMEIRA` }),
      djenItem({ id: b.id, cnj: b.cnj, date: '2025-08-05', oabs: [[b.oab, 'RJ']], text: `${TEXT} SEGUNDA` }),
    ])
    const read = async (query: string) =>
      (await get(`/intimacoes?${query}`, { headers: { Cookie: cookie } })).text()
    const all = await read('')
    expect(all.indexOf('SEGUNDA')).toBeLessThan(all.indexOf('PRIMEIRA')) // newest first
    expect(await read(`oab=RJ${b.oab}`)).not.toContain('PRIMEIRA')
    expect(await read(`oab=${encodeURIComponent(`OAB/RJ ${a.oab}`)}`)).not.toContain('SEGUNDA')
    expect(await read(`processo=${a.cnj}`)).not.toContain('SEGUNDA')
    expect(await read('tribunal=TJSP')).not.toContain('PRIMEIRA')
    expect(await read('tribunal=tjrj')).toContain('PRIMEIRA')
  })

  it('recount at once on a correction, kept and marked; "cumprido" without JavaScript', async () => {
    const { oab, id, cnj } = fresh()
    const { user, cookie } = await lawyerWithOab(oab)
    await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
    const [row] = await rowsOf(user.id)
    const fix = await plainPost(
      `/ajax/intimacoes/${row?.id}/corrigir`,
      { dias: '5', tribunal: '' },
      cookie,
      '/intimacoes',
    )
    expect(fix.status).toBe(303)
    const [fixed] = await rowsOf(user.id)
    expect(fixed?.lastDay).toBe(expectedLastDay('2025-08-04', 5))
    expect(fixed?.lastDay).not.toBe(row?.lastDay)
    expect(fixed?.correction).toEqual({ days: 5 })
    // A later copy of the same communication keeps the correction.
    await importItems([
      djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']], text: `${TEXT} (republicada)` }),
    ])
    expect((await rowsOf(user.id))[0]?.lastDay).toBe(expectedLastDay('2025-08-04', 5))
    const page = await (await get('/intimacoes', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Prazo corrigido por você')
    const bad = await postJson(`/ajax/intimacoes/${row?.id}/corrigir`, { dias: '0' }, { Cookie: cookie })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.dias).toBe(
      'Informe um número de dias entre 1 e 365.',
    )
    const done = await plainPost(
      `/ajax/intimacoes/${row?.id}/cumprido`,
      { cumprido: 'sim' },
      cookie,
      '/prazos',
    )
    expect(done.status).toBe(303)
    expect((await rowsOf(user.id))[0]?.fulfilledAt).not.toBeNull()
    expect(await (await get('/prazos', { headers: { Cookie: cookie } })).text()).toContain('Cumprido')
    // Undoing the correction: back to the automatic count.
    await postJson(`/ajax/intimacoes/${row?.id}/corrigir`, { dias: '', tribunal: '' }, { Cookie: cookie })
    expect((await rowsOf(user.id))[0]).toMatchObject({
      correction: null,
      lastDay: expectedLastDay('2025-08-04'),
    })
  })
})

describe('the iCalendar feed', () => {
  it('holds one all-day event per deadline with the CNJ number, past ones too; a new address retires the old', async () => {
    const { oab, id, cnj } = fresh()
    const { user, cookie } = await lawyerWithOab(oab)
    await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
    const [row] = await rowsOf(user.id)
    const token = await feedToken(deps(), user.id)
    const deadlinesPage = await (await get('/prazos', { headers: { Cookie: cookie } })).text()
    expect(deadlinesPage).toContain(feedPath(token))
    const response = await get(feedPath(token))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const ics = await response.text()
    const numero = `${cnj.slice(0, 7)}-${cnj.slice(7, 9)}.${cnj.slice(9, 13)}.${cnj.slice(13, 14)}.${cnj.slice(14, 16)}.${cnj.slice(16)}`
    const unfolded = ics.replace(/\r\n /g, '')
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true)
    expect(unfolded).toContain(`UID:intimacao-${row?.id}@`)
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${(row?.lastDay ?? '').replace(/-/g, '')}`)
    expect(unfolded).toMatch(
      new RegExp(`SUMMARY:Prazo: Intimação – Despacho – processo ${numero} \\(TJRJ\\)`),
    )
    // Replacing the address: the old one stops working at once.
    const replaced = await postJson('/ajax/prazos/agenda/novo-endereco', {}, { Cookie: cookie })
    expect(replaced.status).toBe(200)
    expect((await get(feedPath(token))).status).toBe(404)
    const fresher = await feedToken(deps(), user.id)
    expect(fresher).not.toBe(token)
    expect((await get(feedPath(fresher))).status).toBe(200)
    expect((await get('/prazos/agenda/nada.ics')).status).toBe(404)
  })
})

describe('reminders', () => {
  it('fall on the business days of the count before the last day', () => {
    const deadline = computeDeadline({ availableOn: '2025-08-04', court: 'TJRJ', text: TEXT, active: true })
    if (!deadline) throw new Error('no deadline')
    const counted = deadline.steps.filter((s) => s.ordinal !== undefined).map((s) => s.date)
    const dates = reminderDates(deadline, [3, 1])
    expect(dates.get(1)).toBe(counted[counted.length - 2])
    expect(dates.get(3)).toBe(counted[counted.length - 4])
    expect(reminderDates(deadline, [40]).size).toBe(0)
  })

  it('are sent once a day, once each, by the person’s chosen days', async () => {
    const { oab, id, cnj } = fresh()
    const { user, cookie } = await lawyerWithOab(oab)
    await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
    const [row] = await rowsOf(user.id)
    const deadline = computeDeadline({ availableOn: '2025-08-04', court: 'TJRJ', text: TEXT, active: true })
    const day = reminderDates(deadline as NonNullable<typeof deadline>, [2]).get(2) as string
    expect((await postJson('/ajax/prazos/lembretes', { dias: '2' }, { Cookie: cookie })).status).toBe(200)
    const queue = recordingQueue()
    // 10:00 UTC is 07:00 in Brasília, the reminders' hour.
    const at = Date.parse(`${day}T10:00:00Z`)
    const run = () => remindDeadlines({ ...deps(), notificationsQueue: queue.queue }, at)
    await run()
    const mine = queue.sent.filter((m) => (m as { userId: number }).userId === user.id)
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'lembrete-prazo',
        dedupeKey: `prazo:${row?.id}:${row?.lastDay}:2`,
        title: expect.stringContaining('Faltam 2 dias úteis'),
      }),
    ])
    queue.clear()
    await run()
    expect(queue.sent).toEqual([])
    const bad = await postJson('/ajax/prazos/lembretes', { dias: '3, x' }, { Cookie: cookie })
    expect(bad.status).toBe(422)
  })
})

describe('removing an OAB monitoring', () => {
  it('takes its intimações, their notifications and its calendar events along', async () => {
    const { oab, id, cnj } = fresh()
    const { user, cookie } = await lawyerWithOab(oab)
    await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
    const [row] = await rowsOf(user.id)
    const { notifications } = await import('~/db/schema')
    await deps()
      .db.insert(notifications)
      .values([
        { userId: user.id, kind: 'intimacao', title: 'Intimação', dedupeKey: `intimacao:${row?.id}` },
        {
          userId: user.id,
          kind: 'lembrete-prazo',
          title: 'Lembrete',
          dedupeKey: `prazo:${row?.id}:2025-08-26:1`,
        },
      ])
    const token = await feedToken(deps(), user.id)
    const { monitorings } = await import('~/db/schema-monitoring')
    const [monitoring] = await deps().db.select().from(monitorings).where(eq(monitorings.userId, user.id))
    const removed = await postJson(
      '/ajax/monitoramentos/excluir',
      { itens: [String(monitoring?.id)] },
      { Cookie: cookie },
    )
    expect(removed.status).toBe(200)
    expect(await rowsOf(user.id)).toEqual([])
    expect(await deps().db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([])
    expect(await (await get(feedPath(token))).text()).not.toContain('BEGIN:VEVENT')
  })
})
