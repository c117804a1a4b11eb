import { env } from 'cloudflare:test'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { lawsuits, movements } from '~/db/schema-corpus'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { sourceJobs } from '~/db/schema-sources'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { checkWindow } from '~/domain/monitoring/check.server'
import { datajudAlias, datajudClient } from '~/domain/sources/datajud'
import { planSources } from '~/domain/sources/plan.server'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { drain, engineDeps, loadDatajudRecordings } from './sources-helpers'

/** A recorded TJDFT lawsuit (../shared/data/datajud): first and second degree, 230 + 23 movements. */
const RECORDED = '07122527920208070015'

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

async function lawsuitRow(cnj: string) {
  const [row] = await deps().db.select().from(lawsuits).where(eq(lawsuits.cnj, cnj))
  return row
}

async function movementCount(lawsuitId: number) {
  const [row] = await deps()
    .db.select({ n: sql<number>`count(*)` })
    .from(movements)
    .where(eq(movements.lawsuitId, lawsuitId))
  return row?.n ?? 0
}

/** The lookup jobs of one number, oldest first. */
async function lookupsOf(cnj: string) {
  const jobs = await deps().db.select().from(sourceJobs).where(eq(sourceJobs.source, 'datajud'))
  return jobs.filter((j) => j.key.startsWith(`processo:${cnj}:`))
}

describe('DataJud: which index a CNJ number is asked in', () => {
  it('names the court of every segment DataJud serves, and none for the STF', () => {
    const alias = (j: number, tr: number) => datajudAlias(buildCnj(1234, 2024, j, tr, 1))
    expect(alias(8, 13)).toBe('tjmg')
    expect(alias(8, 7)).toBe('tjdft')
    expect(alias(4, 5)).toBe('trf5')
    expect(alias(5, 2)).toBe('trt2')
    expect(alias(5, 0)).toBe('tst')
    expect(alias(6, 26)).toBe('tre-sp')
    expect(alias(6, 7)).toBe('tre-dft')
    expect(alias(6, 0)).toBe('tse')
    expect(alias(3, 0)).toBe('stj')
    expect(alias(7, 0)).toBe('stm')
    expect(alias(9, 13)).toBe('tjmmg')
    expect(alias(1, 0)).toBeNull()
  })

  it('posts the Elasticsearch query with the API key to {DATAJUD_URL}/api_publica_{alias}/_search', async () => {
    const seen: { url: string; auth: string | null; body: unknown }[] = []
    const http = async (url: string, init?: RequestInit) => {
      seen.push({
        url,
        auth: new Headers(init?.headers).get('Authorization'),
        body: JSON.parse(String(init?.body)),
      })
      return Response.json({ hits: { total: { value: 0, relation: 'eq' }, hits: [] } })
    }
    const cnj = buildCnj(55, 2024, 8, 13, 24)
    const result = await datajudClient.fetchPage(
      http,
      { baseUrl: 'https://api-publica.datajud.cnj.jus.br/', credentials: { DATAJUD_API_KEY: 'chave' } },
      {
        source: 'datajud',
        window: { from: '2026-11-01', to: '2026-11-01' },
        page: 0,
        query: { numeroProcesso: cnj },
      },
    )
    expect(result).toEqual({ records: [], skipped: [], next: null })
    expect(seen).toEqual([
      {
        url: 'https://api-publica.datajud.cnj.jus.br/api_publica_tjmg/_search',
        auth: 'APIKey chave',
        body: { size: 100, query: { match: { numeroProcesso: cnj } } },
      },
    ])
  })
})

