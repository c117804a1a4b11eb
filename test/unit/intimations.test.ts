import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { intimations } from '~/db/schema-intimations'
import { webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { storeDjenItems } from '~/domain/corpus/import/formats/djen'
import { computeDeadline } from '~/domain/deadlines/compute'
import { announceIntimations, remindDeadlines, reminderDates } from '~/domain/intimations/announce.server'
import { feedPath, feedToken } from '~/domain/intimations/settings.server'
import { runCron } from './cron-helpers'
import { BASE, createUser, deps, eventually, get, plainPost, postJson, sessionCookie } from './helpers'
import { djenItem, fresh, importItems } from './intimations-helpers'
import { recordingQueue } from './recording-queue'

// Issue 41 §1–3: an OAB monitored, DJEN communications naming it become the person's intimações
// with their deadlines, announced once, corrected, fulfilled, in a private calendar feed.
// Dates where only weekends are non-business days (August 2025 in Rio), so the test holds under
// the first counter and the court-calendar one; expectations come from computeDeadline itself.

const TEXT =
  'Fica a parte autora intimada para apresentar contrarrazões à apelação no prazo de 15 (quinze) dias.'

const expectedLastDay = (availableOn: string, days?: number) =>
  computeDeadline({
    availableOn,
    court: 'TJRJ',
    text: TEXT,
    communicationType: 'Intimação',
    documentType: 'Despacho',
    className: 'PROCEDIMENTO COMUM CÍVEL',
    classCode: '7',
    active: true,
    ...(days ? { override: { days } } : {}),
  })?.lastDay

async function lawyerWithOab(number: string, uf = 'RJ', written = number) {
  const user = await createUser()
  const cookie = await sessionCookie(user.id)
  const response = await postJson('/ajax/monitoramentos/oab', { numero: written, uf }, { Cookie: cookie })
  expect(response.status).toBe(200)
  return { user, cookie }
}

const rowsOf = (userId: number) =>
  deps().db.select().from(intimations).where(eq(intimations.userId, userId)).orderBy(intimations.id)

describe('Monitorar OAB', () => {
  it('stores the number in any written form once, refuses a second copy and bad input in Portuguese', async () => {
    const { oab } = fresh()
    const grouped = `${oab.slice(0, 3)}.${oab.slice(3)}`
    const { cookie } = await lawyerWithOab(oab, 'RJ', `OAB/RJ 0${grouped}`)
    const again = await postJson(
      '/ajax/monitoramentos/oab',
      { numero: `${oab}/RJ`, uf: 'RJ' },
      { Cookie: cookie },
    )
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ errors: ['Você já monitora esta inscrição da OAB.'] })
    // A suplementar inscription is another monitoring.
    const supl = await postJson(
      '/ajax/monitoramentos/oab',
      { numero: `${oab}-A`, uf: 'RJ' },
      { Cookie: cookie },
    )
    expect(supl.status).toBe(200)
    const bad = await postJson(
      '/ajax/monitoramentos/oab',
      { numero: `${oab}/SP`, uf: 'RJ' },
      { Cookie: cookie },
    )
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.numero).toMatch(
      /^Número da OAB inválido/,
    )
    const noUf = await postJson('/ajax/monitoramentos/oab', { numero: oab, uf: '' }, { Cookie: cookie })
    expect(noUf.status).toBe(422)
    const page = await (await get('/monitoramentos', { headers: { Cookie: cookie } })).text()
    expect(page).toContain(`OAB/RJ ${grouped}`)
    expect(page).toContain(`OAB/RJ ${grouped}-A`)
    expect(page).toContain('Monitorar OAB')
  })

  it('counts in the monitoring cap', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const { monitorings } = await import('~/db/schema-monitoring')
    const rows = Array.from({ length: 100 }, (_, i) => ({
      userId: user.id,
      kind: 'termo' as const,
      term: `termo de teste ${i}`,
      sources: ['diarios'],
    }))
    for (let i = 0; i < rows.length; i += 10)
      await deps()
        .db.insert(monitorings)
        .values(rows.slice(i, i + 10))
    const response = await postJson(
      '/ajax/monitoramentos/oab',
      { numero: fresh().oab, uf: 'SP' },
      { Cookie: cookie },
    )
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({
      errors: ['Você pode ter até 100 monitoramentos. Exclua algum para criar outro.'],
    })
  })
})

