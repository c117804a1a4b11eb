import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import {
  clampedPlan,
  commonCheck,
  refreshCommonTerms,
  SCORING_COST,
} from '~/domain/search/common-terms.server'
import { rankedStatement, runRanked } from '~/domain/search/fts.server'
import { parseQuery, phrasesOf, toMatchExpression } from '~/domain/search/query'
import { CRON_STEPS, runCronSteps } from '../../workers/cron/scheduled'
import { deps } from './helpers'

// decisions/0110: a common word's part of bm25 computed from the row's own text, not by FTS5's
// walk of its posting list, gives the same scores to the bit, and only while the counts are current.

const decision = (n: number, summary: string) => ({
  externalId: `comum:${n}`,
  court: 'TJSP',
  className: 'Apelação Cível',
  number: `000000${n}-00.2020.8.26.0001`,
  rapporteur: null,
  judgingBody: null,
  judgedAt: null,
  publishedAt: '2020-01-01',
  summary,
  fullText: null,
  outcome: null,
})

// Every summary has "de" and five words; "usucapiao" is in three. The first two tie on everything
// but how many times "de" is in them: only that word's part orders them (the older one, with the
// lower id, has it twice and comes first; by id alone it would come second).
const SUMMARIES = [
  'usucapiao de de posse mansa',
  'usucapiao de posse mansa pacifica',
  'usucapiao usucapiao de imovel rural',
  'servidao de passagem imovel encravado',
  'alimentos de filho menor idade',
  'guarda de filho menor compartilhada',
]

async function seed() {
  const corpus = singleDatabaseCorpus(deps().db)
  for (const [i, summary] of SUMMARIES.entries()) await upsertDecisions(corpus, [decision(i + 1, summary)])
}

async function ranked(expression: string) {
  const options = { limit: 20, offset: 0, snippetColumn: null }
  const found = await runRanked(deps().db, 'decisions', expression, options, undefined, { scores: true })
  return found.hits.map((h) => ({ id: h.id, score: (h as { score?: number }).score }))
}

/** Whether the statement would score the common words itself (the `cw` CTE's answer). */
async function clampedHere(expression: string): Promise<boolean> {
  const plan = clampedPlan('decisions', phrasesOf(expression))
  if (!plan) return false
  const [row] = await deps().db.all<{ yes: number }>(
    sql`WITH ${commonCheck(plan, sql`1`)} SELECT yes FROM cw`,
  )
  return row?.yes === 1
}

