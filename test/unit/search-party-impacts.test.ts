import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { runRanked } from '~/domain/search/fts.server'
import {
  IMPACT_REFRESH,
  impactTerm,
  nameTerms,
  refreshPartyImpacts,
} from '~/domain/search/party-impacts.server'
import { CRON_STEPS, runCronSteps } from '../../workers/cron/scheduled'
import { deps } from './helpers'

// decisions/0111: a search of one word in the parties' names ranks by bm25 only the rows the
// impacts name, and the page is the one bm25 over every match gives, whatever the impacts' state.

const WORD = 'quixabeira'
const FILLER = ['Ana', 'Bento', 'Carla', 'Dario', 'Elisa', 'Fabio', 'Gilda', 'Heitor', 'Iris', 'Jonas']

/** Names with the word once to four times, among two to nine other words. */
function names(n: number): string[] {
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const times = i % 11 === 0 ? 2 : i % 17 === 0 ? 3 : i === 5 ? 4 : 1
    // Each name its own: a last word no other name has.
    const others = [...FILLER.slice(0, 1 + ((i * 7) % 8)), `Filho${i}`]
    const words = [...others]
    for (let t = 0; t < times; t++) words.splice((t * 3) % (words.length + 1), 0, t ? WORD : 'Quixabeira')
    out.push(words.join(' '))
  }
  return out
}

const lawsuit = (n: number, parties: string[], court = 'TJSP', classCode: number | null = 7) => ({
  cnj: buildCnj(7100 + n, 2021, 8, 26, 1),
  court,
  classCode,
  className: classCode ? 'Procedimento Comum Cível' : null,
  filedAt: '2021-03-10',
  secrecyLevel: 0,
  source: 'teste-impactos',
  subjects: [],
  movements: [],
  parties: parties.map((name, i) => ({
    pole: i % 2 ? ('passivo' as const) : ('ativo' as const),
    name,
    lawyers: [],
  })),
})

async function seed() {
  const all = names(60)
  const records = []
  for (let i = 0; i < all.length; i += 2)
    records.push(lawsuit(i, all.slice(i, i + 2), i % 3 ? 'TJSP' : 'TJRJ', i % 4 ? 7 : null))
  // Parties without the word: it must be in fewer than half the rows, or FTS5 floors its IDF and
  // bm25 ranks (decisions/0113).
  for (let k = 0; k < 120; k += 2) records.push(lawsuit(300 + k, [`Outro${k} Nome`, `Outra${k + 1} Pessoa`]))
  // Twelve rows alike (the word once, two tokens, the same facets): they tie on bm25, ids decide.
  for (let k = 0; k < 12; k += 2)
    records.push(lawsuit(100 + k, [`Quixabeira Igual${k}`, `Quixabeira Igual${k + 1}`], 'TJSP', null))
  await upsertLawsuits(deps().db, records)
}

type Page = { id: number | null; score?: number; snippet: string | null }[]
async function page(
  expression: string,
  offset: number,
  limit: number,
  clauses: string[][] = [],
): Promise<Page> {
  const found = await runRanked(
    deps().db,
    'parties',
    expression,
    { limit, offset, snippetColumn: 0, clauses },
    undefined,
    {
      scores: true,
    },
  )
  return found.hits.map((h) => ({ id: h.id, score: (h as { score?: number }).score, snippet: h.snippet }))
}

const setExact = (exact: number) => deps().db.run(sql`UPDATE party_impacts_state SET exact = ${exact}`)
const pending = async () =>
  (await deps().db.all<{ n: number }>(sql`SELECT count(*) AS n FROM party_impact_changes`))[0]?.n ?? 0

/** Each page shape, ranked by the impacts and by bm25 over every match: both must agree. */
const SHAPES: [number, number, string[][]][] = [
  [0, 5, []],
  [0, 3, []],
  [2, 3, []],
  [6, 3, []],
  [9, 2, []],
  [0, 40, []],
  [5, 5, []],
  [20, 7, []],
  [0, 5, [['zttjrj']]],
  [3, 4, [['zttjsp'], ['zk7']]],
]

async function bothWays(): Promise<void> {
  for (const [offset, limit, clauses] of SHAPES) {
    const byImpacts = await page(`"${WORD}"`, offset, limit, clauses)
    await setExact(0)
    const byBm25 = await page(`"${WORD}"`, offset, limit, clauses)
    await setExact(1)
    expect(byImpacts, `offset ${offset}, limit ${limit}, ${JSON.stringify(clauses)}`).toEqual(byBm25)
    expect(byImpacts.length).toBeGreaterThan(0)
  }
}

