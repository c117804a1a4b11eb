import { env, SELF } from 'cloudflare:test'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { lawsuits, movements } from '~/db/schema-corpus'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { lawsuitLookups, sourceJobs } from '~/db/schema-sources'
import { formatCnj } from '~/domain/corpus/cnj'
import { parseDatajud } from '~/domain/corpus/import/formats/datajud'
import { checkWindow } from '~/domain/monitoring/check.server'
import { sourceEntry } from '~/domain/sources/catalogue'
import { retrySourceJob, sendPage } from '~/domain/sources/engine.server'
import { planSources } from '~/domain/sources/plan.server'
import { DEFAULT_MANNERS, politeFetch } from '~/domain/sources/polite-fetch'
import { loadRecorded } from '~/fixtures/sources/datajud-standin'
import { grantRole } from './claims-helpers'
import { runCron } from './cron-helpers'
import { BASE, createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { sharedFile } from './shared-data'
import { drain, engineDeps, jobOf, loadDatajudRecordings, recordingClock } from './sources-helpers'

const TJDFT = 'datajud/tjdft_precatorios_137hits.json'

/** What a fault-free fetch of the recorded answer stores: each lawsuit's movements, merged. */
function expectedCorpus() {
  const parsed = parseDatajud({ name: TJDFT, content: sharedFile(TJDFT) })
  return new Map(parsed.records.map((r) => [r.cnj, new Set(r.movements.map((m) => `${m.at}|${m.name}`))]))
}

async function storedCorpus(cnjs: string[]) {
  const rows: { cnj: string; at: string | null; name: string | null }[] = []
  for (let i = 0; i < cnjs.length; i += 90)
    rows.push(
      ...(await deps()
        .db.select({ cnj: lawsuits.cnj, at: movements.at, name: movements.name })
        .from(lawsuits)
        .leftJoin(movements, eq(movements.lawsuitId, lawsuits.id))
        .where(inArray(lawsuits.cnj, cnjs.slice(i, i + 90)))),
    )
  const byCnj = new Map<string, string[]>()
  for (const r of rows)
    byCnj.set(r.cnj, [...(byCnj.get(r.cnj) ?? []), ...(r.at ? [`${r.at}|${r.name}`] : [])])
  return byCnj
}

/** A job over the whole recorded period of a court, as the planner makes one per day. */
async function windowJob(key: string, alias: string) {
  const { deps: d, queue } = engineDeps()
  const [job] = await d.db
    .insert(sourceJobs)
    .values({
      source: 'datajud',
      key,
      request: {
        source: 'datajud',
        window: { from: '2024-01-01', to: '2025-12-31' },
        page: 0,
        query: { alias },
      },
    })
    .returning()
  if (!job) throw new Error('job not inserted')
  await sendPage(d, { type: 'page', jobId: job.id, page: 0 })
  return { d, queue, job }
}

const faults = (falhas: string[], esperaMs?: number) =>
  postJson('/__dev/datajud/falhas', { falhas, esperaMs })

const monitorLawsuit = (cookie: string, numero: string) =>
  postJson(
    '/api/interno/processos',
    {
      numero_processo: numero,
      termo: numero,
      tipo: 'processo',
      origem_criacao: 'BOTAO_MONITORAR_PAGINA_PROCESSO',
    },
    { Cookie: cookie },
  )

describe('fetching under faults: the same corpus and the same alerts as a fault-free run', () => {
  it('429, 500, a timeout, a cut body and a changed field: every record stored once, none lost', async () => {
    await loadDatajudRecordings()
    const expected = expectedCorpus()
    const watched = ['07122527920208070015', '07038220720218070015']
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    for (const cnj of watched) expect((await monitorLawsuit(cookie, formatCnj(cnj))).status).toBe(200)
    const started = Date.now()

    expect((await faults(['429', '500', 'timeout', 'corte', 'campo'], 1500)).status).toBe(200)
    const { d, queue, job } = await windowJob('janela:tjdft:falhas', 'tjdft')
    const { clock, waits } = recordingClock()
    const outcomes = await drain(d, queue, { manners: { timeoutMs: 300 }, clock })
    // The 429's Retry-After (2 s) was waited; the timeout's third try went back to the queue.
    expect(waits).toContain(2000)
    expect(outcomes[0]).toMatch(/^retry:\d+$/)
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(2)
    const done = await jobOf(job.id)
    expect(done).toMatchObject({ status: 'feito', page: 1, attempts: 0, lastError: null, skipped: 0 })

    const stored = await storedCorpus([...expected.keys()])
    expect(stored.size).toBe(expected.size)
    for (const [cnj, moves] of expected) {
      const got = stored.get(cnj) ?? []
      // Zero doubles, zero loss: the same movements, each once.
      expect(new Set(got).size, cnj).toBe(got.length)
      expect(new Set(got), cnj).toEqual(moves)
    }

    // The alerts: each watched lawsuit announced once as arrived (its first movements as one).
    for (let i = 0; i < 2; i++) await checkWindow(d, { from: started, to: Date.now() + 1 })
    for (const cnj of watched) {
      const [m] = await d.db.select().from(monitorings).where(eq(monitorings.cnj, cnj))
      const hits = await d.db
        .select()
        .from(monitoringHits)
        .where(eq(monitoringHits.monitoringId, m?.id ?? 0))
      expect(hits.map((h) => h.documentKind).sort()).toEqual(['movimentos', 'processo'])
    }
    const told = await eventually(async () => {
      const rows = await d.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'monitoramento')))
      return rows.length >= 4 ? rows : null
    })
    expect(told).toHaveLength(4)

    // The court moves; the recheck meets a 500, a cut body and a 429, and still alerts once.
    const cnj = watched[0] ?? ''
    await postJson(
      '/__dev/datajud/movimentos',
      { numero: cnj, nome: 'Conclusão', codigo: 51 },
      { Accept: 'application/json' },
    )
    await faults(['500', 'corte', '429'])
    const recheck = Number(env.LAWSUIT_RECHECK_MINUTES) * 60_000
    await d.db.update(lawsuitLookups).set({ checkedAt: 0 })
    const before = Date.now()
    await planSources(d, Date.now() + recheck)
    await drain(d, queue, { clock })
    for (let i = 0; i < 2; i++) await checkWindow(d, { from: before, to: Date.now() + 1 })
    const [m] = await d.db.select().from(monitorings).where(eq(monitorings.cnj, cnj))
    const hits = await d.db
      .select()
      .from(monitoringHits)
      .where(eq(monitoringHits.monitoringId, m?.id ?? 0))
    expect(hits.filter((h) => h.title.includes('Conclusão'))).toHaveLength(1)
    const after = await storedCorpus([cnj])
    expect(after.get(cnj)?.length).toBe((expected.get(cnj)?.size ?? 0) + 1)
  })

  it('after the last try the page is a dead letter; "Tentar de novo" fetches it and loses nothing', {
    timeout: 90_000,
  }, async () => {
    await loadDatajudRecordings()
    await faults(Array(15).fill('500'))
    const { d, queue, job } = await windowJob('janela:tjdft:morta', 'tjdft')
    const { clock } = recordingClock()
    const outcomes = await drain(d, queue, { clock })
    expect(outcomes.at(-1)).toBe('dead')
    expect(await jobOf(job.id)).toMatchObject({ status: 'falhou', lastError: 'HTTP 500', attempts: 5 })

    // Reviewers see it, and the site's freshness says the source is failing.
    const reviewer = await createUser()
    await grantRole(reviewer.id)
    const cookie = await sessionCookie(reviewer.id)
    const review = await (await get('/revisao/fontes', { headers: { Cookie: cookie } })).text()
    expect(review).toContain('janela:tjdft:morta: HTTP 500 (5 tentativas)')
    expect(review).toContain('aria-label="Tentar de novo o trabalho janela:tjdft:morta"')
    const coverage = await (await get('/cobertura')).text()
    expect(coverage).toContain('Atualização das fontes')
    expect(coverage).toContain('Com falhas: a equipe foi avisada')
    expect(coverage).toContain('Documentos buscados por mês, por fonte')
    expect(coverage).not.toContain('<script src')

    // "Tentar de novo" as a plain form: back to the queue, and the real consumer fetches it.
    const retried = await SELF.fetch(`${BASE}/ajax/revisao/fontes/${job.id}/tentar-de-novo`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        Origin: BASE,
        Accept: 'text/html',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: '',
      redirect: 'manual',
    })
    expect(retried.status).toBe(303)
    expect(retried.headers.get('Location')).toContain('/revisao/fontes')
    const done = await eventually(async () => {
      const row = await jobOf(job.id)
      return row?.status === 'feito' ? row : null
    }, 60_000)
    expect(done.attempts).toBe(0)
    const stored = await storedCorpus([...expectedCorpus().keys()])
    expect(stored.size).toBe(expectedCorpus().size)
    const after = await (await get('/revisao/fontes', { headers: { Cookie: cookie } })).text()
    expect(after).toContain('Nada falhou.')
    // Retrying what is not dead is refused in Portuguese.
    await expect(retrySourceJob(d, job.id)).rejects.toMatchObject({ status: 404 })
  })

  it('a window past its page budget stops as a dead letter and resumes from the next page', async () => {
    await loadDatajudRecordings()
    const entry = sourceEntry('datajud')
    if (!entry) throw new Error('datajud')
    const budget = entry.budget.pagesPerJob
    entry.budget.pagesPerJob = 1
    try {
      const { d, queue, job } = await windowJob('janela:tjdft:limite', 'tjdft')
      expect(await drain(d, queue)).toEqual(['stored'])
      expect(await jobOf(job.id)).toMatchObject({ status: 'falhou', page: 1 })
      entry.budget.pagesPerJob = budget
      await retrySourceJob(d, job.id)
      expect(await drain(d, queue)).toEqual(['stored'])
      expect(await jobOf(job.id)).toMatchObject({ status: 'feito', page: 1 })
      const stored = await storedCorpus([...expectedCorpus().keys()])
      // Every recorded movement once (an earlier test's added movement may be there too).
      for (const [cnj, moves] of expectedCorpus()) {
        const got = stored.get(cnj) ?? []
        expect(new Set(got).size, cnj).toBe(got.length)
        expect(
          [...moves].filter((m) => !got.includes(m)),
          cnj,
        ).toEqual([])
      }
    } finally {
      entry.budget.pagesPerJob = budget
    }
  })

  it('a record that cannot be read is skipped with its reason; the page and the rest are stored', async () => {
    const answer = JSON.parse(sharedFile('datajud/tjac_execucao_fazenda_1hit.json'))
    const good = answer.hits.hits[0]
    const broken = { ...good, _id: 'TJAC_QUEBRADO', _source: { ...good._source, numeroProcesso: '123' } }
    answer.hits.hits = [good, broken].map((h) => ({ ...h, _index: 'api_publica_tjac' }))
    if (!env.DEV_STANDINS) throw new Error('DEV_STANDINS ausente')
    await loadRecorded(env.DEV_STANDINS, JSON.stringify(answer))
    await faults([])
    const { d, queue, job } = await windowJob('janela:tjac:quebrado', 'tjac')
    expect(await drain(d, queue)).toEqual(['stored'])
    const done = await jobOf(job.id)
    expect(done).toMatchObject({ status: 'feito', records: 1, skipped: 1 })
    expect(done?.skips?.[0]?.reason).toBe('número de processo inválido: "123"')
    const [row] = await d.db
      .select({ n: sql<number>`count(*)` })
      .from(lawsuits)
      .where(eq(lawsuits.cnj, good._source.numeroProcesso))
    expect(row?.n).toBe(1)
  })
})

