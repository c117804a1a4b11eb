import { env } from 'cloudflare:test'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { monitorings } from '~/db/schema-monitoring'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { runSplit, type SplitDeps, startSplit } from '~/domain/corpus/split/split.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { type LawsuitRecord, upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { createUser, decisionRecord, deps, get, sessionCookie } from './helpers'
import { forgetSpread, publishSpread } from './spread-map'

// decisions/0083, item 1: after a split (decisions/0077) an importer finds a document by its
// natural key wherever the map says its id lives, and updates it in place: same id, same URL, no
// second copy. Matérias (DOU), lawsuits (DataJud, DJEN), decisions and the people they name are
// re-imported between the switch and the delete (both databases hold the moved rows) and after
// the delete, for a document that moved and one that stayed. This file publishes a map, so it
// runs apart (own-database.mjs).

const ENTRIES = [
  { id: 960, shard: 21, family: 'dou', binding: 'CORPUS_1', target: 'CORPUS_2' },
  { id: 961, shard: 22, family: 'processo:', binding: 'CORPUS_2', target: 'CORPUS_1' },
  { id: 962, shard: 23, family: 'jurisprudencia:', binding: 'CORPUS_3', target: 'CORPUS_4' },
  { id: 963, shard: 24, family: 'entidades', binding: 'CORPUS_4', target: 'CORPUS_3' },
]
const BINDINGS = ['DB', 'CORPUS_1', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4'] as const
type Binding = (typeof BINDINGS)[number]
const WORD = 'reimportacaolookup'

const all = <T>(binding: Binding, query: SQL) => createDb(env[binding]).all<T>(query)
const splitDeps = (): SplitDeps => ({
  db: createDb(env.DB),
  pageVersions: env.PAGE_VERSIONS,
  open: deps().corpus.open,
})

const cnjOf = (i: number) => buildCnj(8100 + i, 2020, 8, 26, 100)
const materia = (i: number, version = 1): GazetteArticleRecord => ({
  gazette: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' },
  edition: { date: `2024-05-0${i + 1}`, number: '1', extra: false },
  section: 'Seção 1',
  externalId: `lookup-${i}`,
  kind: 'Portaria',
  organ: null,
  title: `PORTARIA LOOKUP ${i}`,
  body: `Nomear para o cargo ${WORD} ${i}, versão ${version}.`,
  page: 1,
  lawsuitCnj: null,
  mentions: { people: [`Personagem Lookup ${['Ana', 'Bia', 'Cid', 'Davi'][i]}`], companies: [] },
})
const lawsuit = (i: number, version = 1): LawsuitRecord => ({
  cnj: cnjOf(i),
  court: 'TJSP',
  className: 'Procedimento Comum Cível',
  secrecyLevel: 0,
  source: 'datajud',
  // The second is a custody case (subject 5802): sensitive, its people stored as initials.
  subjects: i === 1 ? [{ code: 5802, name: 'Guarda' }] : [],
  parties: [{ pole: 'ativo', name: `Parte Lookup ${['Ema', 'Fabio', 'Gil', 'Hugo'][i]}`, lawyers: [] }],
  movements: Array.from({ length: version }, (_, v) => ({
    at: `2024-01-0${v + 1}T10:00:00`,
    code: null,
    name: `Movimento lookup ${i} versão ${v + 1}`,
    complements: null,
  })),
})
const decision = (i: number, version = 1) => ({
  ...decisionRecord('lookup', String(i), `Ementa ${WORD} ${i}, versão ${version}.`),
  publishedAt: `2021-0${i + 1}-01`,
})

type Kind = 'materias' | 'lawsuits' | 'decisions' | 'people'
const CNJS = JSON.stringify([0, 1, 2, 3].map(cnjOf))
const QUERIES: Record<Kind, SQL> = {
  materias: sql`SELECT external_id AS k, id FROM gazette_articles WHERE external_id LIKE 'lookup-%' ORDER BY id`,
  lawsuits: sql`SELECT cnj AS k, id FROM lawsuits WHERE cnj IN (SELECT value FROM json_each(${CNJS})) ORDER BY id`,
  decisions: sql`SELECT external_id AS k, id FROM decisions WHERE external_id LIKE 'lookup:%' ORDER BY id`,
  people: sql`SELECT slug AS k, id FROM people WHERE slug LIKE '%lookup%' ORDER BY id`,
}
/** The `key=id` of a kind's rows of this file in a database. */
const stored = async (binding: Binding, kind: Kind) =>
  (await all<{ k: string; id: number }>(binding, QUERIES[kind])).map((r) => `${r.k}=${r.id}`)

/** Each natural key of a kind once over the databases the map sends it to: key → id. */
async function onceEach(kind: Kind, bindings: Binding[]) {
  const pairs = (await Promise.all(bindings.map((b) => stored(b, kind)))).flat()
  const keys = pairs.map((p) => p.split('=')[0])
  expect(new Set(keys).size, `${kind}: ${pairs.join(', ')}`).toBe(keys.length)
  return new Map(pairs.map((p) => p.split('=') as [string, string]))
}

let cookie = ''
const page = async (path: string) => {
  const response = await get(path, { headers: { Cookie: cookie } })
  expect(response.status, path).toBe(200)
  return response.text()
}

describe('re-imports after a split find each document where the map says (decisions/0083)', () => {
  beforeAll(async () => {
    // Each entry keeps its id: the split job is started by it.
    await publishSpread(ENTRIES.map(({ target: _, ...entry }) => entry))
    cookie = await sessionCookie((await createUser()).id)
  })
  afterAll(forgetSpread)

  it('a matéria, a lawsuit, a decision and a person keep their id and URL, between the switch and the delete and after it', async () => {
    // A fresh request's deps each time: each reads the map as it now is.
    const importAll = async (version: (i: number) => number, d = deps()) => ({
      materias: await upsertGazetteArticles(
        d,
        [0, 1, 2, 3].map((i) => materia(i, version(i))),
      ),
      lawsuits: await upsertLawsuits(
        d,
        [0, 1, 2, 3].map((i) => lawsuit(i, version(i))),
      ),
      decisions: await upsertDecisions(
        d.corpus,
        [0, 1, 2, 3].map((i) => decision(i, version(i))),
      ),
    })
    expect(await importAll(() => 1)).toEqual({
      materias: expect.objectContaining({ imported: 4 }),
      lawsuits: expect.objectContaining({ imported: 4 }),
      decisions: expect.objectContaining({ imported: 4 }),
    })
    const people = await onceEach('people', ['CORPUS_4'])
    expect(people.size).toBe(7)

    // Each shard split up to the switch: the older half moves, both databases hold it for now.
    const splits: number[] = []
    for (const entry of ENTRIES) {
      const started = await startSplit(splitDeps(), { entryId: entry.id, target: entry.target })
      if (!started.ok) throw new Error(started.error)
      splits.push(started.split.id)
      expect((await runSplit(splitDeps(), started.split.id, { batch: 3 })).step).toBe('aguardar')
    }
    const materias = await onceEach('materias', ['CORPUS_1'])
    const lawsuitIds = await onceEach('lawsuits', ['CORPUS_2'])
    const decisionIds = await onceEach('decisions', ['CORPUS_3'])
    // Documents 0 and 1 moved (copied, not yet deleted), 2 and 3 stayed (the median of four).
    expect(await stored('CORPUS_2', 'materias')).toEqual(
      [0, 1].map((i) => `lookup-${i}=${materias.get(`lookup-${i}`)}`),
    )

    const unchanged = await importAll(() => 1)
    for (const counts of Object.values(unchanged))
      expect(counts).toMatchObject({ imported: 0, updated: 0, unchanged: 4 })
    // Changed now: the first (moved) and the last (stayed) of each kind.
    const changed = await importAll((i) => (i === 0 || i === 3 ? 2 : 1))
    for (const counts of Object.values(changed))
      expect(counts).toMatchObject({ imported: 0, updated: 2, unchanged: 2 })
    const seen = async (version: number) => {
      for (const i of [0, 3]) {
        const shows = async (path: string, text: string) =>
          expect((await page(path)).includes(text), path).toBe(true)
        await shows(`/diarios/materia/${materias.get(`lookup-${i}`)}`, `${WORD} ${i}, versão ${version}`)
        await shows(`/processos/${formatCnj(cnjOf(i))}`, `Movimento lookup ${i} versão ${version}`)
        await shows(`/jurisprudencia/${decisionIds.get(`lookup:${i}`)}`, `${WORD} ${i}, versão ${version}`)
      }
    }
    await seen(2)

    // The split goes on: copied again and compared (equal: nothing written was lost), then deleted.
    for (const id of splits) {
      const done = await runSplit(splitDeps(), id, { batch: 3, now: () => Date.now() + 61_000 })
      expect(done.step, done.error ?? '').toBe('feito')
    }
    await seen(2)

    // After the delete: the moved documents are only in the target; re-imported, found there.
    const third = await importAll((i) => (i === 0 || i === 3 ? 3 : 1))
    for (const counts of Object.values(third))
      expect(counts).toMatchObject({ imported: 0, updated: 2, unchanged: 2 })
    await seen(3)
    expect(await onceEach('materias', ['CORPUS_1', 'CORPUS_2'])).toEqual(materias)
    expect(await onceEach('lawsuits', ['CORPUS_1', 'CORPUS_2'])).toEqual(lawsuitIds)
    expect(await onceEach('decisions', ['CORPUS_3', 'CORPUS_4'])).toEqual(decisionIds)
    // The people the matérias and lawsuits name: each once in its shard's databases, same ids.
    expect(await onceEach('people', ['CORPUS_3', 'CORPUS_4'])).toEqual(people)

    // A new matéria citing the sensitive case that moved: found stored sensitive, so masked.
    const citing = { ...materia(0), externalId: 'lookup-cita', lawsuitCnj: cnjOf(1) }
    citing.edition = { ...citing.edition, date: '2024-05-09' }
    citing.body = 'Intime-se Parte Lookup Fabio da decisão.'
    citing.mentions = { people: ['Parte Lookup Fabio'], companies: [] }
    expect(await upsertGazetteArticles(deps(), [citing])).toMatchObject({ imported: 1 })
    const [row] = await all<{ body: string; masked: number }>(
      'CORPUS_1',
      sql`SELECT body, masked FROM gazette_articles WHERE external_id = 'lookup-cita'`,
    )
    expect(row?.masked).toBe(1)
    expect(row?.body).not.toContain('Fabio')

    // A case that moved turns secret (re-imported so); the monitoring sweep finds it secret in
    // its new database, so a matéria citing it is not even checked, and alerts no one (0083).
    expect(await upsertLawsuits(deps(), [{ ...lawsuit(0, 3), secrecyLevel: 1 }])).toMatchObject({
      updated: 1,
    })
    const watcher = await createUser()
    await createDb(env.DB)
      .insert(monitorings)
      .values({
        userId: watcher.id,
        kind: 'nome',
        term: 'Vigiada Lookup Sigilo',
        sources: ['diarios'],
        createdAt: Date.now() - 1000,
      })
    const from = Date.now() - 1
    const secretCase = { ...materia(1), externalId: 'lookup-sigilo', lawsuitCnj: cnjOf(0) }
    secretCase.edition = { ...secretCase.edition, date: '2024-05-09' }
    secretCase.body = 'Intime-se Vigiada Lookup Sigilo.'
    secretCase.mentions = undefined
    expect(await upsertGazetteArticles(deps(), [secretCase])).toMatchObject({ imported: 1 })
    expect(await checkWindow(deps(), { from, to: Date.now() + 1 })).toMatchObject({ documents: 0, hits: 0 })
  }, 120_000)
})
