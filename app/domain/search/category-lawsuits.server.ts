import { formatCnj } from '~/domain/corpus/cnj'
import { readableCase } from '~/lib/labels'
import { lawsuitPath } from '~/lib/paths'
import { PARTY_ROWS, type PartyRow, shownTotal } from './category-rows.server'
import { type KeyHolder, type SearchKey, sameKind } from './cursor'
import type { Finder, Refine } from './finder'
import type { FtsFound } from './fts.server'
import type { CategoryResults, Result } from './types'

// Lawsuits are paged, not parties (decisions/0076, 0087): several parties may be of one lawsuit,
// each lawsuit shown once, at its best party in the parties' order.

/** The most parties one page of lawsuits reads (page 25 of 20 lawsuits, two parties each). */
export const PARTY_WINDOW = 1000

export function partyLawsuits(
  { hits, total, keys }: FtsFound<PartyRow>,
  offset: number,
  limit: number,
  key?: KeyHolder,
): CategoryResults {
  const seen = new Set<number>()
  const results: Result[] = []
  let dropped = 0
  // The page ends at its last lawsuit's best party: the next starts after it (decisions/0087).
  let last: SearchKey | null = null
  for (const [at, h] of hits.entries()) {
    if (h.lawsuitId === null || h.cnj === null || h.court === null) {
      dropped += 1 // secret, de-indexed or gone
      continue
    }
    if (seen.has(h.lawsuitId)) continue
    seen.add(h.lawsuitId)
    // The lawsuits of earlier pages are counted, not shown.
    if (seen.size <= offset || results.length >= limit) continue
    results.push({
      kind: 'en',
      id: h.lawsuitId,
      title: `Processo ${formatCnj(h.cnj)}`,
      href: lawsuitPath(h.cnj),
      court: h.court,
      className: readableCase(h.className),
      parties: JSON.parse(h.names ?? '[]') as string[],
      snippet: h.snippet,
    })
    last = keys?.[at] ?? null
  }
  if (key) key.next = last
  return { category: 'en', total: shownTotal(total, dropped, 0) || results.length, results }
}

/**
 * A page of lawsuits after a cursor (decisions/0087): the parties after it, less those of
 * lawsuits with a party at or before it (`newOwners`), deduplicated; twice a page of parties at a
 * time, as the first page reads, and more after the last one read while the page is not full.
 */
export async function lawsuitsAfter(
  find: Finder,
  expression: string,
  limit: number,
  refine: Refine,
  byNumber: () => Promise<CategoryResults>,
  key?: KeyHolder,
): Promise<CategoryResults> {
  const window = limit * 2
  const read: FtsFound<PartyRow> = { hits: [], total: 0, keys: [] }
  let after = refine.after
  for (let rows = 0; after && rows < PARTY_WINDOW; ) {
    const found = await find<PartyRow>(
      'parties',
      expression,
      { limit: window, offset: 0, snippetColumn: 0, ...refine, after, newOwners: true },
      PARTY_ROWS,
    )
    // The finder ignored a key of another order: the rows are from the first.
    if (after === refine.after && found.end && !sameKind(found.end, after)) return byNumber()
    read.hits.push(...found.hits)
    read.keys?.push(...(found.keys ?? found.hits.map(() => null)))
    read.total = found.total
    rows += found.read ?? found.hits.length
    const lawsuits = new Set(read.hits.flatMap((h) => (h.lawsuitId === null ? [] : [h.lawsuitId])))
    if (lawsuits.size >= limit || (found.read ?? found.hits.length) < window) break
    after = found.end ?? null
  }
  return partyLawsuits(read, 0, limit, key)
}