describe('impact-ordered postings of the parties (decisions/0111)', () => {
  it('ranks the same pages as bm25 over every match, and is what ranks them', async () => {
    await seed()
    expect(await pending()).toBeGreaterThan(0)
    expect(await refreshPartyImpacts(deps().db)).toBeGreaterThan(60)
    expect(await pending()).toBe(0)
    await bothWays()
    // The page is read from the impacts: the best row given a long length there drops off a page
    // of five (the search trusts them; the refresh's checks keep them right, below).
    const [best] = await page(`"${WORD}"`, 0, 5)
    await deps().db.run(sql`UPDATE party_impacts SET freq = 1, size = 9999 WHERE party_id = ${best?.id ?? 0}`)
    expect((await page(`"${WORD}"`, 0, 5)).map((r) => r.id)).not.toContain(best?.id)
    await setExact(0)
    expect(await refreshPartyImpacts(deps().db)).toBeGreaterThan(60) // built again from FTS5
    expect((await page(`"${WORD}"`, 0, 5))[0]).toEqual(best)
  })

  it("scores from the totals kept only while they are the index's, and keeps them at the refresh", async () => {
    await refreshPartyImpacts(deps().db)
    const [best] = await page(`"${WORD}"`, 0, 5)
    const [kept] = await deps().db.all<{ rows: number; tokens: number; same: number }>(
      sql`SELECT rows, tokens, averages = (SELECT block FROM parties_fts_data WHERE id = 1) AS same FROM party_impacts_state`,
    )
    expect(kept?.same).toBe(1)
    expect(kept?.rows).toBe(
      (await deps().db.all<{ n: number }>(sql`SELECT count(*) AS n FROM parties`))[0]?.n,
    )
    // A false length shows where the impacts rank: the page drops the row. With the totals marked
    // as read from another state of the index, bm25 ranks: the row is back.
    await deps().db.run(sql`UPDATE party_impacts SET freq = 1, size = 9999 WHERE party_id = ${best?.id ?? 0}`)
    expect((await page(`"${WORD}"`, 0, 5)).map((r) => r.id)).not.toContain(best?.id)
    await deps().db.run(sql`UPDATE party_impacts_state SET averages = X'00'`)
    expect((await page(`"${WORD}"`, 0, 5))[0]).toEqual(best)
    // The refresh keeps the index's totals again (and, marked inexact, builds the table anew).
    await setExact(0)
    await refreshPartyImpacts(deps().db)
    const [again] = await deps().db.all<{ same: number }>(
      sql`SELECT averages = (SELECT block FROM parties_fts_data WHERE id = 1) AS same FROM party_impacts_state`,
    )
    expect(again?.same).toBe(1)
    expect((await page(`"${WORD}"`, 0, 5))[0]).toEqual(best)
    await bothWays()
  })

  it('ranks by bm25 while a change is pending, and catches up by the changed parties alone', async () => {
    await refreshPartyImpacts(deps().db)
    // A shorter name with the word three times: it must lead the first page.
    await upsertLawsuits(deps().db, [lawsuit(500, [`Quixabeira Quixabeira ${WORD}`, 'Outro Nome'])])
    expect(await pending()).toBe(2)
    const meanwhile = await page(`"${WORD}"`, 0, 10)
    const [row] = await deps().db.all<{ id: number }>(
      sql`SELECT id FROM parties WHERE name = ${`Quixabeira Quixabeira ${WORD}`}`,
    )
    expect(meanwhile.map((r) => r.id)).toContain(row?.id)
    const before = await deps().db.all<{ n: number }>(sql`SELECT count(*) AS n FROM party_impacts`)
    expect(await refreshPartyImpacts(deps().db)).toBe(2) // applied, not built again
    const after = await deps().db.all<{ n: number }>(sql`SELECT count(*) AS n FROM party_impacts`)
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(3) // quixabeira, outro, nome
    expect(await page(`"${WORD}"`, 0, 10)).toEqual(meanwhile)
    await bothWays()
  })

  it('follows a renamed party, a lawsuit whose facets changed and a deleted lawsuit', async () => {
    await refreshPartyImpacts(deps().db)
    const [first] = await page(`"${WORD}"`, 0, 1)
    await deps().db.run(sql`UPDATE parties SET name = 'Nome Trocado' WHERE id = ${first?.id ?? 0}`)
    // One token fewer in every party's row of this lawsuit: their lengths change.
    await deps().db.run(
      sql`UPDATE lawsuits SET class_code = NULL WHERE id = (SELECT lawsuit_id FROM parties WHERE name = ${names(60)[3] ?? ''})`,
    )
    await deps().db.run(
      sql`DELETE FROM lawsuits WHERE id = (SELECT lawsuit_id FROM parties WHERE name = ${names(60)[10] ?? ''})`,
    )
    expect(await pending()).toBe(5) // the renamed party, and two of each lawsuit
    await refreshPartyImpacts(deps().db)
    expect(await pending()).toBe(0)
    const [state] = await deps().db.all<{ exact: number }>(sql`SELECT exact FROM party_impacts_state`)
    expect(state?.exact).toBe(1)
    expect((await page(`"${WORD}"`, 0, 60)).map((r) => r.id)).not.toContain(first?.id)
    await bothWays()
  })

  it('marks itself inexact where a name holds a word it did not read, and is built again', async () => {
    await refreshPartyImpacts(deps().db)
    // Private-use characters are word characters to the index (unicode61's "Co"), not to a regex
    // of letters and numbers: the refresh misses that word, sees the name's length disagree, and
    // stops trusting the table until the next refresh builds it from FTS5's own postings.
    await upsertLawsuits(deps().db, [lawsuit(600, [`Quixabeira \uE000\uE001 Lima`])])
    expect(nameTerms(`Quixabeira \uE000\uE001 Lima`)).toEqual(['quixabeira', 'lima'])
    await refreshPartyImpacts(deps().db)
    const [state] = await deps().db.all<{ exact: number }>(sql`SELECT exact FROM party_impacts_state`)
    expect(state?.exact).toBe(1) // built again within the same refresh
    const [words] = await deps().db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM party_impacts WHERE party_id = (SELECT id FROM parties WHERE name = ${`Quixabeira \uE000\uE001 Lima`})`,
    )
    expect(words?.n).toBe(3)
    await bothWays()
  })

  it('is caught up by the cron tick after an import', async () => {
    await upsertLawsuits(deps().db, [lawsuit(700, [`${WORD} da Silva`])])
    expect(await pending()).toBeGreaterThan(0)
    const step = CRON_STEPS.filter(([name]) => name === 'party-impacts')
    expect(step).toHaveLength(1)
    await runCronSteps(deps(), Date.now(), step)
    expect(await pending()).toBe(0)
    await bothWays()
  })

  it('orders a count of the word by the whole row, name and facets, as bm25 does', async () => {
    // "Jabuticaba Um" has the shorter name, but its lawsuit's class and city add facets: its whole
    // row is longer than "Jabuticaba Dois Tres"'s, which bm25 therefore ranks first.
    await upsertLawsuits(deps().db, [
      { ...lawsuit(800, ['Jabuticaba Um']), cityCode: 3550308 },
      lawsuit(801, ['Jabuticaba Dois Tres'], 'TJSP', null),
    ])
    await refreshPartyImpacts(deps().db)
    const [first] = await page('"jabuticaba"', 0, 1)
    const [row] = await deps().db.all<{ id: number }>(
      sql`SELECT id FROM parties WHERE name = 'Jabuticaba Dois Tres'`,
    )
    expect(first?.id).toBe(row?.id)
    await setExact(0)
    expect(await page('"jabuticaba"', 0, 1)).toEqual([first])
    await setExact(1)
  })

  it("applies a tick's share of a long list, and builds anew past a large import", async () => {
    await refreshPartyImpacts(deps().db)
    const many = Array.from({ length: 130 }, (_, k) =>
      lawsuit(1000 + 2 * k, [`${WORD} Lote${k}`, `Outra Lote${k}`]),
    )
    await upsertLawsuits(deps().db, many)
    expect(await pending()).toBe(260)
    expect(await refreshPartyImpacts(deps().db, { batches: 1 })).toBe(200)
    expect(await pending()).toBe(60)
    await bothWays() // bm25 ranks meanwhile
    expect(await refreshPartyImpacts(deps().db, { batches: 1 })).toBe(60)
    await bothWays()
    const kept = { ...IMPACT_REFRESH }
    try {
      Object.assign(IMPACT_REFRESH, { buildAfter: 1 })
      await upsertLawsuits(deps().db, [lawsuit(2000, [`${WORD} Novo`, 'Outro Novo'])])
      const rows = await deps().db.all<{ n: number }>(sql`SELECT count(*) AS n FROM party_impacts`)
      // Built anew: every row, not the two parties.
      expect(await refreshPartyImpacts(deps().db)).toBe((rows[0]?.n ?? 0) + 4)
      expect(await pending()).toBe(0)
      await bothWays()
    } finally {
      Object.assign(IMPACT_REFRESH, kept)
    }
  })

  it('ranks by the impacts only one word, folded as the index folds it', () => {
    expect(impactTerm('"souza"')).toBe('souza')
    expect(impactTerm('"joão"')).toBe('joao')
    expect(impactTerm('"maria souza"')).toBeNull()
    expect(impactTerm('"maria" "souza"')).toBeNull()
    expect(nameTerms('Maria de Sousa e SOUSA')).toEqual(['maria', 'de', 'sousa', 'e'])
  })
})
