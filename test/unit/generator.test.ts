import { isValidCnpj } from '@brazilian-utils/brazilian-utils'
import { describe, expect, it } from 'vitest'
import { isValidCnj } from '~/domain/corpus/cnj'
import { type Batch, generateCorpus, plan } from '~/fixtures/corpus'
import { CORPUS_END } from '~/fixtures/corpus/plan'

function collect(seed: number, scale: number) {
  const tables: Record<string, Batch['rows']> = {}
  for (const batch of generateCorpus({ seed, scale })) {
    const rows = tables[batch.table] ?? []
    rows.push(...batch.rows)
    tables[batch.table] = rows
  }
  return tables
}

describe('demo corpus generator', () => {
  const corpus = collect(42, 2000)

  it('gives the same data for the same seed, and other data for another seed', () => {
    expect(collect(42, 2000)).toEqual(corpus)
    const other = collect(43, 2000)
    expect(other.lawsuits?.map((l) => l.cnj)).not.toEqual(corpus.lawsuits?.map((l) => l.cnj))
  })

  it('produces the planned number of documents', () => {
    const wanted = plan(2000)
    expect(corpus.people).toHaveLength(wanted.people)
    expect(corpus.companies).toHaveLength(wanted.companies)
    expect(corpus.lawsuits).toHaveLength(wanted.lawsuits)
    expect(corpus.gazette_articles).toHaveLength(wanted.articles)
    expect(corpus.decisions).toHaveLength(wanted.decisions)
    expect(corpus.statutes).toHaveLength(wanted.statutes)
  })

  it('uses valid, unique CNJ numbers and CNPJs', () => {
    const numbers = corpus.lawsuits?.map((l) => String(l.cnj)) ?? []
    expect(numbers.every(isValidCnj)).toBe(true)
    expect(new Set(numbers).size).toBe(numbers.length)
    const cnpjs = corpus.companies?.map((c) => String(c.cnpj)) ?? []
    expect(cnpjs.every((c) => isValidCnpj(c))).toBe(true)
    expect(new Set(cnpjs).size).toBe(cnpjs.length)
  })

  it('puts every date in the past and movements in date order', () => {
    const dates = [
      ...(corpus.lawsuits?.map((l) => String(l.filed_at)) ?? []),
      ...(corpus.gazette_articles?.map((a) => String(a.date)) ?? []),
      ...(corpus.decisions?.map((d) => String(d.published_at)) ?? []),
      ...(corpus.statutes?.map((s) => String(s.date)) ?? []),
    ]
    expect(dates.every((d) => d <= CORPUS_END)).toBe(true)
    const byLawsuit = new Map<unknown, string[]>()
    for (const m of corpus.movements ?? [])
      byLawsuit.set(m.lawsuit_id, [...(byLawsuit.get(m.lawsuit_id) ?? []), String(m.at)])
    for (const list of byLawsuit.values()) expect([...list].sort()).toEqual(list)
  })

  it('links the parts: the same people in several lawsuits and in gazette matérias', () => {
    const personIds = new Set(corpus.people?.map((p) => p.id))
    const parties = (corpus.parties ?? []).filter((p) => p.person_id !== null)
    expect(parties.every((p) => personIds.has(p.person_id))).toBe(true)
    const lawsuitsPerPerson = new Map<unknown, Set<unknown>>()
    for (const p of parties)
      lawsuitsPerPerson.set(p.person_id, (lawsuitsPerPerson.get(p.person_id) ?? new Set()).add(p.lawsuit_id))
    expect([...lawsuitsPerPerson.values()].some((set) => set.size > 1)).toBe(true)
    const mentioned = new Set((corpus.article_mentions ?? []).map((m) => m.person_id).filter(Boolean))
    expect([...mentioned].some((id) => lawsuitsPerPerson.has(id))).toBe(true)
    // Court matérias cite real lawsuits of the corpus, never secret ones.
    const secret = new Set(
      (corpus.lawsuits ?? []).filter((l) => Number(l.secrecy_level) > 0).map((l) => l.cnj),
    )
    const cited = (corpus.gazette_articles ?? []).map((a) => a.lawsuit_cnj).filter(Boolean)
    expect(cited.length).toBeGreaterThan(0)
    expect(cited.some((cnj) => secret.has(cnj))).toBe(false)
  })

  it('anchors statute provisions uniquely (art5, art5_inc3, art5_inc3_alia, art5_parunico)', () => {
    const seen = new Set<string>()
    for (const p of corpus.provisions ?? []) {
      const key = `${p.statute_id}|${p.anchor}`
      expect(seen.has(key)).toBe(false)
      seen.add(key)
      expect(String(p.anchor)).toMatch(/^art\d+(_(inc\d+(_ali[a-z])?|par\d+|parunico))?$/)
    }
  })
})
