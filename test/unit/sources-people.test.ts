import { and, eq, inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { intimations } from '~/db/schema-intimations'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { sourceJobs } from '~/db/schema-sources'
import { computeDeadline } from '~/domain/deadlines/compute'
import { checkWindow } from '~/domain/monitoring/check.server'
import { sendPage } from '~/domain/sources/engine.server'
import { brasiliaDay } from '~/domain/sources/people.server'
import { planSources } from '~/domain/sources/plan.server'
import { sourcePageMessage } from '~/domain/sources/sources-messages'
import { enginesFetcher, sourcesHandler } from '../../workers/queues'
import { grantRole } from './claims-helpers'
import { runCron } from './cron-helpers'
import { clearFaults, setFault } from './feeds-helpers'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { djenItem, fresh, importItems } from './intimations-helpers'
import { drain, engineDeps, jobOf, recordingClock, viaWorker } from './sources-helpers'

// Issue 40 §2 joined with issue 41 (decisions/0100, "what people follow, first"): an OAB monitor
// is asked at DJEN by the cron's plan and the SOURCES consumer (here delivered by the test through
// the engine, against the stand-in on the real Worker), and the person has the intimação, its
// deadline and one notification.

const DAY = 86_400_000
const FIFTEEN = 'Fica a parte autora intimada para apresentar contrarrazões no prazo de 15 (quinze) dias.'
const FIVE = 'Fica a parte intimada para se manifestar no prazo de 5 (cinco) dias.'

const dayBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10)

const expectedLastDay = (availableOn: string, text: string) =>
  computeDeadline({
    availableOn,
    court: 'TJRJ',
    text,
    communicationType: 'Intimação',
    documentType: 'Despacho',
    className: 'PROCEDIMENTO COMUM CÍVEL',
    classCode: '7',
    active: true,
  })?.lastDay ?? null

async function publishDjen(items: unknown[]) {
  const response = await postJson('/__dev/djen/comunicacoes', { items })
  expect(response.status).toBe(201)
}

async function lawyerWithOab(oab: string) {
  const user = await createUser()
  const cookie = await sessionCookie(user.id)
  const response = await postJson('/ajax/monitoramentos/oab', { numero: oab, uf: 'RJ' }, { Cookie: cookie })
  expect(response.status).toBe(200)
  const [monitoring] = await deps().db.select().from(monitorings).where(eq(monitorings.userId, user.id))
  return { user, monitoringId: monitoring?.id ?? 0 }
}

/**
 * The cron's plan at `at`, again until the jobs `wanted` names exist (the shared test database
 * holds other files' monitors ahead of ours in the budget); the queue keeps only those jobs' pages.
 */
async function plan(at: number, wanted: (key: string, source: string) => boolean) {
  const { deps: d, queue } = engineDeps()
  let mine: number[] = []
  for (let i = 0; i < 10 && !mine.length; i++) {
    await planSources(d, at)
    const ids = queue.sent.map((m) => sourcePageMessage.parse(m).jobId)
    const jobs = ids.length ? await d.db.select().from(sourceJobs).where(inArray(sourceJobs.id, ids)) : []
    mine = jobs.filter((j) => wanted(j.key, j.source)).map((j) => j.id)
    const kept = queue.sent.filter((m) => mine.includes(sourcePageMessage.parse(m).jobId))
    queue.clear()
    queue.sent.push(...kept)
  }
  expect(mine.length).toBeGreaterThan(0)
  return { d, queue, jobs: mine }
}

const rowsOf = (userId: number) =>
  deps().db.select().from(intimations).where(eq(intimations.userId, userId)).orderBy(intimations.availableOn)

const noticesOf = (userId: number) =>
  deps()
    .db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'intimacao')))

beforeEach(clearFaults)

