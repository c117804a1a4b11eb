import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { monitorings } from '~/db/schema-monitoring'
import { corpusShards } from '~/db/schema-shards'
import { buildCnj } from '~/domain/corpus/cnj'
import { importConstituicao } from '~/domain/corpus/import/formats/constituicao'
import { importDatajud } from '~/domain/corpus/import/formats/datajud'
import { importDiario } from '~/domain/corpus/import/formats/diario'
import { importDjen } from '~/domain/corpus/import/formats/djen'
import { importDou } from '~/domain/corpus/import/formats/dou'
import { importTpu } from '~/domain/corpus/import/formats/tpu'
import { purgeImported } from '~/domain/corpus/import/purge.server'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { publishShardMap, SHARD_MAP_KEY } from '~/domain/corpus/shards.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { runCron } from './cron-helpers'
import { createUser, deps, eventually, gazetteArticleRecord } from './helpers'
import {
  BINDINGS,
  CASE,
  constituicao,
  count,
  datajud,
  djenFile,
  djenItem,
  ids,
  inRange,
  MAP,
  MOTHER,
  PERSON,
  rows,
  SENSITIVE,
  snapshot,
} from './shards-importers-fixture'
import { sharedFile, sharedFiles } from './shared-data'

// decisions/0074: every importer writes each document to the shard the published map names
// (decisions/0072), idempotently. DOU in CORPUS_1 (shard 1), the other gazettes and DJEN in
// CORPUS_1 too but as shard 2 (another id range in the same database), lawsuits in CORPUS_2,
// legislation in CORPUS_3, people and companies in CORPUS_4; the primary keeps the gazettes'
// registry and gets no document. This file publishes a map, so it runs apart (own-database.mjs).

