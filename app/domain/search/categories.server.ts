import { and, count, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import {
  articleMentions,
  companies,
  decisions,
  gazetteArticles,
  gazetteSections,
  gazettes,
  lawsuits,
  parties,
  people,
  provisions,
  statutes,
} from '~/db/schema-corpus'
import { formatCnj } from '~/domain/corpus/cnj'
import { type FtsOptions, ftsSearch } from './fts.server'
import type { CategoryResults, Result, SearchCategory } from './types'

/** Rows fetched by id, put back in the ranking's order (ids missing from `rows` are skipped). */
function inRankOrder<K extends number | { id: number }, R extends { id: number }, T>(
  ranked: K[],
  rows: R[],
  build: (key: K, row: R) => T,
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ranked.flatMap((key) => {
    const row = byId.get(typeof key === 'number' ? key : key.id)
    return row ? [build(key, row)] : []
  })
}

async function appearanceCounts(db: Database, column: 'personId' | 'companyId', ids: number[]) {
  if (!ids.length) return { lawsuits: new Map<number, number>(), gazettes: new Map<number, number>() }
  const partyCol = parties[column]
  const mentionCol = articleMentions[column]
  const [asParty, mentioned] = await Promise.all([
    db
      .select({ id: partyCol, n: count() })
      .from(parties)
      .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
      .where(and(inArray(partyCol, ids), eq(lawsuits.secrecyLevel, 0)))
      .groupBy(partyCol),
    db
      .select({ id: mentionCol, n: count() })
      .from(articleMentions)
      .where(inArray(mentionCol, ids))
      .groupBy(mentionCol),
  ])
  return {
    lawsuits: new Map(asParty.map((r) => [r.id ?? 0, r.n])),
    gazettes: new Map(mentioned.map((r) => [r.id ?? 0, r.n])),
  }
}

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
    const { hits, total } = await ftsSearch(db, category === 'p' ? 'people' : 'companies', expression, {
      limit,
      offset,
      snippetColumn: null,
      ...refine,
    })
    const ids = hits.map((h) => h.id)
    const countsOf = appearanceCounts(db, category === 'p' ? 'personId' : 'companyId', ids)
    if (category === 'p') {
      const [rows, counts] = await Promise.all([
        ids.length ? db.select().from(people).where(inArray(people.id, ids)) : [],
        countsOf,
      ])
      const results = inRankOrder(ids, rows, (id, r) => ({
        kind: 'p' as const,
        id,
        title: r.name,
        href: `/pessoas/${r.slug}`,
        lawsuits: counts.lawsuits.get(id) ?? 0,
        gazettes: counts.gazettes.get(id) ?? 0,
      }))
      return { category, total, results }
    }
    const [rows, counts] = await Promise.all([
      ids.length ? db.select().from(companies).where(inArray(companies.id, ids)) : [],
      countsOf,
    ])
    const results = inRankOrder(ids, rows, (id, r) => ({
      kind: 'i' as const,
      id,
      title: r.legalName,
      href: `/empresas/${r.slug}`,
      cnpj: r.cnpj,
      lawsuits: counts.lawsuits.get(id) ?? 0,
      gazettes: counts.gazettes.get(id) ?? 0,
    }))
    return { category, total, results }
  }
  if (category === 'd') {
    const { hits, total } = await ftsSearch(db, 'gazette_articles', expression, {
      limit,
      offset,
      snippetColumn: 1,
      ...refine,
    })
    const ids = hits.map((h) => h.id)
    const rows = ids.length
      ? await db
          .select({
            id: gazetteArticles.id,
            title: gazetteArticles.title,
            date: gazetteArticles.date,
            gazette: gazettes.name,
            section: gazetteSections.name,
          })
          .from(gazetteArticles)
          .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
          .leftJoin(gazetteSections, eq(gazetteSections.id, gazetteArticles.sectionId))
          .where(inArray(gazetteArticles.id, ids))
      : []
    const results = inRankOrder(hits, rows, (h, r) => ({
      kind: 'd' as const,
      id: h.id,
      title: r.title,
      href: `/diarios/materia/${h.id}`,
      gazette: r.gazette,
      date: r.date,
      section: r.section,
      snippet: h.snippet,
    }))
    return { category, total, results }
  }
  if (category === 'en') {
    const { hits, total } = await ftsSearch(db, 'parties', expression, {
      limit: limit * 2,
      offset: offset * 2,
      snippetColumn: 0,
      ...refine,
    })
    const ids = hits.map((h) => h.id)
    const rows = ids.length
      ? await db
          .select({
            partyId: parties.id,
            lawsuitId: lawsuits.id,
            cnj: lawsuits.cnj,
            court: lawsuits.court,
            className: lawsuits.className,
          })
          .from(parties)
          .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
          .where(and(inArray(parties.id, ids), eq(lawsuits.secrecyLevel, 0)))
      : []
    const lawsuitIds = [...new Set(rows.map((r) => r.lawsuitId))]
    const names = lawsuitIds.length
      ? await db
          .select({ lawsuitId: parties.lawsuitId, name: parties.name })
          .from(parties)
          .where(inArray(parties.lawsuitId, lawsuitIds))
      : []
    const byParty = new Map(rows.map((r) => [r.partyId, r]))
    const seen = new Set<number>()
    const results: Result[] = []
    for (const h of hits) {
      const r = byParty.get(h.id)
      if (!r || seen.has(r.lawsuitId) || results.length >= limit) continue
      seen.add(r.lawsuitId)
      results.push({
        kind: 'en',
        id: r.lawsuitId,
        title: `Processo ${formatCnj(r.cnj)}`,
        href: `/processos/${formatCnj(r.cnj)}`,
        court: r.court,
        className: r.className,
        parties: names.filter((n) => n.lawsuitId === r.lawsuitId).map((n) => n.name),
        snippet: h.snippet,
      })
    }
    return { category, total, results }
  }
  if (category === 'jr') {
    const { hits, total } = await ftsSearch(db, 'decisions', expression, {
      limit,
      offset,
      snippetColumn: 2,
      ...refine,
    })
    const ids = hits.map((h) => h.id)
    const rows = ids.length ? await db.select().from(decisions).where(inArray(decisions.id, ids)) : []
    const results = inRankOrder(hits, rows, (h, r) => ({
      kind: 'jr' as const,
      id: h.id,
      title: `${r.className ?? 'Decisão'} ${r.number}`,
      href: `/jurisprudencia/${h.id}`,
      court: r.court,
      className: r.className,
      rapporteur: r.rapporteur,
      date: r.publishedAt,
      snippet: h.snippet,
    }))
    return { category, total, results }
  }
  // Legislation: statutes whose title or ementa match, then dispositivos (linked by anchor).
  const byTitle = await ftsSearch(db, 'statutes', expression, { limit, offset, snippetColumn: 1, ...refine })
  const ids = byTitle.hits.map((h) => h.id)
  const rows = ids.length ? await db.select().from(statutes).where(inArray(statutes.id, ids)) : []
  const results: Result[] = inRankOrder(byTitle.hits, rows, (h, r) => ({
    kind: 'leis' as const,
    id: h.id,
    title: r.title,
    href: `/legislacao/${r.slug}`,
    summary: r.summary,
    snippet: h.snippet,
  }))
  const room = limit - results.length
  const provisionOffset = Math.max(0, offset - byTitle.total)
  const byText = await ftsSearch(db, 'provisions', expression, {
    limit: Math.max(room, 1),
    offset: provisionOffset,
    snippetColumn: 0,
    ...refine,
  })
  if (room > 0 && byText.hits.length) {
    const provisionRows = await db
      .select({
        id: provisions.id,
        anchor: provisions.anchor,
        slug: statutes.slug,
        title: statutes.title,
        summary: statutes.summary,
      })
      .from(provisions)
      .innerJoin(statutes, eq(statutes.id, provisions.statuteId))
      .where(
        inArray(
          provisions.id,
          byText.hits.map((h) => h.id),
        ),
      )
    const byProvision = new Map(provisionRows.map((r) => [r.id, r]))
    for (const h of byText.hits) {
      const r = byProvision.get(h.id)
      if (r)
        results.push({
          kind: 'leis',
          id: -h.id,
          title: r.title,
          href: `/legislacao/${r.slug}#${r.anchor}`,
          summary: r.summary,
          snippet: h.snippet,
        })
    }
  }
  return { category, total: byTitle.total + byText.total, results }
}