describe('OAB monitors at DJEN', () => {
  it('a communication published after the monitor is fetched on the next plan: the intimação, its deadline, one notice', async () => {
    const { oab, id, cnj } = fresh()
    const { user } = await lawyerWithOab(oab)
    const now = Date.now()
    const today = brasiliaDay(now)
    const ours = (key: string) => key.startsWith(`oab:RJ${oab}:`)
    // The first look finds nothing yet.
    const first = await plan(now, ours)
    await drain(first.d, first.queue)
    expect(await rowsOf(user.id)).toEqual([])

    await publishDjen([djenItem({ id, cnj, date: today, text: FIFTEEN, oabs: [[oab, 'RJ']] })])
    // The next period's plan (OAB_RECHECK_MINUTES = 10 in wrangler.toml) asks again; the SOURCES
    // consumer stores the page and announces it at once, without waiting for a tick.
    const next = await plan(now + 10 * 60_000, ours)
    const consume = sourcesHandler({ ...deps(), sourcesQueue: next.queue.queue }, viaWorker)
    for (const message of next.queue.sent.splice(0)) await consume(sourcePageMessage.parse(message))
    const notices = await eventually(async () => {
      const found = await noticesOf(user.id)
      return found.length ? found : null
    })
    expect(notices).toHaveLength(1)
    // The page comes again (a later period asks the same day): nothing doubles.
    const again = await plan(now + 20 * 60_000, ours)
    await drain(again.d, again.queue)
    const rows = await rowsOf(user.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ communicationId: id, lastDay: expectedLastDay(today, FIFTEEN) })
    expect(rows[0]?.lastDay).toBeTruthy()

    // The cron's own announcement step, twice: still one notice.
    await runCron()
    await runCron()
    expect(await noticesOf(user.id)).toHaveLength(1)
  })

  it('a new monitor looks back 30 days once: an open deadline is announced, a finished one is history', async () => {
    const today = brasiliaDay(Date.now())
    const open = fresh()
    const past = fresh()
    const older = fresh()
    const oab = open.oab
    await publishDjen([
      djenItem({ id: open.id, cnj: open.cnj, date: dayBefore(today, 3), text: FIFTEEN, oabs: [[oab, 'RJ']] }),
      djenItem({ id: past.id, cnj: past.cnj, date: dayBefore(today, 25), text: FIVE, oabs: [[oab, 'RJ']] }),
      // Past the look-back window: not asked for.
      djenItem({ id: older.id, cnj: older.cnj, date: dayBefore(today, 40), text: FIVE, oabs: [[oab, 'RJ']] }),
    ])
    const { user, monitoringId } = await lawyerWithOab(oab)
    // Imported by file meanwhile (`npm run import -- djen`): no look-back's, announced as always.
    const imported = fresh()
    await importItems([
      djenItem({
        id: imported.id,
        cnj: imported.cnj,
        date: dayBefore(today, 50),
        text: FIVE,
        oabs: [[oab, 'RJ']],
      }),
    ])
    const lookback = `oab-historico:${monitoringId}`
    const { d, queue, jobs } = await plan(Date.now(), (key) => key === lookback)
    const [job] = jobs
    expect((await jobOf(job ?? 0))?.request).toMatchObject({
      window: { from: dayBefore(today, 30), to: dayBefore(today, 1) },
      query: { numeroOab: oab, ufOab: 'RJ' },
    })
    await drain(d, queue)
    const [byFile, ...rows] = await rowsOf(user.id)
    expect(byFile).toMatchObject({ communicationId: imported.id, announcedAt: null })
    expect(rows.map((r) => r.communicationId)).toEqual([past.id, open.id])
    // Both counted: the finished one keeps its (past) last day for the record.
    expect(rows.map((r) => r.lastDay)).toEqual([
      expectedLastDay(dayBefore(today, 25), FIVE),
      expectedLastDay(dayBefore(today, 3), FIFTEEN),
    ])
    expect(rows[0]?.announcedAt).not.toBeNull()
    expect(rows[1]?.announcedAt).toBeNull()

    await runCron()
    const notices = await eventually(async () => {
      const found = await noticesOf(user.id)
      return found.length === 2 ? found : null
    })
    expect(notices.map((n) => n.dedupeKey).sort()).toEqual(
      [`intimacao:${byFile?.id}`, `intimacao:${rows[1]?.id}`].sort(),
    )
    // Once: a second plan does not look back again.
    const { queue: later } = engineDeps()
    await planSources({ ...d, sourcesQueue: later.queue }, Date.now())
    const keys = await Promise.all(
      later.sent.map(async (m) => (await jobOf(sourcePageMessage.parse(m).jobId))?.key),
    )
    expect(keys).not.toContain(lookback)
  })

  for (const tipo of ['429', '500', 'corte'] as const)
    it(`a DJEN fault (${tipo}) loses nothing and doubles nothing`, async () => {
      const { oab, id, cnj } = fresh()
      const { user } = await lawyerWithOab(oab)
      const today = brasiliaDay(Date.now())
      await publishDjen([djenItem({ id, cnj, date: today, text: FIFTEEN, oabs: [[oab, 'RJ']] })])
      const { d, queue, jobs } = await plan(Date.now(), (key) => key.startsWith(`oab:RJ${oab}:`))
      const sent = [...queue.sent]
      // Only this OAB's pages fail: the real queue may be fetching other files' monitors meanwhile.
      await setFault({ fonte: 'djen', tipo, vezes: 4, retry_after: 1, caminho: `numeroOab=${oab}` })
      const { clock } = recordingClock()
      const outcomes = await drain(d, queue, { clock, manners: { tries: 2 } })
      expect(outcomes.at(-1)).toBe('stored')
      expect(outcomes.some((o) => o.startsWith('retry:'))).toBe(true)
      expect((await jobOf(jobs[0] ?? 0))?.status).toBe('feito')
      // The same page delivered once more finds it done.
      for (const m of sent) await sendPage({ sourcesQueue: queue.queue }, sourcePageMessage.parse(m))
      expect(await drain(d, queue)).toEqual(['stale'])
      const rows = await rowsOf(user.id)
      expect(rows.map((r) => r.communicationId)).toEqual([id])
      expect(rows[0]?.lastDay).toBe(expectedLastDay(today, FIFTEEN))
    })
})

