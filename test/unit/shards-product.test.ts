import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { corpusShards } from '~/db/schema-shards'
import { hiddenPages } from '~/db/schema-trust'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { importJurisprudencia } from '~/domain/corpus/import/formats/jurisprudencia'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { publishShardMap, SHARD_MAP_KEY } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { createUser, decisionRecord, deps, get } from './helpers'

// decisions/0072: the product on several corpus bindings. Case law is spread over two of them
// (the TJSP's decisions in CORPUS_3, the STJ's from 2020 on in CORPUS_4) by a published map;
// an import writes each decision to its shard, idempotently, the decision page reads one shard
// by the id, and the search fans out, narrows by court and date, ranks and drops a page
// de-indexed on request. This file publishes a map, so it runs apart (own-database.mjs).

const MAP = [
  { shard: 5, family: 'jurisprudencia:', periodFrom: '', periodTo: '~', binding: 'CORPUS_3' },
  { shard: 6, family: 'jurisprudencia:stj', periodFrom: '2020', periodTo: '~', binding: 'CORPUS_4' },
  { shard: 1, family: 'dou', periodFrom: '', periodTo: '~', binding: 'CORPUS_1' },
  { shard: 4, family: 'processo:', periodFrom: '', periodTo: '~', binding: 'CORPUS_2' },
  { shard: 8, family: 'entidades', periodFrom: '', periodTo: '~', binding: 'CORPUS_4' },
]

const WORD = 'quelonioshardico'
const tjsp = (id: string, summary: string, publishedAt = '2021-01-01') => ({
  ...decisionRecord('shards-tjsp', id, summary),
  publishedAt,
})
const stj = (id: string, summary: string, publishedAt = '2022-05-05') => ({
  ...decisionRecord('shards-stj', id, summary),
  court: 'STJ',
  number: `REsp ${id}`,
  publishedAt,
})
const RECORDS = [
  tjsp('1', `Apelação sobre ${WORD} em área protegida.`, '2021-03-01'),
  tjsp('2', `${WORD} ${WORD} ${WORD}: captura, transporte e venda.`, '2019-07-01'),
  tjsp('3', `Recurso sem o termo, sobre multa ambiental.`),
  stj('1', `Recurso especial: ${WORD}, fauna e competência.`, '2023-02-02'),
  stj('2', `Habeas corpus. ${WORD}. Trancamento da ação penal.`, '2022-01-01'),
]

const ids = async (path: string) => {
  const response = await get(path)
  expect(response.status).toBe(200)
  const html = await response.text()
  return [...html.matchAll(/href="\/jurisprudencia\/(\d+)"/g)].map((m) => Number(m[1]))
}
const inDatabase = async (name: 'DB' | 'CORPUS_3' | 'CORPUS_4') =>
  (
    await createDb(env[name]).all<{ id: number; court: string }>(
      sql`SELECT id, court FROM decisions WHERE external_id LIKE 'shards-%' ORDER BY id`,
    )
  ).map((r) => r.court)

