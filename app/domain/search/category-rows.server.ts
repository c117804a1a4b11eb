import { sql } from 'drizzle-orm'
import type { PageKind } from '~/db/schema-trust'
import { unlistingCondition } from '~/domain/corpus/read/restrictions.server'
import type { FtsAttach } from './fts.server'

// What each category's result shows, read in the statement that finds the hits (fts.server's
// `attach`, ADR 0039): every join is a LEFT JOIN by primary key onto the CTE `hit`. A page
// de-indexed on request (decisions/0066) joins nothing, so its hit is dropped like a gone row.

/** The join condition "and this page was not de-indexed", for a page kind and its id column. */
const listed = (kind: PageKind, id: string) =>
  `NOT EXISTS (SELECT 1 FROM hidden_pages hp WHERE hp.kind = '${kind}' AND hp.ref_id = ${id} AND ${unlistingCondition(kind)})`

/** People and companies: the row, and how often the name appears in public lawsuits and gazettes. */
export type OwnerRow = {
  title: string | null
  slug: string | null
  cnpj?: string | null
  lawsuits: number | null
  gazettes: number | null
}
const appearances = (column: 'person_id' | 'company_id') =>
  sql.raw(`, (SELECT count(*) FROM parties pa CROSS JOIN lawsuits l ON l.id = pa.lawsuit_id WHERE pa.${column} = hit.id AND l.secrecy_level = 0) AS lawsuits,
    (SELECT count(*) FROM article_mentions m WHERE m.${column} = hit.id) AS gazettes`)
export const PERSON_ROWS: FtsAttach = {
  select: sql`, r.name AS title, r.slug AS slug ${appearances('person_id')}`,
  join: sql.raw(`LEFT JOIN people r ON r.id = hit.id AND ${listed('pessoa', 'hit.id')}`),
}
export const COMPANY_ROWS: FtsAttach = {
  select: sql`, r.legal_name AS title, r.slug AS slug, r.cnpj AS cnpj ${appearances('company_id')}`,
  join: sql.raw(`LEFT JOIN companies r ON r.id = hit.id AND ${listed('empresa', 'hit.id')}`),
}

export type MateriaRow = {
  title: string | null
  date: string | null
  gazette: string | null
  section: string | null
}
export const MATERIA_ROWS: FtsAttach = {
  select: sql`, ga.title AS title, ga.date AS date, g.name AS gazette, gs.name AS section`,
  join: sql.raw(
    `LEFT JOIN gazette_articles ga ON ga.id = hit.id AND ${listed('materia', 'hit.id')} LEFT JOIN gazettes g ON g.id = ga.gazette_id LEFT JOIN gazette_sections gs ON gs.id = ga.section_id`,
  ),
}

export type PartyRow = {
  lawsuitId: number | null
  cnj: string | null
  court: string | null
  className: string | null
  /** JSON array of every party's name in the lawsuit, in the index's order (pole, name). */
  names: string | null
}
export const PARTY_ROWS: FtsAttach = {
  select: sql`, l.id AS lawsuitId, l.cnj AS cnj, l.court AS court, l.class_name AS className,
    (SELECT json_group_array(n.name) FROM parties n WHERE n.lawsuit_id = l.id) AS names`,
  join: sql.raw(
    `LEFT JOIN parties pa ON pa.id = hit.id LEFT JOIN lawsuits l ON l.id = pa.lawsuit_id AND l.secrecy_level = 0 AND ${listed('processo', 'l.id')}`,
  ),
}

export type DecisionRow = {
  number: string | null
  court: string | null
  className: string | null
  rapporteur: string | null
  publishedAt: string | null
}
export const DECISION_ROWS: FtsAttach = {
  select: sql`, r.number AS number, r.court AS court, r.class_name AS className, r.rapporteur AS rapporteur, r.published_at AS publishedAt`,
  join: sql.raw(`LEFT JOIN decisions r ON r.id = hit.id AND ${listed('decisao', 'hit.id')}`),
}

export type StatuteRow = { title: string | null; slug: string | null; summary: string | null }
export const STATUTE_ROWS: FtsAttach = {
  select: sql`, s.title AS title, s.slug AS slug, s.summary AS summary`,
  join: sql.raw(`LEFT JOIN statutes s ON s.id = hit.id AND ${listed('lei', 'hit.id')}`),
}
export const PROVISION_ROWS: FtsAttach = {
  select: sql`, pr.anchor AS anchor, s.title AS title, s.slug AS slug, s.summary AS summary`,
  join: sql.raw(
    `LEFT JOIN provisions pr ON pr.id = hit.id LEFT JOIN statutes s ON s.id = pr.statute_id AND ${listed('lei', 'pr.statute_id')}`,
  ),
}

/**
 * The count without the hits this page dropped (a row gone since it was indexed, a secret lawsuit,
 * a page de-indexed on request: decisions/0066), so a search that only finds those is empty.
 * Exact whenever every match fits on the page; otherwise off by the dropped rows of other pages.
 */
export const shownTotal = (total: number, hits: number, kept: number) => Math.max(total - (hits - kept), kept)
