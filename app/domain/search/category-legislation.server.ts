import { statutePath } from '~/lib/paths'
import { PROVISION_ROWS, STATUTE_ROWS, type StatuteRow } from './category-rows.server'
import { type KeyHolder, type SearchKey, sameKind } from './cursor'
import type { Finder, Refine } from './finder'
import type { FtsFound } from './fts.server'
import type { CategoryResults, Result } from './types'

// Legislation: statutes whose title or ementa match, then dispositivos, two indexes paged as one
// sequence (decisions/0087).

export type ProvisionRow = StatuteRow & { anchor: string | null }

/** Statutes whose title or ementa match, then dispositivos (linked by anchor) fill the page. */
export function legislation(
  statutes: FtsFound<StatuteRow>,
  provisions: FtsFound<ProvisionRow>,
  limit: number,
  key?: KeyHolder,
): CategoryResults {
  const results: Result[] = statutes.hits.flatMap((h): Result[] =>
    h.title === null || h.slug === null
      ? []
      : [
          {
            kind: 'leis',
            id: h.id,
            title: h.title,
            href: statutePath(h.slug),
            summary: h.summary ?? '',
            snippet: h.snippet,
          },
        ],
  )
  // A statute the page read takes its place whether it is shown or not (de-indexed: title
  // null), as every later page's offset counts it: a page short by one, never a dispositivo
  // shown twice (decisions/0087).
  const room = Math.max(limit - statutes.hits.length, 0)
  // The page ends at the last row it took: a dispositivo's key says so (decisions/0087).
  const used = Math.min(room, provisions.hits.length)
  const lastProvision = used ? provisions.keys?.[used - 1] : undefined
  if (key)
    key.next = lastProvision ? { ...lastProvision, p: 1 } : used ? null : (statutes.keys?.at(-1) ?? null)
  for (const h of provisions.hits.slice(0, room)) {
    if (h.title === null || h.slug === null || h.anchor === null) continue
    results.push({
      kind: 'leis',
      id: -h.id,
      title: h.title,
      href: statutePath(h.slug, h.anchor),
      summary: h.summary ?? '',
      snippet: h.snippet,
    })
  }
  return { category: 'leis', total: statutes.total + provisions.total, results }
}

/** After the first page, the dispositivos' offset depends on how many statutes matched. */
export async function laterLegislationPage(
  find: Finder,
  expression: string,
  limit: number,
  offset: number,
  refine: Refine,
  key?: KeyHolder,
): Promise<CategoryResults> {
  const statutes = await find<StatuteRow>(
    'statutes',
    expression,
    { limit, offset, snippetColumn: 1, ...refine },
    STATUTE_ROWS,
  )
  const provisions = await find<ProvisionRow>(
    'provisions',
    expression,
    {
      limit: Math.max(limit - statutes.hits.length, 1),
      offset: Math.max(0, offset - statutes.total),
      snippetColumn: 0,
      ...refine,
    },
    PROVISION_ROWS,
  )
  return legislation(statutes, provisions, limit, key)
}

/**
 * Legislation after a cursor (decisions/0087): in the statutes, the statutes after it then the
 * first dispositivos filling the page (as a page by number reads them, one after the other); in
 * the dispositivos, the dispositivos after it, beside the statutes' count (one row).
 */
export async function legislationAfter(
  find: Finder,
  expression: string,
  limit: number,
  refine: Refine,
  byNumber: () => Promise<CategoryResults>,
  key?: KeyHolder,
): Promise<CategoryResults> {
  const after = refine.after as SearchKey
  // The finder ignored a key of another order: its rows are from the first.
  const ignored = (found: FtsFound) => !!found.end && !sameKind(found.end, after)
  const base = { offset: 0, clauses: refine.clauses, order: refine.order }
  if (after.p) {
    const { p: _part, ...inProvisions } = after
    const [statutes, provisions] = await Promise.all([
      // A page of none: only the count is needed.
      find<StatuteRow>('statutes', expression, { ...base, limit: 0, snippetColumn: 1 }, STATUTE_ROWS),
      find<ProvisionRow>(
        'provisions',
        expression,
        { ...base, limit, snippetColumn: 0, after: inProvisions },
        PROVISION_ROWS,
      ),
    ])
    if (ignored(provisions)) return byNumber()
    return legislation({ hits: [], total: statutes.total, keys: [] }, provisions, limit, key)
  }
  const statutes = await find<StatuteRow>(
    'statutes',
    expression,
    { ...base, limit, snippetColumn: 1, after },
    STATUTE_ROWS,
  )
  if (ignored(statutes)) return byNumber()
  const provisions = await find<ProvisionRow>(
    'provisions',
    expression,
    { ...base, limit: Math.max(limit - statutes.hits.length, 1), snippetColumn: 0 },
    PROVISION_ROWS,
  )
  return legislation(statutes, provisions, limit, key)
}
