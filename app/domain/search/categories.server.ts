import type { Database } from '~/db/client.server'
import { formatCnj } from '~/domain/corpus/cnj'
import {
  COMPANY_ROWS,
  DECISION_ROWS,
  type DecisionRow,
  MATERIA_ROWS,
  type MateriaRow,
  type OwnerRow,
  PARTY_ROWS,
  type PartyRow,
  PERSON_ROWS,
  PROVISION_ROWS,
  STATUTE_ROWS,
  type StatuteRow,
} from './category-rows.server'
import { type FtsOptions, ftsSearch } from './fts.server'
import type { CategoryResults, Result, SearchCategory } from './types'

/** One category's page of results, ranked as fts.server explains. */
export async function searchCategory(
  db: Database,
  category: Exclude<SearchCategory, 't'>,
  expression: string,
  limit: number,
  offset: number,
  refine: Pick<FtsOptions, 'clauses' | 'order'> = {},
): Promise<CategoryResults> {
  if (category === 'p' || category === 'i') {
    const person = category === 'p'
    const { hits, total } = await ftsSearch<OwnerRow>(
      db,
      person ? 'people' : 'companies',
      expression,
      { limit, offset, snippetColumn: null, ...refine },
      person ? PERSON_ROWS : COMPANY_ROWS,
    )
    const results = hits.flatMap((h): Result[] => {
      if (h.title === null || h.slug === null) return [] // gone since it was indexed
      const counts = { lawsuits: h.lawsuits ?? 0, gazettes: h.gazettes ?? 0 }
      return person
        ? [{ kind: 'p', id: h.id, title: h.title, href: `/pessoas/${h.slug}`, ...counts }]
        : [
            {
              kind: 'i',
              id: h.id,
              title: h.title,
              href: `/empresas/${h.slug}`,
              cnpj: h.cnpj ?? '',
              ...counts,
            },
          ]
    })
    return { category, total, results }
  }
  if (category === 'd') {
    const { hits, total } = await ftsSearch<MateriaRow>(
      db,
      'gazette_articles',
      expression,
      { limit, offset, snippetColumn: 1, ...refine },
      MATERIA_ROWS,
    )
    const results = hits.flatMap((h): Result[] =>
      h.title === null || h.date === null || h.gazette === null
        ? []
        : [
            {
              kind: 'd',
              id: h.id,
              title: h.title,
              href: `/diarios/materia/${h.id}`,
              gazette: h.gazette,
              date: h.date,
              section: h.section,
              snippet: h.snippet,
            },
          ],
    )
    return { category, total, results }
  }
  if (category === 'en') {
    // Twice the page of parties, since several may be of one lawsuit (each lawsuit is shown once).
    const { hits, total } = await ftsSearch<PartyRow>(
      db,
      'parties',
      expression,
      { limit: limit * 2, offset: offset * 2, snippetColumn: 0, ...refine },
      PARTY_ROWS,
    )
    const seen = new Set<number>()
    const results: Result[] = []
    for (const h of hits) {
      if (h.lawsuitId === null || h.cnj === null || h.court === null) continue // secret or gone
      if (seen.has(h.lawsuitId) || results.length >= limit) continue
      seen.add(h.lawsuitId)
      results.push({
        kind: 'en',
        id: h.lawsuitId,
        title: `Processo ${formatCnj(h.cnj)}`,
        href: `/processos/${formatCnj(h.cnj)}`,
        court: h.court,
        className: h.className,
        parties: JSON.parse(h.names ?? '[]') as string[],
        snippet: h.snippet,
      })
    }
    return { category, total, results }
  }
  if (category === 'jr') {
    const { hits, total } = await ftsSearch<DecisionRow>(
      db,
      'decisions',
      expression,
      { limit, offset, snippetColumn: 2, ...refine },
      DECISION_ROWS,
    )
    const results = hits.flatMap((h): Result[] =>
      h.number === null || h.court === null
        ? []
        : [
            {
              kind: 'jr',
              id: h.id,
              title: `${h.className ?? 'Decisão'} ${h.number}`,
              href: `/jurisprudencia/${h.id}`,
              court: h.court,
              className: h.className,
              rapporteur: h.rapporteur,
              date: h.publishedAt,
              snippet: h.snippet,
            },
          ],
    )
    return { category, total, results }
  }
  return legislation(db, expression, limit, offset, refine)
}

/**
 * Legislation: statutes whose title or ementa match, then dispositivos (linked by anchor) fill
 * the page. The provisions' offset depends on how many statutes matched, except on the first
 * page, where both searches run at once.
 */
async function legislation(
  db: Database,
  expression: string,
  limit: number,
  offset: number,
  refine: Pick<FtsOptions, 'clauses' | 'order'>,
): Promise<CategoryResults> {
  const byText = (statutesTotal: number, count: number) =>
    ftsSearch<StatuteRow & { anchor: string | null }>(
      db,
      'provisions',
      expression,
      { limit: Math.max(count, 1), offset: Math.max(0, offset - statutesTotal), snippetColumn: 0, ...refine },
      PROVISION_ROWS,
    )
  const firstPage = offset === 0 ? byText(0, limit) : null
  const byTitle = await ftsSearch<StatuteRow>(
    db,
    'statutes',
    expression,
    { limit, offset, snippetColumn: 1, ...refine },
    STATUTE_ROWS,
  )
  const results: Result[] = byTitle.hits.flatMap((h): Result[] =>
    h.title === null || h.slug === null
      ? []
      : [
          {
            kind: 'leis',
            id: h.id,
            title: h.title,
            href: `/legislacao/${h.slug}`,
            summary: h.summary ?? '',
            snippet: h.snippet,
          },
        ],
  )
  const room = limit - results.length
  const provisions = await (firstPage ?? byText(byTitle.total, room))
  for (const h of provisions.hits.slice(0, Math.max(room, 0))) {
    if (h.title === null || h.slug === null || h.anchor === null) continue
    results.push({
      kind: 'leis',
      id: -h.id,
      title: h.title,
      href: `/legislacao/${h.slug}#${h.anchor}`,
      summary: h.summary ?? '',
      snippet: h.snippet,
    })
  }
  return { category: 'leis', total: byTitle.total + provisions.total, results }
}
