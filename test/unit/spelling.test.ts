import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { spellingSweep } from '~/db/schema'
import { gazetteArticles } from '~/db/schema-corpus'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { search } from '~/domain/search/search.server'
import {
  rebuildSpelling,
  SPELLING_BUCKETS,
  SPELLING_BUCKETS_PER_RUN,
  SPELLING_PREFIXES,
  SPELLING_SOURCES,
  sweepSpelling,
} from '~/domain/search/spelling-terms.server'
import { runCron } from './cron-helpers'
import { deps, gazetteArticleRecord } from './helpers'

const TODAY = '2026-11-22'
const GAZETTE = { slug: 'doe-ortografia', name: 'Diário Oficial (ortografia)', uf: 'SP' }

const materia = (id: string, body: string) =>
  gazetteArticleRecord('ortografia', id, body, '2024-02-02', GAZETTE)

const spelling = async (q: string) =>
  (await search(deps(), { q, category: 'd', page: 1, today: TODAY })).spelling

/** The sweep position of an index's two-letter bucket. */
const bucket = (source: (typeof SPELLING_SOURCES)[number], prefix: string) =>
  SPELLING_SOURCES.indexOf(source) * SPELLING_PREFIXES.length + SPELLING_PREFIXES.indexOf(prefix)

async function startSweepAt(position: number) {
  await deps()
    .db.insert(spellingSweep)
    .values({ id: 1, position })
    .onConflictDoUpdate({ target: spellingSweep.id, set: { position } })
}

const SWEEP_TIME = Date.UTC(2026, 10, 3, 12, 0)

describe('spelling dictionary', () => {
  it('the cron refreshes it a share at a time: a new word is suggested once swept, a removed one no longer', async () => {
    await upsertGazetteArticles(deps().db, [materia('1', 'Regulamenta a ornitologia estadual.')])
    expect(await spelling('ornitolgia')).toBeNull() // found by search at once, not yet by the dictionary
    // The cron's share starts just before the "or" bucket of the matérias.
    const start = bucket('gazette_articles', 'or') - 1
    await startSweepAt(start)
    await runCron(SWEEP_TIME)
    expect(await spelling('ornitolgia')).toBe('ornitologia')
    const [after] = await deps().db.select().from(spellingSweep)
    expect(after?.position).toBe(start + SPELLING_BUCKETS_PER_RUN)

    await deps().db.delete(gazetteArticles).where(eq(gazetteArticles.externalId, 'ortografia-1'))
    await startSweepAt(bucket('gazette_articles', 'or'))
    expect(await sweepSpelling(deps().db, 1)).toEqual({
      refreshed: 1,
      position: bucket('gazette_articles', 'or') + 1,
    })
    expect(await spelling('ornitolgia')).toBeNull()
    // The sweep wraps around to the first bucket.
    await startSweepAt(SPELLING_BUCKETS - 1)
    expect((await sweepSpelling(deps().db, 2)).position).toBe(1)
  })

  it('a zero-result page asks D1 three times: the search, the spelling with the counts elsewhere, whether the correction finds anything', async () => {
    await upsertGazetteArticles(deps().db, [materia('2', 'Aprova o plano de arborizacao urbana.')])
    await rebuildSpelling(deps().db, ['gazette_articles'])
    expect(await spelling('arborizasao urbana')).toBe('arborizacao urbana') // the filter lists reach KV
    const counted = deps()
    const outcome = await search(counted, { q: 'arborizasao urbana', category: 'd', page: 1, today: TODAY })
    expect(outcome.spelling).toBe('arborizacao urbana')
    expect(outcome.sections[0]?.total).toBe(0)
    // One database is a one-entry map (issue 39). Its statements drop the de-indexed pages in
    // their own joins, so the list is not read apart as across shards (decisions/0076, 0108).
    expect(counted.dbTimer.calls).toBe(3)
    // A word the index has is never "corrected", even when the dictionary does not know it yet.
    await upsertGazetteArticles(deps().db, [materia('3', 'Cria o arborizatorio da zona urbana.')])
    expect(await spelling('arborizatorio urbanos')).toBe('arborizatorio urbana')
  })

  it('a correction whose words no matéria holds together is not offered: it would find nothing again', async () => {
    await upsertGazetteArticles(deps().db, [
      materia('4', 'Institui a fiscalizacao sanitaria dos portos.'),
      materia('5', 'Regula o transporte ferroviario de cargas.'),
    ])
    await rebuildSpelling(deps().db, ['gazette_articles'])
    // Each word corrected alone is indexed, but no matéria says both.
    expect(await spelling('fiscalizasao ferroviario')).toBeNull()
    // The same correction beside a word it meets is offered, and finds its matéria.
    expect(await spelling('fiscalizasao sanitaria')).toBe('fiscalizacao sanitaria')
    const found = await search(deps(), { q: 'fiscalizacao sanitaria', category: 'd', page: 1, today: TODAY })
    expect(found.sections[0]?.total).toBe(1)
  })
})
