import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { notifications } from '~/db/schema'
import { lawsuits } from '~/db/schema-corpus'
import { monitoringHits } from '~/db/schema-monitoring'
import { corpusShards } from '~/db/schema-shards'
import { hiddenPages } from '~/db/schema-trust'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { publishShardMap } from '~/domain/corpus/shards.server'
import { SHARD_SIZE } from '~/domain/seo/sitemap'
import { byOab, claim, claimRow, grantRole } from './claims-helpers'
import { BASE, createUser, get, postJson, sessionCookie } from './helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { confirmedRequest } from './removal-helpers'
import {
  at,
  CNJ,
  COMPANY,
  FIRST,
  LAWSUIT,
  lawsuitDb,
  MAP,
  PERSON,
  STATUTE,
  seedSpreadPages,
} from './shards-pages-fixture'
import { everyListedUrl } from './sitemap-helpers'
import { forgetSpread } from './spread-map'

// decisions/0075: every page kind read through a spread map. DOU and gazettes in CORPUS_1,
// lawsuits in CORPUS_2, case law and legislation in CORPUS_3, people and companies in CORPUS_4;
// the fixture rows are written straight into their databases with ids in each shard's range,
// nothing of them in the primary, so a page could only have read them through the map. This
// file publishes a map, so it runs apart (own-database.mjs).