describe('on the real Worker: cron, queue and consumer', () => {
  it('a tick queues the lookup and the SOURCES consumer fetches it from the stand-in', async () => {
    await loadDatajudRecordings()
    const cnj = '07021381320228070015'
    const user = await createUser()
    expect((await monitorLawsuit(await sessionCookie(user.id), formatCnj(cnj))).status).toBe(200)
    await runCron()
    const lookup = await eventually(async () => {
      const [row] = await deps().db.select().from(lawsuitLookups).where(eq(lawsuitLookups.cnj, cnj))
      return row ?? null
    }, 60_000)
    expect(lookup.status).toBe('encontrado')
  }, 90_000)
})

describe('the polite fetch', () => {
  it('asks one host one request at a time, no faster than its rate, and waits a long Retry-After in the queue', async () => {
    let now = 1_000_000
    let running = 0
    let most = 0
    const waits: number[] = []
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms)
        now += ms
      },
      random: () => 0,
    }
    const fetcher = async (request: Request) => {
      running++
      most = Math.max(most, running)
      await Promise.resolve()
      running--
      return request.url.endsWith('/lento')
        ? new Response('', { status: 429, headers: { 'Retry-After': '600' } })
        : Response.json({ ok: true })
    }
    const http = politeFetch('datajud', fetcher, { ...DEFAULT_MANNERS, perMinute: 30 }, clock)
    const answers = await Promise.all([1, 2, 3].map((i) => http(`https://educado.exemplo.invalid/${i}`)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(most).toBe(1)
    // 30 a minute: two seconds between requests to the host.
    expect(waits).toEqual([2000, 2000])
    // Ten minutes is the queue's to wait, not this Worker's: the error says how long.
    await expect(http('https://educado.exemplo.invalid/lento')).rejects.toMatchObject({
      kind: 'http',
      retryAfterSeconds: 600,
    })
  })
})