describe('a DJEN communication naming a monitored OAB', () => {
  it('becomes an intimação of that person only, with its deadline, whatever its date, once', async () => {
    const { oab, id, cnj } = fresh()
    const other = fresh()
    const { user } = await lawyerWithOab(oab)
    const { user: stranger } = await lawyerWithOab(other.oab)
    const items = [
      // Last year's file gives last year's intimações; DJEN writes the number with a leading zero.
      djenItem({
        id,
        cnj,
        date: '2025-08-04',
        oabs: [
          [`0${oab}`, 'RJ'],
          ['111', 'SP'],
        ],
      }),
      djenItem({
        id: `${id}1`,
        cnj,
        date: '2025-08-11',
        kind: 'Pauta de julgamento',
        text: 'EDITAL-PAUTA',
        oabs: [[oab, 'rj']],
      }),
      // Same number in another state: not hers.
      djenItem({ id: `${id}2`, cnj, date: '2025-08-05', oabs: [[oab, 'SP']] }),
    ]
    await importItems(items)
    await importItems(items)
    const rows = await rowsOf(user.id)
    expect(rows.map((r) => r.communicationId)).toEqual([id, `${id}1`])
    expect(rows[0]?.lastDay).toBe(expectedLastDay('2025-08-04'))
    expect(rows[0]?.lastDay).not.toBeNull()
    expect(rows[1]?.lastDay).toBeNull() // a pauta asks nothing
    expect(await rowsOf(stranger.id)).toEqual([])
  })

  it('is announced once: bell and e-mail through the notifications, the webhook with the deadline', async () => {
    const { oab, id, cnj } = fresh()
    const { user } = await lawyerWithOab(oab)
    await deps()
      .db.insert(webhooks)
      .values({ userId: user.id, url: `${BASE}/__dev/webhook`, secret: 's' })
    await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
    const [row] = await rowsOf(user.id)
    const notifications = recordingQueue()
    const announce = () => announceIntimations({ ...deps(), notificationsQueue: notifications.queue }, 10_000)
    await announce()
    const mine = notifications.sent.filter((m) => (m as { userId: number }).userId === user.id)
    expect(mine).toEqual([
      expect.objectContaining({
        type: 'notify',
        kind: 'intimacao',
        dedupeKey: `intimacao:${row?.id}`,
        url: `/intimacoes#intimacao-${row?.id}`,
      }),
    ])
    const [delivery] = await deps()
      .db.select()
      .from(webhookOutbox)
      .where(and(eq(webhookOutbox.userId, user.id), eq(webhookOutbox.deliveryKey, `intimacao-${row?.id}`)))
    expect(JSON.parse(delivery?.body ?? '{}').intimacao.prazo.ultimo_dia).toBe(expectedLastDay('2025-08-04'))
    // A second tick (or a redelivered one) announces nothing again.
    notifications.clear()
    await announce()
    expect(notifications.sent.filter((m) => (m as { userId: number }).userId === user.id)).toEqual([])
  })

  it('withdraws its deadline when the DJEN cancels it (ativo false or status C), and the feed drops it', async () => {
    const { oab, id, cnj } = fresh()
    const { user } = await lawyerWithOab(oab)
    await importItems([
      djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] }),
      djenItem({ id: `${id}9`, cnj, date: '2025-08-06', oabs: [[oab, 'RJ']] }),
    ])
    const token = await feedToken(deps(), user.id)
    const before = await (await get(feedPath(token))).text()
    expect(before.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    await importItems([
      djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']], ativo: false }),
      djenItem({ id: `${id}9`, cnj, date: '2025-08-06', oabs: [[oab, 'RJ']], status: 'C' }),
    ])
    const rows = await rowsOf(user.id)
    expect(rows.map((r) => [r.active, r.lastDay])).toEqual([
      [false, null],
      [false, null],
    ])
    const after = await (await get(feedPath(token))).text()
    expect(after).not.toContain('BEGIN:VEVENT')
    const page = await (
      await get('/intimacoes', { headers: { Cookie: await sessionCookie(user.id) } })
    ).text()
    expect(page).toContain('Cancelada no DJEN: prazo retirado.')
  })
})

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

describe('the two arrivals and the real queue', () => {
  it('a fetched DJEN page reaches the same use-case; the cron and the queue consumer notify once', async () => {
    const { oab, id, cnj } = fresh()
    const { user } = await lawyerWithOab(oab)
    const d = deps()
    // The DJEN fetch hands one page of `items[]` to the importer's store path.
    await storeDjenItems(
      { db: d.db, corpus: d.corpus },
      [djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })],
      'pagina 1',
    )
    const [row] = await rowsOf(user.id)
    expect(row?.lastDay).toBe(expectedLastDay('2025-08-04'))
    const { notifications } = await import('~/db/schema')
    const mine = () =>
      d.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.dedupeKey, `intimacao:${row?.id}`)))
    await runCron()
    const [notice] = await eventually(async () => {
      const rows = await mine()
      return rows.length ? rows : null
    })
    expect(notice?.title).toContain(`prazo até ${(row?.lastDay ?? '').split('-').reverse().join('/')}`)
    await runCron()
    expect(await mine()).toHaveLength(1)
  })
})
