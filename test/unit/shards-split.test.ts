import { env } from 'cloudflare:test'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { failedJobs, jobRuns } from '~/db/schema'
import { corpusShards, corpusSplits } from '~/db/schema-shards'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus, publishShardMap, SHARD_MAP_KEY } from '~/domain/corpus/shards.server'
import { runSplit, type SplitDeps, startSplit } from '~/domain/corpus/split/split.server'
import { splitLargeShards } from '~/domain/corpus/split/threshold.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { NO_FILTERS } from '~/domain/search/filters'
import { type SearchCategory, search } from '~/domain/search/search.server'
import { createUser, decisionRecord, deps, get, sessionCookie } from './helpers'

// decisions/0077: a shard past its size is split by a resumable job (copy, verify, switch the
// map, wait out KV's grace, copy and verify again, delete the old rows). The job is killed after
// every batch it writes and every step it records, and resumed; at every stop each document is
// found exactly once by its page and by the search, and at the end the moved rows are in the
// target only, with equal counts and checksums, and the map says so. This file publishes a map,
// so it runs apart (own-database.mjs).

const S = 9 * SHARD_SPAN // the split shard's ids
const PERSON = 8 * SHARD_SPAN + 1 // a person of the `entidades` shard, named by a party and a matéria
const WORD = 'tartarugadivisivel'
const ENTRIES = [
  { id: 900, shard: 8, family: 'entidades', binding: 'CORPUS_2' },
  { id: 901, shard: 9, family: '*', binding: 'CORPUS_2' },
]
const cnjOf = (i: number) => buildCnj(7000 + i, 2020, 8, 26, 100)

const corpus2 = () => createDb(env.CORPUS_2)
const corpus4 = () => createDb(env.CORPUS_4)
const splitDeps = (): SplitDeps => ({
  db: createDb(env.DB),
  pageVersions: env.PAGE_VERSIONS,
  open: deps().corpus.open,
})
const ids = (html: string, path: string) =>
  [...html.matchAll(new RegExp(`href="/${path}/(\\d+)"`, 'g'))].map((m) => Number(m[1]))
/** Documents of a root table in [from, to) in a database. */
const count = async (db: Database, table: string, from: number, to = S + SHARD_SPAN) =>
  (
    await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE id >= ${from} AND id < ${to}`,
    )
  )[0]?.n ?? 0
const movements = async (db: Database, below: number) =>
  (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM movements WHERE lawsuit_id < ${below}`))[0]?.n

/** Six decisions (through the importer), six matérias and six lawsuits with all they own. */
async function seed() {
  const records = Array.from({ length: 6 }, (_, i) => ({
    ...decisionRecord('divisao', String(i), `Ementa ${i}: ${WORD} e a fauna silvestre.`),
    publishedAt: `2021-0${i + 1}-01`,
  }))
  expect(await upsertDecisions(deps().corpus, records)).toMatchObject({ imported: 6 })
  const db = corpus2()
  await db.run(
    sql`INSERT INTO people (id, name, slug) VALUES (${PERSON}, 'Gertrudes Divisível', 'gertrudes-divisivel')`,
  )
  await db.run(
    sql`INSERT INTO gazettes (id, slug, name, sphere) VALUES (${S + 1}, 'dou', 'Diário Oficial da União', 'federal')`,
  )
  await db.run(
    sql`INSERT INTO gazette_editions (id, gazette_id, date) VALUES (${S + 1}, ${S + 1}, '2024-05-02')`,
  )
  await db.run(
    sql`INSERT INTO gazette_sections (id, edition_id, name, slug) VALUES (${S + 1}, ${S + 1}, 'Seção 1', 'secao-1')`,
  )
  for (let i = 0; i < 6; i++) {
    const id = S + i
    await db.run(
      sql`INSERT INTO gazette_articles (id, gazette_id, edition_id, section_id, date, external_id, title, body, masked, lawsuit_cnj)
        VALUES (${id}, ${S + 1}, ${S + 1}, ${S + 1}, '2024-05-02', ${`divisao-${i}`}, ${`PORTARIA Nº ${i}`}, ${`Nomear para o cargo ${WORD} ${i}.`}, ${i === 1 ? 1 : 0}, ${i === 0 || i === 4 ? cnjOf(3) : null})`,
    )
    await db.run(sql`INSERT INTO article_mentions (article_id, person_id) VALUES (${id}, ${PERSON})`)
    if (i === 1)
      await db.run(
        sql`INSERT INTO masked_articles (article_id, title, body) VALUES (${id}, 'PORTARIA', 'Nomear Gertrudes.')`,
      )
    await db.run(
      sql`INSERT INTO lawsuits (id, cnj, court, source, class_name) VALUES (${id}, ${cnjOf(i)}, 'TJSP', 'datajud', 'Procedimento Comum Cível')`,
    )
    const [party] = await db.all<{ id: number }>(
      sql`INSERT INTO parties (lawsuit_id, pole, name, person_id) VALUES (${id}, 'ativo', 'Gertrudes Divisível', ${PERSON}) RETURNING id`,
    )
    await db.run(
      sql`INSERT INTO party_lawyers (party_id, name, oab_number, oab_uf) VALUES (${party?.id}, 'Dra. Advogada', '123', 'SP')`,
    )
    if (i === 2)
      await db.run(sql`INSERT INTO masked_parties (party_id, name) VALUES (${party?.id}, 'Fulana')`)
    await db.run(
      sql`INSERT INTO movements (lawsuit_id, at, name) VALUES (${id}, '2023-08-01T09:00:00', ${`Movimento divisível ${i}`})`,
    )
    await db.run(sql`INSERT INTO lawsuit_subjects (lawsuit_id, code, name) VALUES (${id}, 10, 'Dano moral')`)
  }
}

