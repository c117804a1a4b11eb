import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { SearchFilters } from '~/domain/search/filters'
import type { search } from '~/domain/search/search.server'
import type { SearchCategory } from '~/domain/search/types'
import { rebuildSuggestions } from '~/domain/suggestions/suggestions.server'
import { deps } from './helpers'
import { searchInput } from './search-input'
import { TODAY, WORD } from './shards-search-corpus'

// The searches shards-search.test.ts compares, one database against the spread map.
export const CASES: {
  name: string
  category: SearchCategory
  page?: number
  filters?: Partial<SearchFilters>
  q?: string
}[] = [
  { name: 'Tudo', category: 't' },
  { name: 'people', category: 'p' },
  { name: 'people, page 2', category: 'p', page: 2 },
  { name: 'people with two words', category: 'p', q: `${WORD} prado` },
  { name: 'companies', category: 'i' },
  { name: 'matérias', category: 'd' },
  { name: 'matérias, page 2', category: 'd', page: 2 },
  { name: 'matérias of SP', category: 'd', filters: { uf: ['SP'] } },
  { name: 'matérias in a period', category: 'd', filters: { de: '2021-01-01', ate: '2023-12-31' } },
  { name: 'matérias, newest first', category: 'd', filters: { ordem: 'recentes' } },
  { name: 'matérias, newest first, page 2', category: 'd', page: 2, filters: { ordem: 'recentes' } },
  { name: 'lawsuits', category: 'en' },
  { name: 'lawsuits, page 2', category: 'en', page: 2 },
  { name: 'lawsuits of the TJSP', category: 'en', filters: { tribunal: ['TJSP'] } },
  { name: 'lawsuits of the TJSP and TRT2', category: 'en', filters: { tribunal: ['TJSP', 'TRT2'] } },
  { name: 'lawsuits, newest first', category: 'en', filters: { ordem: 'recentes' } },
  { name: 'case law', category: 'jr' },
  { name: 'case law of the STJ', category: 'jr', filters: { tribunal: ['STJ'] } },
  { name: 'case law, newest first', category: 'jr', filters: { ordem: 'recentes' } },
  { name: 'legislation', category: 'leis' },
  { name: 'legislation, page 2', category: 'leis', page: 2 },
  { name: 'legislation, newest first', category: 'leis', filters: { ordem: 'recentes' } },
  { name: 'legislation of a kind', category: 'leis', filters: { especie: 'decreto' } },
  { name: 'lawsuits of a class', category: 'en', filters: { tipo: 7 } },
  { name: 'matérias of a caderno', category: 'd', filters: { caderno: 'secao-1' } },
  { name: 'matérias of a gazette', category: 'd', filters: { diario: 'doe-rj-shards' } },
  // Zero results: the counts in other categories and the spelling (decisions/0042) across shards.
  { name: 'nothing here, found elsewhere', category: 'en', q: 'fauna' },
  { name: 'nothing here, in legislation', category: 'p', q: 'protegido' },
  {
    name: 'nothing with the filter, counted here too',
    category: 'jr',
    q: 'fauna',
    filters: { tribunal: ['STJ'] },
  },
  { name: 'a misspelt word', category: 'd', q: 'tartarugl' },
  { name: 'a misspelt word in Tudo', category: 't', q: 'tartarugl fauna' },
  { name: 'a misspelt name', category: 'p', q: 'tartarugak' },
]
export const inputOf = (c: (typeof CASES)[number]) => searchInput(c.q ?? WORD, TODAY, c, c.page ?? 1)
export const visible = (outcome: Awaited<ReturnType<typeof search>>) => ({
  // `next` (the cursor) exists only across shards: the results are what must agree.
  sections: outcome.sections,
  options: outcome.options,
  elsewhere: outcome.elsewhere,
  spelling: outcome.spelling,
})

/** Every page of a search walked by the cursor under the spread map, by page number in one database. */
export const WALKS: { name: string; category: 'p' | 'i' | 'd' | 'jr'; filters?: Partial<SearchFilters> }[] = [
  { name: 'people', category: 'p' },
  { name: 'matérias', category: 'd' },
  { name: 'matérias of SP and RJ', category: 'd', filters: { uf: ['SP', 'RJ'] } },
  { name: 'matérias, newest first', category: 'd', filters: { ordem: 'recentes' } },
  { name: 'case law', category: 'jr' },
  { name: 'case law, newest first', category: 'jr', filters: { ordem: 'recentes' } },
]
export const walkInput = (w: (typeof WALKS)[number], page: number, cursor: string | null = null) =>
  searchInput(WORD, TODAY, w, page, cursor)

/** Autocomplete inputs: KV lists of 3 to 5 characters, and the D1 lookup from 6 on. */
export const PREFIXES = ['ana', 'ben', 'cla', 'tar', 'tart', 'tarta', 'elisa tar', 'tartarugal lima']

/** The cron's suggestion rebuild until it has nothing left to do. */
export async function buildSuggestions(on: ReturnType<typeof deps>) {
  for (let run = 0; run < 20; run++) {
    const report = await rebuildSuggestions({ ...on, now: () => new Date(`${TODAY}T12:00:00Z`) })
    if (report.caughtUp && report.pending === 0 && report.changed === 0) return
  }
  throw new Error('suggestions never settled')
}

/** The suggestion weights and lists gone, as before any cron run. */
export async function forgetSuggestions(primary: Database) {
  for (const table of ['suggestion_names', 'suggestion_cursors', 'suggestion_dirty_prefixes'])
    await primary.run(sql.raw(`DELETE FROM ${table}`))
  const kv = deps().suggestions
  for (const key of (await kv.list()).keys) await kv.delete(key.name)
}