describe('case law on several corpus bindings (decisions/0072)', () => {
  beforeAll(async () => {
    const primary = createDb(env.DB)
    await primary.delete(corpusShards)
    await primary.insert(corpusShards).values(
      MAP.map((e, i) => ({
        id: 100 + i,
        ...e,
        idFrom: e.shard * SHARD_SPAN,
        idTo: (e.shard + 1) * SHARD_SPAN,
      })),
    )
    await publishShardMap({ db: primary, pageVersions: env.PAGE_VERSIONS })
  })
  afterAll(async () => {
    await createDb(env.DB).delete(corpusShards)
    await env.PAGE_VERSIONS.delete(SHARD_MAP_KEY)
  })

  it('an import writes each decision to its shard, in its id range, and a second changes nothing', async () => {
    expect(await upsertDecisions(deps().corpus, RECORDS)).toMatchObject({ imported: 5 })
    expect(await inDatabase('CORPUS_3')).toEqual(['TJSP', 'TJSP', 'TJSP'])
    expect(await inDatabase('CORPUS_4')).toEqual(['STJ', 'STJ'])
    expect(await inDatabase('DB')).toEqual([])
    const [first] = await createDb(env.CORPUS_4).all<{ id: number }>(
      sql`SELECT min(id) AS id FROM decisions WHERE external_id LIKE 'shards-stj:%'`,
    )
    expect(first?.id).toBe(6 * SHARD_SPAN)
    expect(await upsertDecisions(deps().corpus, RECORDS)).toMatchObject({ imported: 0, unchanged: 5 })
    expect(await inDatabase('CORPUS_4')).toHaveLength(2)

    // The importer of the format goes the same way (a court's CSV row, its own shard).
    const csv = [
      'ementa_filepath,process_number,process_type,orgao_julgador,publish_date,judgment_date,judge_relator,ementa_text,decisions,decision_description,decision_text,decision_label,decision_unanimity_text,decision_unanimity',
      `"x","0805034-62.2018.8.02.0000","-","2ª Câmara Cível","15/02/2019","14/02/2019","Des. Teste","APELAÇÃO CÍVEL. ${WORD.toUpperCase()} NO TJAL.","-","-","-","no","-","-"`,
    ].join('\n')
    const result = await importJurisprudencia(deps().corpus, [{ name: 'shards.csv', content: csv }])
    expect(result.counts.imported).toBe(1)
    const [tjal] = await createDb(env.CORPUS_3).all<{ id: number }>(
      sql`SELECT id FROM decisions WHERE court = 'TJAL'`,
    )
    expect(tjal?.id).toBeGreaterThanOrEqual(5 * SHARD_SPAN)
  })

  it('the decision page reads the one shard its id names', async () => {
    const [row] = await createDb(env.CORPUS_4).all<{ id: number }>(
      sql`SELECT id FROM decisions WHERE external_id = 'shards-stj:1'`,
    )
    const response = await get(`/jurisprudencia/${row?.id}`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Recurso especial')
    expect((await get(`/jurisprudencia/${9 * SHARD_SPAN + 1}`)).status).toBe(404) // no shard owns it
  })

  it('search fans out to both shards, ranks as one, and a court or a period narrows it', async () => {
    const all = await ids(`/jurisprudencia/busca?q=${WORD}`)
    expect(all).toHaveLength(5) // three TJSP, one TJAL (CORPUS_3), two STJ (CORPUS_4) minus the one without the word
    // The decision saying the word three times in a short text ranks first.
    const [best] = await createDb(env.CORPUS_3).all<{ id: number }>(
      sql`SELECT id FROM decisions WHERE external_id = 'shards-tjsp:2'`,
    )
    expect(all[0]).toBe(best?.id)
    const onlyStj = await ids(`/jurisprudencia/busca?q=${WORD}&filtro=1&tribunal=STJ`)
    expect(onlyStj).toHaveLength(2)
    expect(onlyStj.every((id) => id >= 6 * SHARD_SPAN)).toBe(true)
    const recent = await ids(`/jurisprudencia/busca?q=${WORD}&filtro=1&de=2022-06-01`)
    expect(recent).toHaveLength(1) // the STJ's 2023 decision
  })

  it('"Mais recentes" merges the shards by date, newest first', async () => {
    const newest = await ids(`/jurisprudencia/busca?q=${WORD}&filtro=1&ordem=recentes`)
    const dates = await Promise.all(
      newest.map(async (id) => {
        const db = createDb(id >= 6 * SHARD_SPAN ? env.CORPUS_4 : env.CORPUS_3)
        const [row] = await db.all<{ d: string }>(
          sql`SELECT published_at AS d FROM decisions WHERE id = ${id}`,
        )
        return row?.d ?? ''
      }),
    )
    expect(dates).toEqual(['2023-02-02', '2022-01-01', '2021-03-01', '2019-07-01', '2019-02-15'])
  })

  it('a decision de-indexed on request (kept in the primary) leaves the search and the section page', async () => {
    const [row] = await createDb(env.CORPUS_4).all<{ id: number }>(
      sql`SELECT id FROM decisions WHERE external_id = 'shards-stj:2'`,
    )
    const id = row?.id as number
    expect(await ids('/jurisprudencia')).toContain(id)
    await createDb(env.DB)
      .insert(hiddenPages)
      .values({ kind: 'decisao', refId: id, effect: 'desindexar', requestId: 0 })
    const found = await ids(`/jurisprudencia/busca?q=${WORD}&filtro=1&tribunal=STJ&tribunal=TJSP`)
    expect(found).toHaveLength(3)
    expect(found).not.toContain(id)
    expect(await ids('/jurisprudencia?depois-de-remover=1')).not.toContain(id)
  })

  it('the monitoring sweep checks each shard’s new documents by corpus time', async () => {
    const user = await createUser()
    const cnj = buildCnj(7777, 2024, 8, 26, 100)
    const name = 'Teodomira Shardiana Quelônio'
    const primary = createDb(env.DB)
    const [byName] = await primary
      .insert(monitorings)
      .values({ userId: user.id, kind: 'nome', term: name, sources: ['diarios', 'djen', 'processos'] })
      .returning()
    const [byNumber] = await primary
      .insert(monitorings)
      .values({
        userId: user.id,
        kind: 'processo',
        term: cnj,
        cnj,
        sources: ['diarios', 'djen', 'processos'],
      })
      .returning()
    const later = Date.now() + 1000
    // A DOU matéria naming her, in CORPUS_1 (shard 1's ids), and a movement of the watched
    // lawsuit in CORPUS_2 (shard 4's ids): nothing of either is in the primary.
    const dou = createDb(env.CORPUS_1)
    const materia = SHARD_SPAN + 1
    await dou.run(
      sql`INSERT OR IGNORE INTO gazettes (id, slug, name, sphere) VALUES (1, 'dou', 'Diário Oficial da União', 'federal')`,
    )
    await dou.run(
      sql`INSERT INTO gazette_editions (id, gazette_id, date) VALUES (${SHARD_SPAN + 1}, 1, '2024-05-02')`,
    )
    await dou.run(
      sql`INSERT INTO gazette_articles (id, gazette_id, edition_id, date, external_id, title, body, imported_at)
        VALUES (${materia}, 1, ${SHARD_SPAN + 1}, '2024-05-02', 'shards-dou-1', 'PORTARIA Nº 1', ${`Nomear ${name.toUpperCase()} para o cargo.`}, ${later})`,
    )
    const lawsuitsDb = createDb(env.CORPUS_2)
    const lawsuit = 4 * SHARD_SPAN + 1
    await lawsuitsDb.run(
      sql`INSERT INTO lawsuits (id, cnj, court, source, imported_at) VALUES (${lawsuit}, ${cnj}, 'TJSP', 'datajud', ${later})`,
    )
    await lawsuitsDb.run(
      sql`INSERT INTO movements (lawsuit_id, at, name, imported_at) VALUES (${lawsuit}, '2024-05-03T10:00:00', 'Conclusos para decisão', ${later})`,
    )

    const totals = await checkWindow(deps(), { from: Date.now() - 60_000, to: Date.now() + 60_000 })
    expect(totals.documents).toBeGreaterThanOrEqual(2)
    const hits = await primary.select().from(monitoringHits).where(eq(monitoringHits.userId, user.id))
    expect(hits.find((h) => h.monitoringId === byName?.id)).toMatchObject({
      documentKind: 'materia',
      documentId: materia,
    })
    expect(hits.filter((h) => h.monitoringId === byNumber?.id).map((h) => h.documentKind)).toEqual([
      'movimento',
    ])
    // The sweep again (a retry) stores nothing twice.
    await checkWindow(deps(), { from: Date.now() - 60_000, to: Date.now() + 60_000 })
    expect(
      await primary.select().from(monitoringHits).where(eq(monitoringHits.userId, user.id)),
    ).toHaveLength(hits.length)
  })

  it('a lawsuit page reads the shard its number names, and the matérias citing it from the gazettes’ shards', async () => {
    const cnj = buildCnj(8888, 2023, 8, 26, 100)
    const lawsuit = 4 * SHARD_SPAN + 50
    const person = 8 * SHARD_SPAN + 1
    const lawsuitsDb = createDb(env.CORPUS_2)
    // The person lives in the entidades shard (CORPUS_4), apart from the party naming her.
    await createDb(env.CORPUS_4).run(
      sql`INSERT INTO people (id, name, slug) VALUES (${person}, 'Hermenegilda Shardosa', 'hermenegilda-shardosa')`,
    )
    await lawsuitsDb.run(
      sql`INSERT INTO lawsuits (id, cnj, court, source, class_name) VALUES (${lawsuit}, ${cnj}, 'TJSP', 'datajud', 'Procedimento Comum Cível')`,
    )
    await lawsuitsDb.run(
      sql`INSERT INTO parties (lawsuit_id, pole, name, person_id) VALUES (${lawsuit}, 'ativo', 'Hermenegilda Shardosa', ${person})`,
    )
    await lawsuitsDb.run(
      sql`INSERT INTO movements (lawsuit_id, at, name) VALUES (${lawsuit}, '2023-08-01T09:00:00', 'Audiência designada')`,
    )
    const dou = createDb(env.CORPUS_1)
    await dou.run(
      sql`INSERT OR IGNORE INTO gazettes (id, slug, name, sphere) VALUES (1, 'dou', 'Diário Oficial da União', 'federal')`,
    )
    await dou.run(
      sql`INSERT OR IGNORE INTO gazette_editions (id, gazette_id, date) VALUES (${SHARD_SPAN + 2}, 1, '2023-09-01')`,
    )
    await dou.run(
      sql`INSERT INTO gazette_articles (gazette_id, edition_id, date, external_id, title, body, lawsuit_cnj)
        VALUES (1, ${SHARD_SPAN + 2}, '2023-09-01', 'shards-dou-2', 'EDITAL DE INTIMAÇÃO SHARDOSA', 'Fica intimada a parte.', ${cnj})`,
    )
    const response = await get(`/processos/${formatCnj(cnj)}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('Audiência designada')
    expect(html).toContain('href="/pessoas/hermenegilda-shardosa"')
    expect(html).toContain('EDITAL DE INTIMAÇÃO SHARDOSA')
    // Nothing of it is in the primary: the page could only have been read from the shards.
    expect(await createDb(env.DB).all(sql`SELECT id FROM lawsuits WHERE cnj = ${cnj}`)).toEqual([])
    expect((await get(`/processos/${formatCnj(buildCnj(8889, 2023, 8, 26, 100))}`)).status).toBe(404)
    // The number typed in the search box finds it in its shard too.
    const jump = await (await get(`/busca?q=${formatCnj(cnj)}`)).text()
    expect(jump).toContain(`href="/processos/${formatCnj(cnj)}"`)
  })
})