describe('common words scored without their walk (decisions/0110)', () => {
  // These indexes have a few rows, where the walk is cheaper: scored all the same, to test it.
  const cost = { ...SCORING_COST }
  beforeAll(() => Object.assign(SCORING_COST, { fixedRows: 0, rowsPerMatch: 0 }))
  afterAll(() => Object.assign(SCORING_COST, cost))

  it('gives bm25 its own scores, to the bit, and the order only the common word decides', async () => {
    await seed()
    const expression = '"usucapiao" "de"'
    const walked = await ranked(expression)
    expect(await clampedHere(expression)).toBe(false)

    expect(await refreshCommonTerms(deps().db, ['decisions'])).toEqual(['decisions'])
    expect(await clampedHere(expression)).toBe(true)
    const scored = await ranked(expression)
    expect(scored).toEqual(walked)
    expect(scored).toHaveLength(3)
    const [first, second] = await deps().db.all<{ id: number }>(
      sql`SELECT id FROM decisions WHERE external_id IN ('comum:1', 'comum:2') ORDER BY id`,
    )
    // "usucapiao usucapiao" first; then the tie broken by "de" twice against once.
    expect(scored.slice(1).map((h) => h.id)).toEqual([first?.id, second?.id])
    expect(scored[1]?.score).toBeLessThan(scored[2]?.score ?? 0)
  })

  it('walks as before once the index changed, until the counts are taken again', async () => {
    await seed()
    await refreshCommonTerms(deps().db, ['decisions'])
    await upsertDecisions(singleDatabaseCorpus(deps().db), [decision(9, 'usucapiao de terras devolutas')])
    expect(await clampedHere('"usucapiao" "de"')).toBe(false)
    const walked = await ranked('"usucapiao" "de"')
    expect(walked).toHaveLength(4)

    expect(await refreshCommonTerms(deps().db, ['decisions'])).toEqual(['decisions'])
    // Nothing changed since: nothing counted again.
    expect(await refreshCommonTerms(deps().db, ['decisions'])).toEqual([])
    expect(await clampedHere('"usucapiao" "de"')).toBe(true)
    expect(await ranked('"usucapiao" "de"')).toEqual(walked)
  })

  it('keeps the walk for a word in fewer than half the rows, in a phrase, or with no other word', async () => {
    await seed()
    await refreshCommonTerms(deps().db, ['decisions'])
    // "de" is in every summary and "a" in none.
    expect(await clampedHere('"usucapiao" "a"')).toBe(false)
    expect(await ranked('"usucapiao" "a"')).toEqual([])
    expect(clampedPlan('decisions', phrasesOf('"posse de boa" "de"'))).toBeNull()
    expect(clampedPlan('decisions', phrasesOf('"de" "o"'))).toBeNull()
    expect(clampedPlan('decisions', phrasesOf('"usucapiao"'))).toBeNull()
    const mixed = await ranked('"filho menor" "de"')
    expect(await clampedHere('"filho menor" "de"')).toBe(true)
    await deps().db.run(sql`DELETE FROM common_terms`)
    expect(await ranked('"filho menor" "de"')).toEqual(mixed)
    expect(mixed).toHaveLength(2)
  })

  it('is counted again by the cron tick after an import changed the index', async () => {
    await seed()
    const tick = CRON_STEPS.filter(([name]) => name === 'common-terms')
    expect(tick).toHaveLength(1)
    await runCronSteps(deps(), Date.now(), tick)
    expect(await clampedHere('"usucapiao" "de"')).toBe(true)
    await upsertDecisions(singleDatabaseCorpus(deps().db), [decision(8, 'usucapiao de imovel urbano')])
    expect(await clampedHere('"usucapiao" "de"')).toBe(false)
    await runCronSteps(deps(), Date.now(), tick)
    expect(await clampedHere('"usucapiao" "de"')).toBe(true)
    const [row] = await deps().db.all<{ docs: number; rows: number }>(
      sql`SELECT docs, rows FROM common_terms WHERE source = 'decisions' AND term = 'de'`,
    )
    const [all] = await deps().db.all<{ n: number }>(sql`SELECT count(*) AS n FROM decisions`)
    // Every summary of this file's says "de": its rows are all the rows, the new one included.
    expect(row).toEqual({ docs: all?.n, rows: all?.n })
  })

  it('gives the same pages within a filter and on page 2', async () => {
    await seed()
    await deps().db.run(sql`DELETE FROM common_terms`)
    const options = { limit: 2, offset: 1, snippetColumn: 2, clauses: [['zttjsp']] }
    const page = () =>
      runRanked(deps().db, 'decisions', '"usucapiao" "de"', options, undefined, { scores: true })
    const walked = await page()
    expect(walked.hits).toHaveLength(2)
    expect(walked.total).toBeGreaterThan(2)
    await refreshCommonTerms(deps().db, ['decisions'])
    expect(await page()).toEqual(walked)
  })

  it('gives the same page after a cursor (a category held by one shard)', async () => {
    await seed()
    await deps().db.run(sql`DELETE FROM common_terms`)
    const options = { limit: 2, offset: 0, snippetColumn: null }
    const first = await runRanked(deps().db, 'decisions', '"usucapiao" "de"', options, undefined, {
      scores: true,
    })
    const top = first.hits[0] as { id: number; score?: number }
    const after = { s: top.score as number, i: top.id }
    const next = () =>
      runRanked(deps().db, 'decisions', '"usucapiao" "de"', options, undefined, { scores: true, after })
    const walked = await next()
    expect(walked.hits).toHaveLength(2)
    expect(walked.hits.map((h) => h.id)).not.toContain(top.id)
    await refreshCommonTerms(deps().db, ['decisions'])
    expect(await next()).toEqual(walked)
  })

  it('walks on an index too small for the scoring to pay', async () => {
    await seed()
    await refreshCommonTerms(deps().db, ['decisions'])
    expect(await clampedHere('"usucapiao" "de"')).toBe(true)
    const lowered = { ...SCORING_COST }
    Object.assign(SCORING_COST, cost)
    try {
      // A few rows: their walk costs less than the scoring's own statement.
      expect(await clampedHere('"usucapiao" "de"')).toBe(false)
    } finally {
      Object.assign(SCORING_COST, lowered)
    }
  })

  it('sends a query of twelve words, eleven of them common, within D1’s 100 bound values', async () => {
    await seed()
    const expression = toMatchExpression(parseQuery('usucapiao de da do a o e em na no os as')) as string
    const options = { limit: 20, offset: 20, snippetColumn: 2, clauses: [['zttjsp'], ['zy2020']] }
    for (const clamped of [false, true]) {
      const statement = rankedStatement('decisions', expression, options, undefined, { clamped })
      await expect(deps().db.all(statement.query)).resolves.toBeDefined()
    }
  })

  it('scores a query of several other words, as "lei 8666 de 1993" is', async () => {
    await seed()
    await deps().db.run(sql`DELETE FROM common_terms`)
    const expression = '"usucapiao" "de" "posse" "mansa"'
    const walked = await ranked(expression)
    expect(walked.length).toBeGreaterThan(1)
    await refreshCommonTerms(deps().db, ['decisions'])
    expect(await clampedHere(expression)).toBe(true)
    expect(await ranked(expression)).toEqual(walked)
  })
})