describe('every page kind on a spread shard map (decisions/0075)', () => {
  beforeAll(seedSpreadPages)
  afterAll(forgetSpread)

  it('nothing of the fixture is in the primary', async () => {
    const primary = createDb(env.DB)
    for (const table of ['people', 'companies', 'lawsuits', 'gazette_articles', 'statutes'])
      expect(
        await primary.all(sql`SELECT id FROM ${sql.identifier(table)} WHERE id >= ${SHARD_SPAN}`),
      ).toEqual([])
  })

  it('the matéria page reads the shard its id names, with its gazette, lawsuit and the names in it', async () => {
    const response = await get(`/diarios/materia/${FIRST}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('EDITAL SHARDALVA DE CITAÇÃO')
    expect(html).toContain('Diário Shardiano de SP')
    expect(html).toContain('Caderno Judicial')
    expect(html).toContain(`href="/processos/${formatCnj(CNJ)}"`) // public lawsuit, in CORPUS_2
    expect(html).toContain('href="/pessoas/filomena-shardalva-quintas"') // person, in CORPUS_4
    expect(html).toContain('href="/empresas/shardalva-comercio-ltda"')
    expect((await get(`/diarios/materia/${FIRST + 500}`)).status).toBe(404)
    expect((await get(`/diarios/materia/${at(20, 1)}`)).status).toBe(404) // no shard owns the id
  })

  it('the gazette page lists its newest edition from its shard, by caderno, page by page', async () => {
    const list = await get('/diarios')
    expect(list.status).toBe(200)
    expect(await list.text()).toContain('href="/diarios/diario-shardiano-sp"')
    const response = await get('/diarios/diario-shardiano-sp?data=2024-03-05')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Diário Shardiano de SP')
    expect(html).toContain('Caderno Judicial')
    expect(html).toContain(`href="/diarios/materia/${FIRST}"`)
    expect(html).toContain(`href="/diarios/materia/${FIRST + 9}"`)
    expect(html).not.toContain(`href="/diarios/materia/${FIRST + 10}"`) // ten a page
    const next = await get('/diarios/diario-shardiano-sp/materias?data=2024-03-05&page=2')
    expect(next.status).toBe(200)
    const fragment = await next.text()
    expect(fragment).toContain(`href="/diarios/materia/${FIRST + 11}"`)
    expect(fragment).not.toContain(`href="/diarios/materia/${FIRST}"`)
    const older = await (await get('/diarios/diario-shardiano-sp?data=2024-03-04')).text()
    expect(older).toContain('Portaria shardiana anterior')
    expect((await get('/diarios/diario-sem-shard')).status).toBe(404)
  })

  it('the person page reads her row in the entidades shard and her lawsuits and matérias in theirs', async () => {
    const response = await get('/pessoas/filomena-shardalva-quintas')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Filomena Shardalva Quintas')
    expect(html).toContain(`href="/processos/${formatCnj(CNJ)}"`)
    expect(html).toContain(`href="/diarios/materia/${FIRST}"`)
    expect(html).toContain('EDITAL SHARDALVA DE CITAÇÃO')
    expect(html).toContain('Este sou eu') // she appears in public documents: the page can be claimed
    expect((await get('/pessoas/ninguem-shardiano')).status).toBe(404)
  })

  it('the company page likewise', async () => {
    const response = await get('/empresas/shardalva-comercio-ltda')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Shardalva Comércio Ltda')
    expect(html).toContain(`href="/processos/${formatCnj(CNJ)}"`)
    expect(html).toContain(`href="/diarios/materia/${FIRST}"`)
    expect((await get('/empresas/nenhuma-shardiana')).status).toBe(404)
  })

  it('the lawsuit page links its parties to their pages in the entidades shard', async () => {
    const html = await (await get(`/processos/${formatCnj(CNJ)}`)).text()
    expect(html).toContain('href="/pessoas/filomena-shardalva-quintas"')
    expect(html).toContain('href="/empresas/shardalva-comercio-ltda"')
  })

  it('the statute page and the legislation section read the legislacao shard', async () => {
    const response = await get('/legislacao/lei-15151-2024')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Lei nº 15.151, de 10 de janeiro de 2024')
    expect(html).toContain('Esta Lei protege os quelônios shardianos.')
    expect((await get('/legislacao/lei-que-nao-existe-shard')).status).toBe(404)
    expect(await (await get('/legislacao')).text()).toContain('href="/legislacao/lei-15151-2024"')
  })

  it('the open API’s twins read the same shards', async () => {
    const { key } = await apiKey()
    const materia = await apiGet(`/api/v2/materias/${FIRST}`, key)
    expect(materia.status).toBe(200)
    expect(await materia.json()).toMatchObject({
      title: 'EDITAL SHARDALVA DE CITAÇÃO',
      gazette: { slug: 'diario-shardiano-sp' },
      lawsuitNumber: formatCnj(CNJ),
    })
    const { mentions } = (await (await apiGet(`/api/v2/materias/${FIRST}`, key)).json()) as {
      mentions: { name: string }[]
    }
    expect(mentions.map((m) => m.name).sort()).toEqual([
      'Filomena Shardalva Quintas',
      'Shardalva Comércio Ltda',
    ])
    expect((await apiGet(`/api/v2/materias/${FIRST + 500}`, key)).status).toBe(404)
    const person = await apiGet('/api/v2/pessoas/filomena-shardalva-quintas', key)
    expect(person.status).toBe(200)
    expect(await person.json()).toMatchObject({
      name: 'Filomena Shardalva Quintas',
      lawsuits: [{ number: formatCnj(CNJ), pole: 'ativo' }],
      gazetteArticles: [{ id: FIRST }],
    })
    const company = await apiGet('/api/v2/empresas/shardalva-comercio-ltda', key)
    expect(await company.json()).toMatchObject({ lawsuits: [{ number: formatCnj(CNJ), pole: 'passivo' }] })
    const statute = await apiGet('/api/v2/legislacao/lei-15151-2024/art1', key)
    expect(statute.status).toBe(200)
    expect(((await statute.json()) as { provisions: unknown[] }).provisions).toHaveLength(2)
  })
  it('the coverage page sums each shard’s aggregates', async () => {
    const html = await (await get('/cobertura')).text()
    expect(html).toContain('Diário Shardiano de SP') // its 13 matérias, in CORPUS_1
    expect(html).toContain('05/03/2024')
    expect(html).toContain('TJSP') // the lawsuit, in CORPUS_2
    expect(html).toContain('Legislação') // the statute, in CORPUS_3
  })

  it('the sitemaps list each shard’s id ranges, every document once', async () => {
    const urls = [...(await everyListedUrl()).keys()]
    const once = (loc: string) => urls.filter((u) => u === `${BASE}${loc}`).length
    expect(once(`/diarios/materia/${FIRST}`)).toBe(1)
    expect(once(`/diarios/materia/${FIRST + 11}`)).toBe(1)
    expect(once(`/diarios/materia/${at(2, 1)}`)).toBe(1)
    expect(once(`/processos/${formatCnj(CNJ)}`)).toBe(1)
    expect(once('/pessoas/filomena-shardalva-quintas')).toBe(1)
    expect(once('/empresas/shardalva-comercio-ltda')).toBe(1)
    expect(once('/legislacao/lei-15151-2024')).toBe(1)
    expect(once('/diarios/diario-shardiano-sp?data=2024-03-05')).toBe(1)
    expect(urls.length).toBe(new Set(urls).size)
    const file = Math.floor((FIRST - 1) / SHARD_SIZE) + 1
    expect((await get(`/sitemaps/materias-${file}.xml`)).status).toBe(200)
    expect((await get(`/sitemaps/materias-${file + 5}.xml`)).status).toBe(404) // past the shard's last id
  })

  it('a removal request names pages whose documents are in shards', async () => {
    const { row } = await confirmedRequest({
      paginas: [
        `/diarios/materia/${FIRST}`,
        '/pessoas/filomena-shardalva-quintas',
        '/legislacao/lei-15151-2024',
      ].join('\n'),
    })
    expect(row.pages.map((p) => [p.kind, p.refId])).toEqual([
      ['materia', FIRST],
      ['pessoa', PERSON],
      ['lei', STATUTE],
    ])
  })

  it('a page de-indexed in the primary leaves the listings and sitemaps though its document is in a shard', async () => {
    const hidden = FIRST + 1
    await createDb(env.DB)
      .insert(hiddenPages)
      .values({ kind: 'materia', refId: hidden, effect: 'desindexar', requestId: 0 })
    const html = await (await get('/diarios/diario-shardiano-sp?data=2024-03-05&caderno=judicial')).text()
    expect(html).not.toContain(`href="/diarios/materia/${hidden}"`)
    expect(html).toContain(`href="/diarios/materia/${FIRST + 10}"`) // the page fills up from the next
    const urls = await everyListedUrl()
    expect(urls.has(`${BASE}/diarios/materia/${hidden}`)).toBe(false)
    expect(urls.has(`${BASE}/diarios/materia/${FIRST}`)).toBe(true)
    // Its own address still answers, with noindex.
    const page = await (await get(`/diarios/materia/${hidden}`)).text()
    expect(page).toContain('noindex')
  })
  it('follows of a person, a company and a lawsuit name them from their shards', async () => {
    const user = await createUser()
    const Cookie = await sessionCookie(user.id)
    for (const [tipo, id] of [
      ['pessoa', PERSON],
      ['empresa', COMPANY],
      ['processo', LAWSUIT],
    ] as const) {
      const followed = await postJson('/ajax/seguir', { id, tipo }, { Cookie })
      expect(followed.status, tipo).toBe(200)
    }
    const html = await (await get('/conta/seguindo', { headers: { Cookie } })).text()
    expect(html).toContain('href="/pessoas/filomena-shardalva-quintas"')
    expect(html).toContain('href="/empresas/shardalva-comercio-ltda"')
    expect(html).toContain(`href="/processos/${formatCnj(CNJ)}"`)
  })

  it('a monitoring names its lawsuit from its shard, answers a secret one as any number, and hides hits of a lawsuit sealed since', async () => {
    const user = await createUser()
    const Cookie = await sessionCookie(user.id)
    const secret = buildCnj(5152, 2024, 8, 26, 100)
    const sealed = at(4, 2)
    await lawsuitDb()
      .insert(lawsuits)
      .values({ id: sealed, cnj: secret, court: 'TJSP', source: 'datajud', secrecyLevel: 1 })
    const monitor = (numero: string) =>
      postJson(
        '/api/interno/processos',
        {
          numero_processo: numero,
          termo: numero,
          tipo: 'processo',
          origem_criacao: 'BOTAO_MONITORAR_PAGINA_PROCESSO',
        },
        { Cookie },
      )
    // A secret lawsuit is answered as a number not in the base (decisions/0091): nothing told.
    const hidden = await monitor(formatCnj(secret))
    expect(hidden.status).toBe(200)
    const { monitoramento: waiting } = (await hidden.json()) as { monitoramento: { id: number } }
    const waitingPage = await (await get(`/monitoramentos/${waiting.id}`, { headers: { Cookie } })).text()
    expect(waitingPage).not.toContain('Cada nova movimentação do processo')
    const made = await monitor(formatCnj(CNJ))
    expect(made.status).toBe(200)
    const { monitoramento } = (await made.json()) as { monitoramento: { id: number } }
    const page = await (await get(`/monitoramentos/${monitoramento.id}`, { headers: { Cookie } })).text()
    expect(page).toContain('Cada nova movimentação do processo') // known: it is in CORPUS_2
    // Two hits of this monitoring: one of the public lawsuit, one of the lawsuit sealed since.
    await createDb(env.DB)
      .insert(monitoringHits)
      .values(
        [
          ['Hit shardiano visível', LAWSUIT, 1],
          ['Hit shardiano sigiloso', sealed, 2],
        ].map(([title, lawsuitId, n]) => ({
          monitoringId: monitoramento.id,
          userId: user.id,
          documentKind: 'movimento',
          documentId: at(4, 900 + Number(n)),
          lawsuitId: Number(lawsuitId),
          title: String(title),
          url: `/processos/${formatCnj(CNJ)}`,
          reasons: ['processo'],
          contextKey: `processo:${lawsuitId}`,
        })),
      )
    const listed = await (await get(`/monitoramentos/${monitoramento.id}`, { headers: { Cookie } })).text()
    expect(listed).toContain('Hit shardiano visível')
    expect(listed).not.toContain('Hit shardiano sigiloso')
  })
  it('notifications about a lawsuit in its shard are shown, and hidden once it is sealed', async () => {
    const user = await createUser()
    const Cookie = await sessionCookie(user.id)
    const later = at(4, 3)
    await lawsuitDb()
      .insert(lawsuits)
      .values({ id: later, cnj: buildCnj(5153, 2024, 8, 26, 100), court: 'TJSP', source: 'datajud' })
    await createDb(env.DB)
      .insert(notifications)
      .values(
        [
          ['Aviso shardiano público', LAWSUIT],
          ['Aviso shardiano selado', later],
        ].map(([title, id]) => ({
          userId: user.id,
          kind: 'monitoramento',
          title: String(title),
          url: '/monitoramentos',
          dedupeKey: `shards-pages:${id}`,
          subjectKind: 'processo' as const,
          subjectId: Number(id),
        })),
      )
    const box = async () => (await get('/ajax/notificacoes', { headers: { Cookie } })).text()
    // The primary holds no lawsuit: before decisions/0072's two-step read, both were hidden.
    expect(await box()).toContain('Aviso shardiano público')
    expect(await box()).toContain('Aviso shardiano selado')
    await lawsuitDb().update(lawsuits).set({ secrecyLevel: 1 }).where(eq(lawsuits.id, later))
    const after = await box()
    expect(after).toContain('Aviso shardiano público')
    expect(after).not.toContain('Aviso shardiano selado')
    expect(await (await get('/notificacoes', { headers: { Cookie } })).text()).not.toContain(
      'Aviso shardiano selado',
    )
  })
  it('a claim of a person in the entidades shard goes to the reviewer, who accepts it', async () => {
    const reviewer = await createUser({ name: 'Revisora Shardiana' })
    await grantRole(reviewer.id)
    const claimant = await createUser({ name: 'Filomena Shardalva Quintas' })
    const claimed = await claim(await sessionCookie(claimant.id), PERSON, byOab)
    expect(claimed.status).toBe(200)
    const Cookie = await sessionCookie(reviewer.id)
    const queue = await (await get('/revisao/reivindicacoes', { headers: { Cookie } })).text()
    expect(queue).toContain('Página: Filomena Shardalva Quintas')
    const id = (await claimRow(PERSON, claimant.id))?.id
    const accepted = await postJson(`/ajax/revisao/reivindicacoes/${id}/aceitar`, {}, { Cookie })
    expect(accepted.status).toBe(200)
    expect((await claimRow(PERSON, claimant.id))?.status).toBe('aceita')
  })
  it('a map with no entry for a family answers its pages with a 404, never an error', async () => {
    const primary = createDb(env.DB)
    await primary.delete(corpusShards).where(eq(corpusShards.family, 'legislacao'))
    await publishShardMap({ db: primary, pageVersions: env.PAGE_VERSIONS })
    try {
      expect((await get('/legislacao/lei-15151-2024')).status).toBe(404)
      expect((await get('/legislacao')).status).toBe(200)
    } finally {
      const legislation = MAP.find((e) => e.family === 'legislacao')
      await primary.insert(corpusShards).values({
        id: 299,
        shard: 6,
        family: 'legislacao',
        binding: legislation?.binding ?? 'CORPUS_3',
        periodFrom: '',
        periodTo: '~',
        idFrom: 6 * SHARD_SPAN,
        idTo: 7 * SHARD_SPAN,
      })
      await publishShardMap({ db: primary, pageVersions: env.PAGE_VERSIONS })
    }
  })
})