let cookie = ''
/** How often each lawsuit's page names its movement before the split (the page's own layout). */
const lawsuitPages: number[] = []
const page = async (path: string) => {
  const response = await get(path, { headers: { Cookie: cookie } })
  return { status: response.status, html: await response.text() }
}

/** What a reader sees: every decision's page, the searches of decisions and matérias, each lawsuit's page. */
async function readersSeeEachOnce(decisions: number[], at: string) {
  for (const order of ['', '&ordem=recentes']) {
    const found = ids((await page(`/jurisprudencia/busca?q=${WORD}${order}`)).html, 'jurisprudencia')
    expect(found.toSorted(), `decisões ${at}`).toEqual(decisions)
  }
  const materias = ids((await page(`/busca?q=${WORD}&qo=d`)).html, 'diarios/materia')
  expect(materias.toSorted(), `matérias ${at}`).toEqual(Array.from({ length: 6 }, (_, i) => S + i))
  // The case-law section lists the newest decisions, each once.
  const listed = ids((await page('/jurisprudencia')).html, 'jurisprudencia')
  for (const id of decisions) expect(listed.filter((l) => l === id).length, `seção ${id} ${at}`).toBe(1)
  // Pages by id and by number: the first and last moved documents, and the first that stays.
  for (const id of [decisions[0], decisions[2], decisions[3]]) {
    const { status, html } = await page(`/jurisprudencia/${id}`)
    expect(status, `decisão ${id} ${at}`).toBe(200)
    expect(html).toContain(WORD)
  }
  for (const i of [0, 2, 3]) {
    const { status, html } = await page(`/processos/${formatCnj(cnjOf(i))}`)
    expect(status, `processo ${i} ${at}`).toBe(200)
    // The page as before the split: its one movement, its one party (not two copies of either).
    const shown = html.split(`Movimento divisível ${i}`).length - 1
    lawsuitPages[i] = lawsuitPages[i] ?? shown
    expect(shown, `processo ${i} ${at}`).toBe(lawsuitPages[i])
    expect(shown).toBeGreaterThan(0)
  }
  // Lawsuit 3 is cited by a moved matéria and by one that stays: each listed once.
  const cited = (await page(`/processos/${formatCnj(cnjOf(3))}`)).html
  expect(ids(cited, 'diarios/materia').toSorted(), `citações ${at}`).toEqual([S, S + 4])
  await otherSearchesSeeEachOnce(at)
}

/**
 * The other categories' searches across shards (decisions/0076) answer for each database's ids
 * too: lawsuits by their parties (a party's own id is not in the shard's range), the person whose
 * copy the split wrote beside the moved lawsuits, her appearances, a zero-result page's counts.
 */
async function otherSearchesSeeEachOnce(at: string) {
  const find = (q: string, category: SearchCategory, ordem: 'relevancia' | 'recentes' = 'relevancia') =>
    search(deps(), { q, category, page: 1, today: '2026-11-26', filters: { ...NO_FILTERS, ordem } })
  for (const ordem of ['relevancia', 'recentes'] as const) {
    const [suits] = (await find('Gertrudes', 'en', ordem)).sections
    expect(suits?.results.map((r) => r.id).toSorted(), `processos ${ordem} ${at}`).toEqual(
      Array.from({ length: 6 }, (_, i) => S + i),
    )
    expect(suits?.total, `processos ${ordem} ${at}`).toBe(6)
  }
  const [people] = (await find('Gertrudes', 'p')).sections
  expect(people?.total, `pessoas ${at}`).toBe(1)
  expect(people?.results, `pessoas ${at}`).toEqual([
    expect.objectContaining({ id: PERSON, lawsuits: 6, gazettes: 6 }),
  ])
  expect((await find(WORD, 'p')).elsewhere, `noutras categorias ${at}`).toEqual([
    { category: 'd', total: 6 },
    { category: 'jr', total: 6 },
  ])
}

