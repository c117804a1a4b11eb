import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { storeDjenItems } from '~/domain/corpus/import/formats/djen'
import { announceIntimations } from '~/domain/intimations/announce.server'
import { feedPath, feedToken } from '~/domain/intimations/settings.server'
import { runCron } from './cron-helpers'
import { BASE, createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { djenItem, expectedLastDay, fresh, importItems, lawyerWithOab, rowsOf } from './intimations-helpers'
import { recordingQueue } from './recording-queue'

// Issue 41 §1–3: an OAB monitored, DJEN communications naming it become the person's intimações
// with their deadlines, announced once, corrected, fulfilled, in a private calendar feed.
// Dates where only weekends are non-business days (August 2025 in Rio), so the test holds under
// the first counter and the court-calendar one; expectations come from computeDeadline itself.

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