describe('name monitors at Querido Diário', () => {
  it('the day’s gazette naming the monitored name is stored and the monitor has its hit', async () => {
    const name = `Olegária Trancoso Vilaverde ${fresh().oab}`
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const created = await postJson(
      '/ajax/monitoramentos',
      { tipo: 'nome', modo: 'exato', fontes: ['diarios'], termo: name },
      { Cookie: cookie },
    )
    expect(created.status).toBe(200)
    const [monitoring] = await deps().db.select().from(monitorings).where(eq(monitorings.userId, user.id))
    const started = Date.now()
    // Querido Diário is planned every 30 minutes: a tick on the half hour.
    const tick = Math.ceil(started / 1_800_000) * 1_800_000
    const day = brasiliaDay(tick)
    const published = await postJson('/__dev/querido-diario/diarios', {
      territory_id: '3541059',
      territory_name: 'Pratânia',
      state_code: 'SP',
      date: day,
      edition: String(7000 + Number(fresh().oab.slice(0, 3))),
      texto: `PREFEITURA MUNICIPAL DE PRATÂNIA\nPORTARIA Nº 12 DE ${day}\nNomeia ${name.toUpperCase()} para o cargo de assessora.\nArt. 1º Esta portaria entra em vigor na data de sua publicação.`,
    })
    expect(published.status).toBe(201)
    const term = name.toLowerCase()
    const { d, queue } = await plan(
      tick,
      (key, source) => source === 'querido-diario' && key.startsWith(`nome:${term}:`),
    )
    expect(await drain(d, queue)).toEqual(['stored'])
    await checkWindow(d, { from: started, to: Date.now() + 1 })
    const hits = await d.db
      .select()
      .from(monitoringHits)
      .where(eq(monitoringHits.monitoringId, monitoring?.id ?? 0))
    expect(hits).toHaveLength(1)
    expect(hits[0]?.title ?? '').toMatch(/Pratânia/i)
  })
})

describe("the SOURCES consumer's network", () => {
  it('answers a stand-in on this machine in-process for every source, whatever port the vars name', async () => {
    const inProcess: string[] = []
    const fetcher = enginesFetcher(async (request) => {
      inProcess.push(request.url)
      return new Response('{}')
    })
    for (const path of ['datajud', 'djen', 'querido-diario', 'inlabs'])
      await fetcher(new Request(`http://localhost:9999/__dev/${path}/x`))
    expect(inProcess).toHaveLength(4)
  })
})

describe('the four sources on the public and the reviewers’ pages', () => {
  it('/cobertura and /revisao/fontes name DataJud, DJEN, Querido Diário and INLABS', async () => {
    const reviewer = await createUser()
    await grantRole(reviewer.id)
    const cookie = await sessionCookie(reviewer.id)
    const review = await (await get('/revisao/fontes', { headers: { Cookie: cookie } })).text()
    const coverage = await (await get('/cobertura')).text()
    for (const page of [review, coverage])
      for (const name of [
        'DataJud (CNJ)',
        'Diário de Justiça Eletrônico Nacional (DJEN)',
        'Querido Diário (diários oficiais municipais)',
        'Diário Oficial da União (INLABS)',
      ])
        expect(page).toContain(name)
  })
})
