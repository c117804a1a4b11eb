import { describe, expect, it } from 'vitest'
import { DEGENERATE_MAP, SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { type Batch, generateCorpus } from '~/fixtures/corpus'
import { createPlacer, type PlacedBatch } from '~/fixtures/corpus/place'

// decisions/0074: the seed places the demo corpus by the same map the Worker reads. Under the
// degenerate map it writes exactly what it wrote before shards; under a spread map every document
// is in the database its key names, with its shard's ids, and every link still holds there.

const entry = (shard: number, family: string, binding: string) => ({
  shard,
  family,
  from: '',
  to: '~',
  idFrom: shard * SHARD_SPAN,
  idTo: (shard + 1) * SHARD_SPAN,
  binding,
})
const SPREAD: ShardMap = {
  version: 1,
  entries: [
    entry(1, 'dou', 'CORPUS_1'),
    entry(2, 'diario:', 'CORPUS_1'),
    entry(4, 'processo:', 'CORPUS_2'),
    entry(5, 'jurisprudencia:', 'CORPUS_3'),
    entry(7, 'legislacao', 'CORPUS_3'),
    entry(8, 'entidades', 'CORPUS_4'),
  ],
}

const corpus = () => [...generateCorpus({ seed: 20261121, scale: 400 })]
type Row = Batch['rows'][number]

/** The placed rows per database and table. */
function placeAll(map: ShardMap, batches: Batch[]) {
  const place = createPlacer(map)
  const out = new Map<string, Map<string, Row[]>>()
  for (const batch of batches)
    for (const placed of place(batch)) {
      const tables = out.get(placed.binding) ?? new Map<string, Row[]>()
      tables.set(placed.table, [...(tables.get(placed.table) ?? []), ...placed.rows])
      out.set(placed.binding, tables)
    }
  return (binding: string, table: string) => out.get(binding)?.get(table) ?? []
}
const inRange = (shard: number) => (id: unknown) =>
  typeof id === 'number' && id >= shard * SHARD_SPAN && id < (shard + 1) * SHARD_SPAN
const idsOf = (rows: Row[], column = 'id') => new Set(rows.map((r) => r[column]))

describe('the seed places the demo corpus by the shard map', () => {
  it('under the degenerate map every batch comes out as it went in, to the primary', () => {
    const place = createPlacer(DEGENERATE_MAP)
    const batches = corpus()
    expect(batches.length).toBeGreaterThan(10)
    for (const batch of batches) {
      const placed: PlacedBatch[] = place(batch)
      expect(placed).toHaveLength(1)
      expect(placed[0]?.binding).toBe('DB')
      expect(placed[0]?.table).toBe(batch.table)
      // The same row objects: the same columns and values, in the same order.
      expect(placed[0]?.rows.length).toBe(batch.rows.length)
      placed[0]?.rows.forEach((row, i) => {
        expect(row).toBe(batch.rows[i])
      })
    }
  })

  it('under a spread map each document is in its shard with its range’s ids, and every link holds in its database', () => {
    const rows = placeAll(SPREAD, corpus())
    const documents = ['people', 'companies', 'lawsuits', 'gazette_articles', 'decisions', 'statutes']
    for (const table of documents) expect(rows('DB', table)).toEqual([])

    const people = rows('CORPUS_4', 'people')
    const companies = rows('CORPUS_4', 'companies')
    expect(people.length).toBeGreaterThan(0)
    expect(people.every((r) => inRange(8)(r.id))).toBe(true)
    expect(companies.every((r) => inRange(8)(r.id))).toBe(true)
    const personIds = idsOf(people)
    const companyIds = idsOf(companies)

    const lawsuits = rows('CORPUS_2', 'lawsuits')
    expect(lawsuits.length).toBeGreaterThan(0)
    expect(lawsuits.every((r) => inRange(4)(r.id))).toBe(true)
    const lawsuitIds = idsOf(lawsuits)
    for (const table of ['parties', 'movements', 'lawsuit_subjects']) {
      expect(rows('CORPUS_2', table).length).toBeGreaterThan(0)
      expect(rows('CORPUS_2', table).every((r) => lawsuitIds.has(r.lawsuit_id))).toBe(true)
    }
    const parties = rows('CORPUS_2', 'parties')
    expect(parties.every((p) => p.person_id == null || personIds.has(p.person_id))).toBe(true)
    expect(parties.every((p) => p.company_id == null || companyIds.has(p.company_id))).toBe(true)
    expect(parties.some((p) => p.person_id != null)).toBe(true)
    const partyIds = idsOf(parties)
    expect(rows('CORPUS_2', 'party_lawyers').every((l) => partyIds.has(l.party_id))).toBe(true)

    // Matérias: the DOU's in shard 1, the other gazettes' in shard 2, both in CORPUS_1, with the
    // primary's gazettes, editions and sections copied there by id.
    const gazettes = rows('DB', 'gazettes')
    const dou = gazettes.find((g) => g.slug === 'dou')?.id
    const articles = rows('CORPUS_1', 'gazette_articles')
    expect(articles.filter((a) => a.gazette_id === dou).every((a) => inRange(1)(a.id))).toBe(true)
    expect(articles.filter((a) => a.gazette_id !== dou).every((a) => inRange(2)(a.id))).toBe(true)
    expect(articles.some((a) => a.gazette_id === dou) && articles.some((a) => a.gazette_id !== dou)).toBe(
      true,
    )
    for (const [table, column] of [
      ['gazettes', 'gazette_id'],
      ['gazette_editions', 'edition_id'],
      ['gazette_sections', 'section_id'],
    ] as const) {
      const copies = rows('CORPUS_1', table)
      const registered = new Map(rows('DB', table).map((r) => [r.id, r]))
      expect(copies.every((c) => registered.get(c.id) === c)).toBe(true)
      const copied = idsOf(copies)
      expect(articles.every((a) => a[column] == null || copied.has(a[column]))).toBe(true)
      expect(copies.length).toBe(copied.size)
    }
    const articleIds = idsOf(articles)
    const mentions = rows('CORPUS_1', 'article_mentions')
    expect(mentions.length).toBeGreaterThan(0)
    expect(mentions.every((m) => articleIds.has(m.article_id))).toBe(true)
    expect(
      mentions.every((m) =>
        m.person_id != null ? personIds.has(m.person_id) : companyIds.has(m.company_id),
      ),
    ).toBe(true)

    expect(rows('CORPUS_3', 'decisions').every((r) => inRange(5)(r.id))).toBe(true)
    const statutes = rows('CORPUS_3', 'statutes')
    expect(statutes.length).toBeGreaterThan(0)
    expect(statutes.every((r) => inRange(7)(r.id))).toBe(true)
    const statuteIds = idsOf(statutes)
    expect(rows('CORPUS_3', 'provisions').every((p) => statuteIds.has(p.statute_id))).toBe(true)
  })
})