describe('what people follow, first', () => {
  it('a monitor whose number the site lacks is looked up at the next tick: the lawsuit page exists, the monitor says found', async () => {
    await loadDatajudRecordings()
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const missing = buildCnj(98_765, 2025, 8, 13, 24)
    expect(await lawsuitRow(RECORDED)).toBeUndefined()
    // The number's page says so and offers to watch it; nothing else about the number is known.
    const absent = await get(`/processos/${formatCnj(RECORDED)}`)
    expect(absent.status).toBe(404)
    const absentPage = await absent.text()
    expect(absentPage).toContain(`O processo ${formatCnj(RECORDED)} ainda não está na nossa base`)
    expect(absentPage).toContain('action="/api/interno/processos"')
    expect(absentPage).not.toContain('name="processo_id"')
    for (const numero of [formatCnj(RECORDED), formatCnj(missing)])
      expect((await monitorLawsuit(cookie, numero)).status).toBe(200)
    const [watch] = await deps().db.select().from(monitorings).where(eq(monitorings.cnj, RECORDED))
    const [watchMissing] = await deps().db.select().from(monitorings).where(eq(monitorings.cnj, missing))
    const before = await (await get(`/monitoramentos/${watch?.id}`, { headers: { Cookie: cookie } })).text()
    expect(before).toContain('Vamos consultar o DataJud na próxima verificação')

    const { deps: d, queue } = engineDeps()
    const tick = Date.now()
    expect(await planSources(d, tick)).toMatchObject({ datajud: expect.any(Number) })
    await drain(d, queue)

    const stored = await lawsuitRow(RECORDED)
    expect(stored?.court).toBe('TJDFT')
    // Both degrees' movements, merged by (date, name) as the importer does.
    expect(await movementCount(stored?.id ?? 0)).toBeGreaterThan(200)
    const lawsuitPage = await get(`/processos/${formatCnj(RECORDED)}`)
    expect(lawsuitPage.status).toBe(200)
    const found = await (await get(`/monitoramentos/${watch?.id}`, { headers: { Cookie: cookie } })).text()
    expect(found).toContain('Encontrado no DataJud em')
    const notYet = await (
      await get(`/monitoramentos/${watchMissing?.id}`, { headers: { Cookie: cookie } })
    ).text()
    expect(notYet).toContain('Ainda não disponível no DataJud')

    // The next tick asks DataJud nothing again: the lookups are fresh. (Other sources may be due
    // at that minute of the wall clock, and plan their own jobs.)
    const again = engineDeps()
    await planSources(again.deps, tick + 5 * 60_000)
    const sentIds = again.queue.sent.map((m) => (m as { jobId: number }).jobId)
    const sentSources = sentIds.length
      ? await deps()
          .db.select({ source: sourceJobs.source })
          .from(sourceJobs)
          .where(sql`${sourceJobs.id} IN (${sql.join(sentIds, sql`, `)})`)
      : []
    expect(sentSources.filter((j) => j.source === 'datajud')).toEqual([])

    // Announced once as arrived, through the monitoring sweep.
    await checkWindow(d, { from: tick - 60_000, to: Date.now() + 1000 })
    const hits = await deps()
      .db.select()
      .from(monitoringHits)
      .where(eq(monitoringHits.monitoringId, watch?.id ?? 0))
    expect(hits.map((h) => h.documentKind)).toContain('processo')
  })

  it('rechecks every LAWSUIT_RECHECK_MINUTES, and only a movement the site had not stored alerts, once', async () => {
    await loadDatajudRecordings()
    const cnj = '07004649720228070015'
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const { deps: d, queue } = engineDeps()
    expect((await monitorLawsuit(cookie, formatCnj(cnj))).status).toBe(200)
    const [watch] = await deps().db.select().from(monitorings).where(eq(monitorings.cnj, cnj))
    await planSources(d, Date.now())
    await drain(d, queue)
    const first = Date.now()
    await checkWindow(d, { from: first - 120_000, to: first + 1 })
    const hitsOf = () =>
      deps()
        .db.select()
        .from(monitoringHits)
        .where(eq(monitoringHits.monitoringId, watch?.id ?? 0))
    const initial = (await hitsOf()).length

    // A recheck with nothing new stores nothing and alerts nothing.
    const recheck = Number(env.LAWSUIT_RECHECK_MINUTES) * 60_000
    await planSources(d, first + recheck + 1000)
    expect(await lookupsOf(cnj)).toHaveLength(2)
    await drain(d, queue)
    const calm = Date.now()
    await checkWindow(d, { from: first, to: calm + 1 })
    expect(await hitsOf()).toHaveLength(initial)

    // The court records one more movement; the next recheck finds it and alerts exactly once.
    const added = await postJson(
      '/__dev/datajud/movimentos',
      { numero: cnj, nome: 'Juntada de Petição', codigo: 85 },
      { Accept: 'application/json' },
    )
    expect(added.status).toBe(200)
    await planSources(d, first + 2 * recheck + 2000)
    expect(await lookupsOf(cnj)).toHaveLength(3)
    await drain(d, queue)
    const after = Date.now()
    for (let i = 0; i < 2; i++) await checkWindow(d, { from: calm, to: after + 1 })
    const hits = await hitsOf()
    expect(hits).toHaveLength(initial + 1)
    expect(hits.at(-1)?.title).toContain('Juntada de Petição')
    const told = await eventually(async () => {
      const rows = await deps()
        .db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'monitoramento')))
      const about = rows.filter((n) => n.title.includes('Juntada de Petição'))
      return about.length ? about : null
    })
    expect(told).toHaveLength(1)

    // Its page lists every hit with a "Não sou eu" form each: landmarks a screen reader can tell apart.
    const page = await (await get(`/monitoramentos/${watch?.id}`, { headers: { Cookie: cookie } })).text()
    const labels = [...page.matchAll(/aria-label="(Não sou eu[^"]*)"/g)].map((m) => m[1])
    expect(labels).toHaveLength(hits.length)
    expect(new Set(labels).size).toBe(labels.length)
    expect((await lookupsOf(cnj)).map((j) => j.status)).toEqual(['feito', 'feito', 'feito'])
  })
})