class Killed extends Error {}

describe('splitting a shard (decisions/0077)', () => {
  beforeAll(async () => {
    const primary = createDb(env.DB)
    await primary.delete(corpusShards)
    await primary
      .insert(corpusShards)
      .values(ENTRIES.map((e) => ({ ...e, idFrom: e.shard * SHARD_SPAN, idTo: (e.shard + 1) * SHARD_SPAN })))
    await publishShardMap({ db: primary, pageVersions: env.PAGE_VERSIONS })
    await seed()
    cookie = await sessionCookie((await createUser()).id)
  })
  afterAll(async () => {
    await createDb(env.DB).delete(corpusShards)
    await env.PAGE_VERSIONS.delete(SHARD_MAP_KEY)
  })

  it('refuses a target that already serves the family, and an entry with nothing to move', async () => {
    expect(await startSplit(splitDeps(), { entryId: 901, target: 'CORPUS_2' })).toEqual({
      ok: false,
      error: 'destino',
    })
    expect(await startSplit(splitDeps(), { entryId: 999, target: 'CORPUS_4' })).toEqual({
      ok: false,
      error: 'entrada',
    })
    expect(await startSplit(splitDeps(), { entryId: 900, target: 'CORPUS_4' })).toEqual({
      ok: false,
      error: 'vazio',
    })
    // Another family kept in the same tables: a gazette's matérias into the DOU's database
    // would be read there by every matéria search before the switch (rows in the primary only).
    const primary = createDb(env.DB)
    const extra = [
      { id: 910, shard: 20, family: 'dou', binding: 'CORPUS_4' },
      { id: 911, shard: 21, family: 'diario:sp', binding: 'CORPUS_3' },
    ]
    await primary
      .insert(corpusShards)
      .values(extra.map((e) => ({ ...e, idFrom: e.shard * SHARD_SPAN, idTo: (e.shard + 1) * SHARD_SPAN })))
    try {
      expect(await startSplit(splitDeps(), { entryId: 911, target: 'CORPUS_4' })).toEqual({
        ok: false,
        error: 'destino',
      })
    } finally {
      await primary.delete(corpusShards).where(inArray(corpusShards.id, [910, 911]))
    }
  })

  it('a copy that does not match stops the job, visibly, and never switches the map', async () => {
    const started = await startSplit(splitDeps(), { entryId: 901, target: 'CORPUS_4' })
    if (!started.ok) throw new Error(started.error)
    const { split } = started
    // Copy, then lose a row in the target before the verification (a broken write, a bad copy).
    const copied = await runSplit(splitDeps(), split.id, {
      batch: 4,
      checkpoint: (point) => {
        if (point.startsWith('verificar:0:-')) throw new Killed()
      },
    }).catch((error) => (error instanceof Killed ? null : Promise.reject(error)))
    expect(copied).toBeNull()
    await corpus4().run(sql`DELETE FROM movements WHERE lawsuit_id = ${S}`)
    const failed = await runSplit(splitDeps(), split.id, { batch: 4 })
    expect(failed.step).toBe('falhou')
    expect(failed.error).toContain('movements (3 na origem, 2 no destino)')
    expect(
      await createDb(env.DB).select().from(failedJobs).where(eq(failedJobs.queue, 'corpus-split')),
    ).toHaveLength(1)
    const map = (await env.PAGE_VERSIONS.get(SHARD_MAP_KEY, 'json')) as ShardMap
    expect(map.entries.map((e) => e.binding)).toEqual(['CORPUS_2', 'CORPUS_2'])
    // Nothing was deleted from the source.
    expect(await movements(corpus2(), S + SHARD_SPAN)).toBe(6)
  })

  it('killed after every batch and every step, resumed each time: every document is seen once, and at the end it is all in the target', async () => {
    const decisions = (
      await corpus2().all<{ id: number }>(
        sql`SELECT id FROM decisions WHERE external_id LIKE 'divisao:%' ORDER BY id`,
      )
    ).map((r) => r.id)
    expect(decisions).toHaveLength(6)
    await readersSeeEachOnce(decisions, 'antes')
    const oldMap = (await env.PAGE_VERSIONS.get(SHARD_MAP_KEY, 'json')) as ShardMap

    const started = await startSplit(splitDeps(), { entryId: 901, target: 'CORPUS_4' })
    if (!started.ok) throw new Error(started.error)
    // The median of six documents: ids S … S + 2 move, S + 3 … stay (and new ones go there).
    expect(started.split).toMatchObject({ idFrom: S, idTo: S + 3, source: 'CORPUS_2', target: 'CORPUS_4' })
    expect(await startSplit(splitDeps(), { entryId: 901, target: 'CORPUS_4' })).toMatchObject({
      resumed: true,
    })

    let clock = Date.now()
    const stops: string[] = []
    // Each point where the job can be killed, killed once: the run after it goes one point further.
    const killed = new Set<string>()
    for (let run = 0; run < 500; run++) {
      let point = ''
      const state = await runSplit(splitDeps(), started.split.id, {
        batch: 2,
        now: () => clock,
        checkpoint: (at) => {
          if (killed.has(at)) return
          killed.add(at)
          point = at
          throw new Killed()
        },
      }).catch((error) => (error instanceof Killed ? null : Promise.reject(error)))
      if (state?.step === 'feito') break
      if (state?.step === 'aguardar') {
        // Waiting out KV's grace: a reader still holding the old map finds every row where it was.
        point = 'aguardar'
        const stale = createCorpus(async () => oldMap, deps().corpus.open)
        for (const id of decisions) {
          const db = await stale.byId(id)
          expect(await db?.all(sql`SELECT id FROM decisions WHERE id = ${id}`)).toHaveLength(1)
        }
        clock += 60_001
      }
      expect(state?.step, point).not.toBe('falhou')
      stops.push(point)
      await readersSeeEachOnce(decisions, `em ${point}`)
    }
    // It was stopped inside every step, after batches written, counted and deleted.
    for (const step of ['copiar', 'verificar', 'trocar', 'aguardar', 'recopiar', 'conferir', 'apagar'])
      expect(stops.some((s) => s.startsWith(step))).toBe(true)
    for (const batch of [
      'copiar:lote-escrito',
      'recopiar:lote-escrito',
      'verificar:lote-contado',
      'apagar:lote-apagado',
    ])
      expect(stops.some((s) => s.startsWith(batch))).toBe(true)
    expect(stops.length).toBeGreaterThan(40)

    const [done] = await createDb(env.DB)
      .select()
      .from(corpusSplits)
      .where(eq(corpusSplits.id, started.split.id))
    expect(done?.step).toBe('feito')
    // Equal counts and checksums, table by table.
    for (const [table, tally] of Object.entries(done?.tally ?? {}))
      expect(tally.source, table).toEqual(tally.target)
    expect(done?.tally.lawsuits?.source[0]).toBe(3)
    expect(done?.tally.party_lawyers?.source[0]).toBe(3)
    expect(done?.tally.masked_parties?.source[0]).toBe(1)
    expect(done?.tally.masked_articles?.source[0]).toBe(1)
    // The moved rows are in the target only; the rest stayed.
    for (const table of ['gazette_articles', 'lawsuits', 'decisions']) {
      expect(await count(corpus4(), table, S, S + 3), table).toBe(3)
      expect(await count(corpus2(), table, S, S + 3), table).toBe(0)
      expect(await count(corpus2(), table, S + 3), table).toBe(3)
      expect(await count(corpus4(), table, S + 3), table).toBe(0)
    }
    expect(await movements(corpus4(), S + 3)).toBe(3)
    expect(await movements(corpus2(), S + 3)).toBe(0)
    // The map is published: the older ids in CORPUS_4, the newer (and new documents) in CORPUS_2.
    const map = (await env.PAGE_VERSIONS.get(SHARD_MAP_KEY, 'json')) as ShardMap
    expect(map.entries.filter((e) => e.shard === 9)).toEqual([
      expect.objectContaining({ idFrom: S, idTo: S + 3, binding: 'CORPUS_4' }),
      expect.objectContaining({ idFrom: S + 3, idTo: S + SHARD_SPAN, binding: 'CORPUS_2' }),
    ])
    expect(
      await createDb(env.DB)
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.windowKey, String(started.split.id))),
    ).toHaveLength(1)
    await readersSeeEachOnce(decisions, 'no fim')
    // A new decision of the shard goes to its newest sub-range, in the database that kept it.
    await upsertDecisions(deps().corpus, [decisionRecord('divisao', 'novo', `Nova ${WORD}.`)])
    const [fresh] = await corpus2().all<{ id: number }>(
      sql`SELECT id FROM decisions WHERE external_id = 'divisao:novo'`,
    )
    expect(fresh?.id).toBe(S + 6)
  }, 300_000)

  it('the cron measures each corpus database and splits one past the threshold', async () => {
    const ran = await splitLargeShards({ ...deps(), shardSplitBytes: 1 }, { batch: 50, graceMs: 0 })
    expect(ran.sizes.CORPUS_2).toBeGreaterThan(1)
    expect(ran.started).toMatchObject({ source: 'CORPUS_2', target: 'CORPUS_1' })
    expect(ran.started?.step).toBe('feito')
    // Nothing past a threshold of 8 GB: nothing starts.
    expect((await splitLargeShards(deps())).started).toBeNull()
  })
})
