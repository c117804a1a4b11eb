import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { runRanked } from '~/domain/search/fts.server'
import { INDEX_MERGE, mergeIndexes, needsMerge, readSegments } from '~/domain/search/index-merge.server'
import { CRON_STEPS, runCronSteps } from '../../workers/cron/scheduled'
import { deps } from './helpers'

// decisions/0112: the FTS5 indexes merged into one segment by FTS5's own `merge` command, a
// bounded number of pages at a time, when the segments other than the largest pass 10% of the
// pages; the searches read the same rows in the same order before and after.

/** SQLite varints (big-endian groups of seven bits), as hex: how FTS5 writes its records. */
function varint(n: number): string {
  const groups = [n & 0x7f]
  for (let rest = Math.floor(n / 128); rest > 0; rest = Math.floor(rest / 128))
    groups.unshift((rest & 0x7f) | 0x80)
  return groups.map((b) => b.toString(16).padStart(2, '0')).join('')
}
/** A structure record: levels of [merging, segments as [id, first page, last page]]. */
function structure(levels: [number, [number, number, number][]][], v2 = false): string {
  const segments = levels.reduce((sum, [, segs]) => sum + segs.length, 0)
  let hex = `00000000${v2 ? 'ff000001' : ''}${varint(levels.length)}${varint(segments)}${varint(300)}`
  for (const [merging, segs] of levels) {
    hex += varint(merging) + varint(segs.length)
    for (const [id, first, last] of segs)
      hex += varint(id) + varint(first) + varint(last) + (v2 ? '0102000003' : '')
  }
  return hex
}

const decision = (n: number) => ({
  externalId: `fusao:${n}`,
  court: 'TJSP',
  className: 'Apelação Cível',
  number: `000${String(n).padStart(4, '0')}-00.2020.8.26.0001`,
  rapporteur: null,
  judgingBody: null,
  judgedAt: null,
  publishedAt: '2020-01-01',
  summary: `usucapiao extraordinaria ${n % 3 ? 'posse mansa' : 'imovel rural'} ${'prova '.repeat(n % 5)}lote${n}`,
  fullText: null,
  outcome: null,
})

const shape = async (table: string) => {
  const [row] = await deps().db.all<{ h: string | null }>(
    sql`SELECT hex(block) AS h FROM ${sql.raw(`${table}_fts_data`)} WHERE id = 10`,
  )
  return readSegments(row?.h ?? null)
}
const ranked = (expression: string, offset: number) =>
  runRanked(deps().db, 'decisions', expression, { limit: 7, offset, snippetColumn: 0 }, undefined, {
    scores: true,
  })

/** `batches` imports of `size` decisions from `first`, each its own transaction: a segment each. */
async function importApart(first: number, batches: number, size: number) {
  const corpus = singleDatabaseCorpus(deps().db)
  for (let batch = first; batch < first + batches; batch++)
    await upsertDecisions(
      corpus,
      Array.from({ length: size }, (_, i) => decision(batch * 40 + i)),
    )
}

/** The pages compared before and after a merge: a phrase's first two pages, two phrases' first. */
const pages = async () => [
  await ranked('"usucapiao"', 0),
  await ranked('"usucapiao"', 14),
  await ranked('"posse" "prova"', 0),
]

