import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { createDb } from '~/db/client.server'
import { buildCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import type { SplitDeps } from '~/domain/corpus/split/split.server'
import type { SearchFilters } from '~/domain/search/filters'
import { search } from '~/domain/search/search.server'
import { PAGE_SIZE, type Result } from '~/domain/search/types'
import { countingD1 } from './counting-d1'
import { deps } from './helpers'
import { searchInput } from './search-input'

// The corpus, walks and counting D1 of shards-cursors.test.ts (decisions/0087): lawsuits and
// statutes placed over two databases, the walks compared, and a D1 that counts the rows each
// statement reads.

export const ENTRIES = [
  { id: 990, shard: 51, family: 'dou', binding: 'CORPUS_1' },
  { id: 991, shard: 52, family: 'processo:', binding: 'CORPUS_2' },
  { id: 992, shard: 53, family: 'jurisprudencia:', binding: 'CORPUS_3' },
  { id: 993, shard: 54, family: 'legislacao', binding: 'CORPUS_3' },
  { id: 994, shard: 55, family: 'entidades', binding: 'CORPUS_4' },
]
export const SPLITS = [
  { entryId: 991, target: 'CORPUS_1' },
  { entryId: 993, target: 'CORPUS_4' },
]
export const WORD = 'cursorama'
const TODAY = '2026-11-26'
const FIRST = ['Ana', 'Bento', 'Clara', 'Dario', 'Elisa', 'Fabio', 'Gilda', 'Heitor', 'Iris', 'Joel']
const LAST = ['Souza', 'Lima', 'Prado', 'Teles', 'Reis', 'Moura', 'Viana']
export const LAWSUITS = 53
export const STATUTES = 27

/** A lawsuit whose parties match the word once or twice (two parties of it, the word's count and lengths varying). */
export const lawsuit = (i: number) => ({
  cnj: buildCnj(7100 + i, 2019 + (i % 4), 8, i % 2 ? 26 : 19, 100 + (i % 9)),
  court: i % 2 ? 'TJSP' : 'TJRJ',
  className: 'Procedimento Comum Cível',
  // Days repeat, so "Mais recentes" has ties between lawsuits.
  filedAt: `2023-0${(i % 5) + 1}-1${i % 3}`,
  secrecyLevel: 0,
  source: 'datajud' as const,
  subjects: [],
  parties: [
    {
      pole: 'ativo' as const,
      name: `${FIRST[i % 10]} ${WORD} ${LAST[i % 7]}${i % 4 ? '' : ' de Almeida Castro'}`,
      lawyers: [],
    },
    ...(i % 3 === 0
      ? [{ pole: 'passivo' as const, name: `${WORD} ${WORD} Comércio ${LAST[i % 5]} Ltda`, lawyers: [] }]
      : []),
    { pole: 'passivo' as const, name: `Estado Réu ${i}`, lawyers: [] },
  ],
  movements: [],
})
/** Statutes whose ementa matches, each with dispositivos that match too (two, or one). */
export const statute = (i: number) => ({
  urn: `urn:lex:br:federal:lei:2020;cursor${i}`,
  slug: `lei-cursor-${i}`,
  kind: 'Lei',
  number: String(8000 + i),
  date: `202${i % 4}-0${(i % 6) + 1}-1${i % 2}`,
  title: `Lei nº ${8000 + i}`,
  summary: `Dispõe sobre ${WORD}${i % 3 ? '' : ` e ${WORD} regional`} ${i}.`,
  sphere: 'federal' as const,
  provisions: [
    { anchor: 'art1', kind: 'artigo' as const, text: `Art. 1º O ${WORD} ${i}.`, depth: 0 },
    ...(i % 2
      ? [
          {
            anchor: 'art2',
            kind: 'artigo' as const,
            text: `Art. 2º ${WORD} ${WORD} e o mais que for ${i}.`,
            depth: 0,
          },
        ]
      : []),
    { anchor: 'art3', kind: 'artigo' as const, text: `Art. 3º Esta Lei entra em vigor.`, depth: 0 },
  ],
})

export type Walk = { name: string; category: 'en' | 'leis'; filters?: Partial<SearchFilters> }
export const WALKS: Walk[] = [
  { name: 'lawsuits', category: 'en' },
  { name: 'lawsuits, newest first', category: 'en', filters: { ordem: 'recentes' } },
  { name: 'lawsuits of the TJSP', category: 'en', filters: { tribunal: ['TJSP'] } },
  { name: 'legislation', category: 'leis' },
  { name: 'legislation, newest first', category: 'leis', filters: { ordem: 'recentes' } },
]
export const inputOf = (w: Walk, page: number, cursor: string | null = null) =>
  searchInput(WORD, TODAY, w, page, cursor)
export const splitDeps = (): SplitDeps => ({
  db: createDb(env.DB),
  pageVersions: env.PAGE_VERSIONS,
  open: deps().corpus.open,
})
export const bindings = env as unknown as Record<string, D1Database>
/** The search of one database holding every document of the category: pages by their number. */
export const oneDatabase = (binding: string) => {
  const db = createDb(bindings[binding] as D1Database)
  return { ...deps(), db, corpus: singleDatabaseCorpus(db) }
}

/** One database's pages, by number, until the last one with results. */
export async function pagesByNumber(on: ReturnType<typeof deps>, w: Walk) {
  const pages: Result[][] = []
  for (let page = 1; ; page++) {
    const section = (await search(on, inputOf(w, page))).sections[0]
    if (!section?.results.length) break
    pages.push(section.results)
    if (section.results.length < PAGE_SIZE) break
  }
  return pages
}

/** Every page walked forward by the cursor, then back by "Anterior"'s: each must be `want`'s. */
export async function walkBoth(w: Walk, want: Result[][]) {
  let cursor: string | null = null
  const cursorOf = new Map<number, string | null>()
  const seen: number[] = []
  for (const [at, page] of want.entries()) {
    cursorOf.set(at + 1, cursor)
    const outcome = await search(deps(), inputOf(w, at + 1, cursor))
    expect(outcome.sections[0]?.results, `${w.name}: page ${at + 1}`).toEqual(page)
    seen.push(...(outcome.sections[0]?.results ?? []).map((r) => r.id))
    expect(typeof outcome.next, `${w.name}: page ${at + 1} has a cursor`).toBe('string')
    cursor = outcome.next
  }
  // Each lawsuit, statute and dispositivo once.
  expect(new Set(seen).size).toBe(seen.length)
  // Past the last page: nothing more (none missing, none repeated).
  const after = await search(deps(), inputOf(w, want.length + 1, cursor))
  expect(after.sections[0]?.results ?? [], `${w.name}: after the last page`).toEqual([])
  let back = await search(deps(), inputOf(w, want.length, cursorOf.get(want.length) ?? null))
  for (let page = want.length - 1; page >= 1; page--) {
    if (page >= 2) expect(typeof back.previous, `${w.name}: page ${page + 1}'s "Anterior"`).toBe('string')
    back = await search(deps(), inputOf(w, page, page >= 2 ? back.previous : null))
    expect(back.sections[0]?.results, `${w.name}: back to page ${page}`).toEqual(want[page - 1])
  }
}

/** A corpus binding that counts the rows its statements read (D1's `rows_read`). */
export const counting = (d1: D1Database, count: (n: number) => void) => countingD1(d1, count, 'read')
