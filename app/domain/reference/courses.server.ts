import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { likePattern, likeSql } from '~/db/like'
import { communities } from '~/db/schema-accounts'

/** Spec §7: a select fed by a URL answers 20 options a page and whether more follow. */
const PAGE_SIZE = 20
const LAST_PAGE = 50

/**
 * The courses a student picks from (`GET /ajax/cursos`), page by page: `term` (or `q`) matched
 * literally (typed wildcards are text; the pattern fits D1's 50 bytes), a page past the last or
 * not a number is the first.
 */
export async function listCourses(
  deps: { db: Database },
  query: { term?: string; q?: string; page?: string },
): Promise<{ results: { id: string; text: string }[]; pagination: { more: boolean } }> {
  const term = (query.term ?? query.q ?? '').trim().slice(0, 80)
  const page = Math.min(Math.max(Number.parseInt(query.page ?? '1', 10) || 1, 1), LAST_PAGE)
  const rows = await deps.db
    .select({ id: communities.course, text: communities.course })
    .from(communities)
    .where(and(eq(communities.kind, 'curso'), likeSql(communities.name, likePattern(term))))
    .orderBy(asc(communities.id))
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE)
  return {
    results: rows.slice(0, PAGE_SIZE).map((row) => ({ id: row.id ?? '', text: row.text ?? '' })),
    pagination: { more: rows.length > PAGE_SIZE },
  }
}
