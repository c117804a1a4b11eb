import { env } from 'cloudflare:test'
import { eq, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { lawsuits } from '~/db/schema-corpus'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { purgeImported } from '~/domain/corpus/import/purge.server'
import { slugify } from '~/domain/corpus/import/text'
import { createCorpus, loadShardMap } from '~/domain/corpus/shards.server'
import { runSplit, type SplitDeps, startSplit } from '~/domain/corpus/split/split.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { type LawsuitRecord, upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { findOneStored, syncCopy } from '~/domain/corpus/store/stored.server'
import { initials } from '~/domain/privacy/initials'
import { grantRole } from './claims-helpers'
import { createUser, decisionRecord, deps, get, sessionCookie } from './helpers'
import { uniqueWord } from './masking-helpers'
import { confirmedRequest, decide } from './removal-helpers'
import { forgetSpread, publishSpread } from './spread-map'

// decisions/0088: between a split's switch and its delete (decisions/0077) a moved document is
// in two databases, and the job copies the source's over the target's again (`recopiar`) and
// compares them (`conferir`). A masking made through the new map in that window (an import that
// finds a case sensitive, a reviewer's "mascarar" on a lawsuit, a matéria, a decision) must not
// be undone by that copy nor fail the split; a re-import made by a writer still holding the old
// map (into the source, during KV's grace) must still reach the target. This file publishes a
// map, so it runs apart (own-database.mjs).

const ENTRIES = [
  { id: 980, shard: 31, family: 'dou', binding: 'CORPUS_1', target: 'CORPUS_2' },
  { id: 981, shard: 32, family: 'processo:', binding: 'CORPUS_2', target: 'CORPUS_1' },
  { id: 982, shard: 33, family: 'jurisprudencia:', binding: 'CORPUS_3', target: 'CORPUS_4' },
  { id: 983, shard: 34, family: 'entidades', binding: 'CORPUS_4', target: 'CORPUS_3' },
]
const BINDINGS = ['CORPUS_1', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4'] as const
type Binding = (typeof BINDINGS)[number]
const all = <T>(binding: Binding, query: SQL) => createDb(env[binding]).all<T>(query)
/** The same rows read in every corpus database: where each copy is does not matter, its state does. */
const everywhere = async <T>(query: SQL) => (await Promise.all(BINDINGS.map((b) => all<T>(b, query)))).flat()
const splitDeps = (): SplitDeps => ({
  db: createDb(env.DB),
  pageVersions: env.PAGE_VERSIONS,
  open: deps().corpus.open,
})

const WORD = uniqueWord()
/** Indenização por dano moral: on no version of the sensitive list. */
const PLAIN = { code: 10433, name: 'Indenização por Dano Moral' }
/** Guarda (under Família): on the list. */
const FAMILY = { code: 5802, name: 'Guarda' }
const NAMES = [
  'Quitéria',
  'Olegária',
  'Rosimeire',
  'Tertuliana',
  'Ubaldina',
  'Valdirene',
  'Zuleica',
  'Alzerina',
  'Benvinda',
  'Cremilda',
  'Dorvalina',
  'Firmina',
]
const partyOf = (i: number) => `${NAMES[i]} ${WORD} Janota`
const cnjOf = (i: number) => buildCnj(620_000 + i, 2021, 8, 26, 100)
const lawsuit = (i: number, subjects = [PLAIN], moves = 1): LawsuitRecord => ({
  cnj: cnjOf(i),
  court: 'TJSP',
  classCode: 7,
  className: 'Procedimento Comum Cível',
  secrecyLevel: 0,
  source: 'datajud',
  subjects,
  parties: [
    { pole: 'ativo', name: partyOf(i).toUpperCase(), lawyers: [] },
    { pole: 'passivo', name: 'BANCO AURORA S.A.', lawyers: [] },
  ],
  movements: Array.from({ length: moves }, (_, v) => ({
    at: `2024-02-0${v + 1}T10:00:00`,
    code: null,
    name: `Movimento janela ${i} número ${v + 1}`,
    complements: null,
  })),
})
const NAMED = `Eulália ${WORD} Prado`
const materia = (i: number): GazetteArticleRecord => ({
  gazette: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' },
  edition: { date: `2024-06-0${i + 1}`, number: '1', extra: false },
  section: 'Seção 1',
  externalId: `janela-${WORD}-${i}`,
  kind: 'Portaria',
  organ: null,
  title: `PORTARIA JANELA ${i}`,
  body: `Conceder a ${NAMED.toUpperCase()} a licença ${WORD.toLowerCase()}portaria ${i}.`,
  page: 1,
  lawsuitCnj: null,
  mentions: { people: [NAMED.toUpperCase()], companies: [] },
})
const APPELLANT = `Rosicleia ${WORD} Matos`
const decision = (i: number) => ({
  ...decisionRecord(
    `janela${WORD}`,
    String(i),
    `APELAÇÃO CÍVEL. COBRANÇA. Apelante: ${APPELLANT.toUpperCase()}. Apelado: BANCO AURORA S.A. Sentença mantida ${WORD.toLowerCase()}ementa ${i}.`,
  ),
  publishedAt: `2021-0${i + 1}-01`,
})

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
/** The name nowhere in the text, whatever its case or accents. */
const free = (text: string, name: string) => !fold(text).includes(fold(name))
const page = async (path: string) => {
  const response = await get(path)
  expect(response.status, path).toBe(200)
  return response.text()
}
async function reviewer() {
  const user = await createUser()
  await grantRole(user.id)
  return sessionCookie(user.id)
}
const idOf = async (query: SQL) => {
  const [row] = await everywhere<{ id: number }>(query)
  if (!row) throw new Error('not stored')
  return row.id
}

describe('writes during a split window survive recopiar and conferir (decisions/0088)', () => {
  beforeAll(async () => {
    await publishSpread(ENTRIES.map(({ target: _, ...entry }) => entry))
  })
  afterAll(forgetSpread)

  it("maskings through the new map and an old map's re-import, between the switch and the delete, are what readers see after the split", async () => {
    // Six of each kind: the three older move (the median of six), the three newer stay.
    expect(
      await upsertLawsuits(
        deps(),
        [0, 1, 2, 3, 4, 5].map((i) => lawsuit(i)),
      ),
    ).toMatchObject({ imported: 6 })
    expect(
      await upsertGazetteArticles(
        deps(),
        [0, 1, 2, 3, 4, 5].map((i) => materia(i)),
      ),
    ).toMatchObject({ imported: 6 })
    expect(
      await upsertDecisions(
        deps().corpus,
        [0, 1, 2, 3, 4, 5].map((i) => decision(i)),
      ),
    ).toMatchObject({ imported: 6 })
    // The names in clear before.
    expect(await page(`/processos/${formatCnj(cnjOf(0))}`)).toContain(partyOf(0).toUpperCase())
    expect((await get(`/pessoas/${slugify(partyOf(0))}`)).status).toBe(200)
    const oldMap = await loadShardMap(env.PAGE_VERSIONS)

    // Each shard split up to the switch: the older half is in both databases, the map names the target.
    const splits: number[] = []
    for (const entry of ENTRIES) {
      const started = await startSplit(splitDeps(), { entryId: entry.id, target: entry.target })
      if (!started.ok) throw new Error(started.error)
      splits.push(started.split.id)
      expect((await runSplit(splitDeps(), started.split.id, { batch: 2 })).step).toBe('aguardar')
    }
    const inBoth = await all<{ n: number }>(
      'CORPUS_1',
      sql`SELECT count(*) AS n FROM lawsuits WHERE cnj IN (${sql.join([0, 1, 2].map(cnjOf), sql`, `)})`,
    )
    expect(inBoth[0]?.n, 'the moved lawsuits are copied to the target').toBe(3)

    // Through the new map (a fresh request's deps read the published map):
    const since = Date.now() - 1000
    // 1. lawsuit 0 is re-imported with a custody subject: sensitive, masked at import;
    expect(await upsertLawsuits(deps(), [lawsuit(0, [PLAIN, FAMILY])])).toMatchObject({ updated: 1 })
    // 2. a reviewer masks lawsuit 1, a moved matéria and a moved decision on request.
    const cookie = await reviewer()
    const materiaId = await idOf(
      sql`SELECT id FROM gazette_articles WHERE external_id = ${`janela-${WORD}-0`} ORDER BY id LIMIT 1`,
    )
    const decisionId = await idOf(
      sql`SELECT id FROM decisions WHERE external_id = ${`janela${WORD}:0`} ORDER BY id LIMIT 1`,
    )
    for (const path of [
      `/processos/${formatCnj(cnjOf(1))}`,
      `/diarios/materia/${materiaId}`,
      `/jurisprudencia/${decisionId}`,
    ]) {
      const { id } = await confirmedRequest({ paginas: path })
      expect((await decide(cookie, id, 'mascarar')).status, path).toBe(200)
    }
    // 3. a writer still holding the old map re-imports lawsuit 2 (a new movement) into the source.
    const stale = { ...deps(), corpus: createCorpus(async () => oldMap, deps().corpus.open) }
    expect(await upsertLawsuits(stale, [lawsuit(2, [PLAIN], 2)])).toMatchObject({ updated: 1 })
    // What an import job does after writing: its lawsuits' pages are purged from the edge cache.
    await purgeImported(deps().corpus, env.PAGE_VERSIONS, since)

    // The grace passes: copied again, compared, deleted. Nothing written above is a mismatch.
    for (const id of splits) {
      const done = await runSplit(splitDeps(), id, { batch: 2, now: () => Date.now() + 61_000 })
      expect(done.step, done.error ?? '').toBe('feito')
    }

    // What a reader sees (soft: every surface that shows a name is reported, not only the first): the masked lawsuits show initials, never the names, on their page and
    // in search; their original names are kept privately (masked_parties); the people are gone.
    for (const i of [0, 1]) {
      const html = await page(`/processos/${formatCnj(cnjOf(i))}`)
      expect.soft(html, `lawsuit ${i}`).toContain(initials(partyOf(i).toUpperCase()))
      expect.soft(free(html, partyOf(i)), `lawsuit ${i}'s page`).toBe(true)
      const found = await page(`/busca?q=${encodeURIComponent(partyOf(i))}`)
      expect.soft(found, `search for lawsuit ${i}'s party`).not.toContain(formatCnj(cnjOf(i)))
      expect.soft((await get(`/pessoas/${slugify(partyOf(i))}`)).status, `person ${i}`).toBe(404)
      const kept = await everywhere<{ name: string }>(
        sql`SELECT m.name FROM masked_parties m JOIN parties p ON p.id = m.party_id
              JOIN lawsuits l ON l.id = p.lawsuit_id WHERE l.cnj = ${cnjOf(i)}`,
      )
      expect.soft(kept.map((k) => fold(k.name))).toEqual([fold(partyOf(i))])
      expect
        .soft(
          await everywhere(sql`SELECT id FROM people WHERE slug = ${slugify(partyOf(i))}`),
          `person ${i}'s row`,
        )
        .toEqual([])
    }
    // The public one keeps its name.
    expect.soft(await page(`/processos/${formatCnj(cnjOf(3))}`)).toContain(partyOf(3).toUpperCase())
    // The matéria and the decision masked on request.
    const materiaPage = await page(`/diarios/materia/${materiaId}`)
    expect.soft(materiaPage).toContain(initials(NAMED.toUpperCase()))
    expect.soft(free(materiaPage, NAMED), 'matéria page').toBe(true)
    const decisionPage = await page(`/jurisprudencia/${decisionId}`)
    expect.soft(free(decisionPage, APPELLANT), 'decision page').toBe(true)
    expect.soft(decisionPage).toContain('BANCO AURORA S.A.')
    expect
      .soft(await everywhere(sql`SELECT decision_id FROM masked_decisions WHERE decision_id = ${decisionId}`))
      .toHaveLength(1)
    // The old map's re-import reached the copy readers use.
    expect.soft(await page(`/processos/${formatCnj(cnjOf(2))}`)).toContain('Movimento janela 2 número 2')
    // Each document once, after the delete.
    expect
      .soft(
        await everywhere(
          sql`SELECT id FROM lawsuits WHERE cnj IN (${sql.join([0, 1, 2, 3, 4, 5].map(cnjOf), sql`, `)})`,
        ),
      )
      .toHaveLength(6)
  }, 120_000)

  it("a write landing in the middle of the job's copy is copied again, not a mismatch; a writer's copy never deletes the one readers use", async () => {
    // Lawsuits of this test in the newest part of the lawsuit shard (CORPUS_2), which is split
    // again (to CORPUS_3): the older ones move.
    const mine = [6, 7, 8, 9, 10, 11]
    expect(
      await upsertLawsuits(
        deps(),
        mine.map((i) => lawsuit(i)),
      ),
    ).toMatchObject({ imported: 6 })
    const [entry] = await createDb(env.DB).all<{ id: number }>(
      sql`SELECT id FROM corpus_shards WHERE shard = 32 AND binding = 'CORPUS_2'`,
    )
    // Cut at lawsuit 8: 6 and 7 move (with what an earlier test left below them), 8 to 11 stay.
    const [cut] = await all<{ id: number }>('CORPUS_2', sql`SELECT id FROM lawsuits WHERE cnj = ${cnjOf(8)}`)
    const started = await startSplit(splitDeps(), {
      entryId: entry?.id ?? 0,
      target: 'CORPUS_3',
      at: cut?.id,
    })
    if (!started.ok) throw new Error(started.error)
    const id = started.split.id
    expect((await runSplit(splitDeps(), id, { batch: 2 })).step).toBe('aguardar')
    const moved = async (i: number) =>
      (
        await all<{ n: number }>('CORPUS_3', sql`SELECT count(*) AS n FROM lawsuits WHERE cnj = ${cnjOf(i)}`)
      )[0]?.n
    expect([await moved(6), await moved(7), await moved(8)]).toEqual([1, 1, 0])

    // Copied again, then stopped before the comparison: a write then reaches the source alone,
    // as when a writer's write of the target was overwritten by the job's copy read just before it.
    const late = await runSplit(splitDeps(), id, {
      batch: 2,
      now: () => Date.now() + 61_000,
      checkpoint: (point) => {
        if (point === 'conferir:0:-') throw new Stop()
      },
    }).catch((error) => (error instanceof Stop ? null : Promise.reject(error)))
    expect(late).toBeNull()
    await all(
      'CORPUS_2',
      sql`UPDATE lawsuits SET class_name = 'Procedimento do Juizado Especial Cível' WHERE cnj = ${cnjOf(6)}`,
    )

    // A writer found lawsuit 7 in the source before the delete, and copies it after: nothing there.
    const stored = await findOneStored(deps().corpus, { kind: 'processo', cnj: cnjOf(7) }, (db) =>
      db
        .select({ id: lawsuits.id })
        .from(lawsuits)
        .where(eq(lawsuits.cnj, cnjOf(7))),
    )
    expect(stored?.owner, 'found in the source, the target to bring up to date').toBeTruthy()
    const done = await runSplit(splitDeps(), id, { batch: 2, now: () => Date.now() + 61_000 })
    expect(done.step, done.error ?? '').toBe('feito')
    const since = Date.now() - 1000
    await expect(syncCopy(stored, 'lawsuits')).rejects.toThrow(/apagada pela divisão/)
    await purgeImported(deps().corpus, env.PAGE_VERSIONS, since)

    // The write is what readers see; lawsuit 7 is still there, once.
    expect(await page(`/processos/${formatCnj(cnjOf(6))}`)).toContain(
      'Procedimento do Juizado Especial Cível',
    )
    expect(await page(`/processos/${formatCnj(cnjOf(7))}`)).toContain(partyOf(7).toUpperCase())
    expect(await everywhere(sql`SELECT id FROM lawsuits WHERE cnj = ${cnjOf(7)}`)).toHaveLength(1)
  }, 120_000)
})

class Stop extends Error {}