describe('every importer writes each document to its shard (decisions/0072, 0074)', () => {
  beforeAll(async () => {
    const primary = createDb(env.DB)
    await primary.delete(corpusShards)
    await primary.insert(corpusShards).values(
      MAP.map((e, i) => ({
        id: 200 + i,
        ...e,
        periodFrom: '',
        periodTo: '~',
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

  it('DOU matérias go to CORPUS_1 with shard 1’s ids; their gazette, editions and sections are the primary’s, copied by id', async () => {
    const files = sharedFiles('dou/')
    const first = await importDou(deps(), files)
    expect(first.counts).toMatchObject({ imported: 12, updated: 0, unchanged: 0 })
    const stored = await ids(
      'CORPUS_1',
      sql`SELECT id FROM gazette_articles WHERE gazette_id = (SELECT id FROM gazettes WHERE slug = 'dou')`,
    )
    expect(stored).toHaveLength(12)
    expect(stored.every(inRange(1))).toBe(true)
    for (const binding of ['DB', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4'] as const)
      expect(await count(binding, 'gazette_articles')).toBe(0)
    // The registry: the primary gives the ids, the shard holds the same rows.
    for (const table of ['gazettes', 'gazette_editions', 'gazette_sections']) {
      const registered = await rows('DB', sql`SELECT * FROM ${sql.identifier(table)} ORDER BY id`)
      expect(registered.length).toBeGreaterThan(0)
      expect(await rows('CORPUS_1', sql`SELECT * FROM ${sql.identifier(table)} ORDER BY id`)).toEqual(
        registered,
      )
    }

    const before = await snapshot()
    const again = await importDou(deps(), files)
    expect(again.counts).toMatchObject({ imported: 0, updated: 0, unchanged: 12 })
    expect(await snapshot()).toEqual(before)

    const [target] = await rows<{ id: number }>(
      'CORPUS_1',
      sql`SELECT id FROM gazette_articles WHERE external_id = '20561817'`,
    )
    const changed = files.map((f) =>
      f.name === '529_20230512_20561817.xml'
        ? { ...f, content: f.content.replace('WILSON DE CASTILHO', 'WILSON DE CASTILHO SHARDIANO') }
        : f,
    )
    const third = await importDou(deps(), changed)
    expect(third.counts).toMatchObject({ imported: 0, updated: 1, unchanged: 11 })
    const [after] = await rows<{ id: number; body: string }>(
      'CORPUS_1',
      sql`SELECT id, body FROM gazette_articles WHERE external_id = '20561817'`,
    )
    expect(after?.id).toBe(target?.id)
    expect(after?.body).toContain('WILSON DE CASTILHO SHARDIANO')
    expect(await count('DB', 'gazette_articles')).toBe(0)
  })

  it('DJEN: matérias, mentions and masked texts in the gazettes’ shard; the lawsuit, parties, lawyers and masked parties in CORPUS_2; people and companies in CORPUS_4', async () => {
    const first = await importDjen(deps(), [djenFile()])
    // 3 matérias + 2 lawsuits.
    expect(first.counts).toMatchObject({ imported: 5, updated: 0, unchanged: 0 })

    const materias = await rows<{ id: number; external_id: string; masked: number; body: string }>(
      'CORPUS_1',
      sql`SELECT id, external_id, masked, body FROM gazette_articles WHERE external_id LIKE '91000%' ORDER BY external_id`,
    )
    expect(materias.map((m) => m.external_id)).toEqual(['9100001', '9100002', '9100003'])
    expect(materias.every((m) => inRange(2)(m.id))).toBe(true)
    // The protective measure's matéria is stored masked, its original kept beside it in the shard.
    expect(materias[2]).toMatchObject({ masked: 1 })
    expect(materias[2]?.body).not.toContain(MOTHER)
    expect(await rows('CORPUS_1', sql`SELECT article_id FROM masked_articles`)).toEqual([
      { article_id: materias[2]?.id },
    ])

    const lawsuits = await rows<{ id: number; cnj: string; sensitive: number }>(
      'CORPUS_2',
      sql`SELECT id, cnj, sensitive FROM lawsuits ORDER BY cnj`,
    )
    expect(lawsuits.map((l) => l.cnj).sort()).toEqual([CASE, SENSITIVE].sort())
    expect(lawsuits.every((l) => inRange(4)(l.id))).toBe(true)
    expect(lawsuits.find((l) => l.cnj === SENSITIVE)?.sensitive).toBe(1)

    // Each name once, in the entidades shard with its ids; the party and the mentions in the other
    // databases name those ids. DJEN names a bank as it names a person (no CNPJ), but an
    // organisation's name gets no person row (isPersonName, decisions/0089).
    const people = await rows<{ id: number; slug: string }>(
      'CORPUS_4',
      sql`SELECT id, slug FROM people ORDER BY slug`,
    )
    expect(people.map((p) => p.slug)).toEqual(['eufrosina-shardelli-importadora'])
    expect(people.every((p) => inRange(8)(p.id))).toBe(true)
    const person = people[0]
    const parties = await rows<{ name: string; person_id: number | null; lawsuit_id: number }>(
      'CORPUS_2',
      sql`SELECT name, person_id, lawsuit_id FROM parties ORDER BY id`,
    )
    expect(parties.find((p) => p.name === PERSON)?.person_id).toBe(person?.id)
    const mentions = await rows<{ person_id: number | null }>(
      'CORPUS_1',
      sql`SELECT person_id FROM article_mentions`,
    )
    expect(mentions.filter((m) => m.person_id === person?.id)).toHaveLength(2)
    expect(mentions.every((m) => m.person_id === null || people.some((p) => p.id === m.person_id))).toBe(true)
    // The minor's mother is only initials, her name kept in the lawsuit's shard, nowhere a person.
    expect(parties.some((p) => p.name.includes('Clotilde'))).toBe(false)
    expect(await rows('CORPUS_2', sql`SELECT name FROM masked_parties`)).toEqual([{ name: MOTHER }])
    expect(await rows('CORPUS_2', sql`SELECT name, oab_number FROM party_lawyers`)).toContainEqual({
      name: 'Advogada Shardiana',
      oab_number: '123456',
    })
    for (const binding of ['DB', 'CORPUS_1', 'CORPUS_3'] as const) {
      expect(await count(binding, 'people')).toBe(0)
      expect(await count(binding, 'lawsuits')).toBe(0)
      expect(await count(binding, 'parties')).toBe(0)
    }
    expect(await count('DB', 'gazette_articles')).toBe(0)
    expect(await count('DB', 'masked_parties')).toBe(0)

    const before = await snapshot()
    const again = await importDjen(deps(), [djenFile()])
    expect(again.counts).toMatchObject({ imported: 0, updated: 0, unchanged: 5 })
    expect(await snapshot()).toEqual(before)

    // One communication's text changed: that matéria is updated in place, nothing else moves.
    const third = await importDjen(deps(), [djenFile(true)])
    expect(third.counts).toMatchObject({ imported: 0, updated: 1, unchanged: 4 })
    const [changed] = await rows<{ id: number; body: string }>(
      'CORPUS_1',
      sql`SELECT id, body FROM gazette_articles WHERE external_id = '9100002'`,
    )
    expect(changed).toEqual({ id: materias[1]?.id, body: `Cite-se ${PERSON}, de novo.` })
    expect(await rows('CORPUS_4', sql`SELECT id, slug FROM people ORDER BY slug`)).toEqual(people)
  })

  it('a DataJud lawsuit goes to its court’s shard with its subjects and movements, and updates in place', async () => {
    const first = await importDatajud(deps(), [datajud()])
    expect(first.counts).toMatchObject({ imported: 1, updated: 0, unchanged: 0 })
    const [stored] = await rows<{ id: number; judging_body: string }>(
      'CORPUS_2',
      sql`SELECT id, judging_body FROM lawsuits WHERE cnj = '00176617820068010001'`,
    )
    expect(inRange(4)(stored?.id ?? 0)).toBe(true)
    expect(
      await rows('CORPUS_2', sql`SELECT code FROM lawsuit_subjects WHERE lawsuit_id = ${stored?.id}`),
    ).toEqual([{ code: 7757 }])
    expect(await count('DB', 'lawsuits')).toBe(0)

    const before = await snapshot()
    expect((await importDatajud(deps(), [datajud()])).counts).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: 1,
    })
    expect(await snapshot()).toEqual(before)

    expect((await importDatajud(deps(), [datajud(true)])).counts).toMatchObject({ updated: 1 })
    expect(
      await rows('CORPUS_2', sql`SELECT id, judging_body FROM lawsuits WHERE cnj = '00176617820068010001'`),
    ).toEqual([{ id: stored?.id, judging_body: '4ª Vara Cível da Capital' }])
  })

  it('legislation goes to the legislacao shard; TPU tables to every database', async () => {
    const first = await importConstituicao(deps(), [constituicao()])
    expect(first.counts.imported).toBeGreaterThan(0)
    const [statute] = await rows<{ id: number }>('CORPUS_3', sql`SELECT id FROM statutes`)
    expect(inRange(7)(statute?.id ?? 0)).toBe(true)
    expect(await count('CORPUS_3', 'provisions')).toBe(first.counts.imported)
    expect(await count('DB', 'statutes')).toBe(0)
    expect(await count('DB', 'provisions')).toBe(0)

    const tpu = (name: string) => ({ name: 'movimentos.csv', content: `codigo,descricao\n990001,${name}\n` })
    expect((await importTpu(deps(), [tpu('Movimento Shardiano')])).counts).toMatchObject({ imported: 1 })
    for (const binding of BINDINGS)
      expect(await rows(binding, sql`SELECT name FROM tpu_movements WHERE code = 990001`)).toEqual([
        { name: 'Movimento Shardiano' },
      ])

    const before = await snapshot()
    expect((await importConstituicao(deps(), [constituicao()])).counts).toMatchObject({
      imported: 0,
      updated: 0,
    })
    expect((await importTpu(deps(), [tpu('Movimento Shardiano')])).counts).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: 1,
    })
    expect(await snapshot()).toEqual(before)

    const changed = await importConstituicao(deps(), [constituicao(true)])
    expect(changed.counts.updated).toBe(first.counts.imported)
    expect(await rows('CORPUS_3', sql`SELECT id FROM statutes`)).toEqual([{ id: statute?.id }])
    expect(await rows('CORPUS_3', sql`SELECT text FROM provisions WHERE text LIKE '%soberania%'`)).toEqual([
      { text: 'I - a soberania nacional;' },
    ])
    expect((await importTpu(deps(), [tpu('Movimento Renomeado')])).counts).toMatchObject({ updated: 1 })
    for (const binding of BINDINGS)
      expect(await rows(binding, sql`SELECT name FROM tpu_movements WHERE code = 990001`)).toEqual([
        { name: 'Movimento Renomeado' },
      ])
  })

  it('a company a matéria mentions is one row in the entidades shard, whatever name a later source spells', async () => {
    const cnpj = '12345678000199'
    const mentioning = (id: string, legalName: string) => ({
      ...gazetteArticleRecord('shards-empresa', id, `Contrato com ${legalName}.`, '2024-06-05', {
        slug: 'doe-sp-shards',
        name: 'Diário Oficial do Estado de São Paulo',
        uf: 'SP',
      }),
      mentions: { people: [], companies: [{ cnpj, legalName }] },
    })
    await upsertGazetteArticles(deps(), [mentioning('1', 'Construtora Shardiana Ltda')])
    await upsertGazetteArticles(deps(), [mentioning('2', 'CONSTRUTORA SHARDIANA LIMITADA')])
    const companies = await rows<{ id: number; slug: string }>(
      'CORPUS_4',
      sql`SELECT id, slug FROM companies`,
    )
    expect(companies).toEqual([{ id: companies[0]?.id, slug: `construtora-shardiana-ltda-${cnpj}` }])
    expect(inRange(8)(companies[0]?.id ?? 0)).toBe(true)
    const mentions = await rows<{ company_id: number }>(
      'CORPUS_1',
      sql`SELECT m.company_id FROM article_mentions m JOIN gazette_articles a ON a.id = m.article_id
        WHERE a.external_id LIKE 'shards-empresa-%'`,
    )
    expect(mentions).toEqual([{ company_id: companies[0]?.id }, { company_id: companies[0]?.id }])
    expect(await count('DB', 'companies')).toBe(0)
  })

  it('the purge after an import names the lawsuits it touched in every shard', async () => {
    const since = Date.now() - 1
    await importDjen(deps(), [
      {
        name: 'djen-purge.json',
        content: JSON.stringify({
          items: [djenItem(9_200_001, buildCnj(4444, 2024, 8, 26, 100), 'Intime-se.', [])],
        }),
      },
    ])
    // The lawsuit and the matéria naming it are in CORPUS_2 and CORPUS_1; the primary has neither.
    expect(await purgeImported(deps().corpus, env.PAGE_VERSIONS, since)).toBe(1)
  })

  it('a municipal gazette (Querido Diário) goes to the other gazettes’ shard, and a name monitoring finds a new DOU matéria there after the cron', async () => {
    const stem = 'pratania_sp_2020-10-26_ed136'
    const files = [`${stem}.txt`, `${stem}.tika_metadata.json`].map((name) => ({
      name,
      content: sharedFile(`diarios/${name}`),
    }))
    const diario = await importDiario(deps(), files)
    expect(diario.counts.imported).toBeGreaterThan(0)
    const stored = await ids(
      'CORPUS_1',
      sql`SELECT a.id FROM gazette_articles a JOIN gazettes g ON g.id = a.gazette_id WHERE g.uf = 'SP' AND g.sphere = 'municipal'`,
    )
    expect(stored).toHaveLength(diario.counts.imported)
    expect(stored.every(inRange(2))).toBe(true)
    expect(await count('DB', 'gazette_articles')).toBe(0)
    expect((await importDiario(deps(), files)).counts).toMatchObject({
      imported: 0,
      unchanged: diario.counts.imported,
    })

    const user = await createUser()
    const name = 'Teodolinda Importada Shardiana'
    const primary = createDb(env.DB)
    const [watch] = await primary
      .insert(monitorings)
      .values({ userId: user.id, kind: 'nome', term: name, sources: ['diarios'] })
      .returning()
    const xml = `<xml><article pubName="DO2" artType="Portaria" pubDate="03/06/2024" artCategory="Ministério da Justiça" numberPage="12" editionNumber="105" idMateria="99100001"><body><Identifica><![CDATA[PORTARIA Nº 77]]></Identifica><Texto><![CDATA[<p>Nomear ${name.toUpperCase()} para o cargo.</p>]]></Texto></body></article></xml>`
    expect((await importDou(deps(), [{ name: 'shards-dou.xml', content: xml }])).counts.imported).toBe(1)
    const [materia] = await ids(
      'CORPUS_1',
      sql`SELECT id FROM gazette_articles WHERE external_id = '99100001'`,
    )
    await runCron(Date.now() + 2000)
    const hit = await eventually(async () => {
      const found = await rows<{ document_id: number; document_kind: string }>(
        'DB',
        sql`SELECT document_id, document_kind FROM monitoring_hits WHERE monitoring_id = ${watch?.id}`,
      )
      return found[0]
    })
    expect(hit).toEqual({ document_id: materia, document_kind: 'materia' })
  })
})