describe('FTS5 indexes merged into one segment (decisions/0112)', () => {
  it('reads the sizes of the segments from the structure record, version 1 and 2', () => {
    const levels: [number, [number, number, number][]][] = [
      [
        0,
        [
          [7, 1, 1],
          [8, 1, 3],
        ],
      ],
      [0, []],
      [0, [[3, 1, 200]]],
    ]
    const pages = [
      { level: 0, pages: 1 },
      { level: 0, pages: 3 },
      { level: 2, pages: 200 },
    ]
    expect(readSegments(structure(levels))).toEqual({ segments: pages, finishing: false })
    expect(readSegments(structure(levels, true))).toEqual({ segments: pages, finishing: false })
    // A merge of them all under way: two inputs at level 1, its output alone at level 2.
    expect(
      readSegments(
        structure([
          [0, []],
          [
            2,
            [
              [1, 5, 9],
              [2, 1, 4],
            ],
          ],
          [0, [[9, 1, 30]]],
        ]),
      )?.finishing,
    ).toBe(true)
    // Automerge's own merge at level 0 beside others is not one to finish.
    expect(
      readSegments(
        structure([
          [
            2,
            [
              [1, 1, 1],
              [2, 1, 1],
            ],
          ],
          [0, [[3, 1, 9]]],
          [0, [[4, 1, 90]]],
        ]),
      )?.finishing,
    ).toBe(false)
    // Not read whole: no merge is started from it.
    for (const bad of [null, '', '0000', structure(levels).slice(0, -2), `${structure(levels)}05`])
      expect(readSegments(bad)).toBeNull()
  })

  it('merges past a tenth of the pages outside the largest segment, and finishes a merge begun', () => {
    const seg = (pages: number) => ({ level: 0, pages })
    expect(needsMerge({ segments: [seg(900), seg(100)], finishing: false })).toBe(false) // exactly 10%
    expect(needsMerge({ segments: [seg(900), seg(60), seg(41)], finishing: false })).toBe(true)
    expect(needsMerge({ segments: [seg(990), seg(10)], finishing: true })).toBe(true)
    expect(needsMerge({ segments: [seg(990)], finishing: false })).toBe(false)
    expect(needsMerge(null)).toBe(false)
    expect(INDEX_MERGE.spread).toBe(0.1)
  })

  it('merges a scattered index a bounded call at a time, and its searches read the same pages', async () => {
    // Each import its own transaction: FTS5 writes a segment for each.
    await importApart(0, 3, 40)
    const before = await shape('decisions')
    expect(before?.segments.length).toBeGreaterThan(1)
    expect(needsMerge(before)).toBe(true)
    const unmerged = await pages()
    expect(unmerged[0]?.total).toBe(120)

    // No budget, no merge.
    expect(await mergeIndexes(deps().db, { budgetMs: 0 })).toBe(0)
    // One page a call: more than one call, each FTS5's own bounded step.
    const calls = await mergeIndexes(deps().db, { budgetMs: Number.POSITIVE_INFINITY, pages: 1 })
    expect(calls).toBeGreaterThan(1)
    expect((await shape('decisions'))?.segments).toHaveLength(1)
    expect(await pages()).toEqual(unmerged)
    // Merged, it stays so: nothing to do.
    expect(await mergeIndexes(deps().db, { budgetMs: Number.POSITIVE_INFINITY })).toBe(0)
  })

  it('ends an index whose merge makes no progress, whatever the clock says', async () => {
    await importApart(10, 3, 20)
    expect(needsMerge(await shape('decisions'))).toBe(true)
    // A database whose merge command changes nothing: one call, then the index's turn ends.
    const db = deps().db
    const stuck = new Proxy(db, {
      get: (target, key) => (key === 'run' ? async () => undefined : Reflect.get(target, key)),
    })
    expect(await mergeIndexes(stuck, { budgetMs: Number.POSITIVE_INFINITY })).toBe(1)
    expect(await mergeIndexes(db, { budgetMs: Number.POSITIVE_INFINITY })).toBeGreaterThan(0)
    expect((await shape('decisions'))?.segments).toHaveLength(1)
  })

  it('runs in the cron before the common words, which are then counted for the merged index', async () => {
    const names = CRON_STEPS.map(([name]) => name)
    expect(names.indexOf('index-merge')).toBeGreaterThanOrEqual(0)
    expect(names.indexOf('index-merge')).toBeLessThan(names.indexOf('common-terms'))
    await importApart(3, 3, 40)
    expect(needsMerge(await shape('decisions'))).toBe(true)
    await runCronSteps(
      deps(),
      Date.now(),
      CRON_STEPS.filter(([name]) => name === 'index-merge' || name === 'common-terms'),
    )
    expect((await shape('decisions'))?.segments).toHaveLength(1)
    const [stamped] = await deps().db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM common_terms WHERE source = 'decisions'
        AND structure = (SELECT hex(block) FROM decisions_fts_data WHERE id = 10)`,
    )
    expect(stamped?.n).toBeGreaterThan(0)
  })
})
