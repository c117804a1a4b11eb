import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { hiddenPages, type PageKind } from '~/db/schema-trust'

/**
 * What a reviewer decided for one page (decisions/0066): `noindex`, and whether its names are
 * masked. The corpus reads (a lawsuit, a person) apply the mask themselves (decisions/0097), so
 * the pages and the open API show the same thing; a page adds `noindex` from it.
 */
export async function pageRestrictions(
  deps: { db: Database },
  kind: PageKind,
  refId: number,
): Promise<{ noindex: boolean; masked: boolean }> {
  const rows = await deps.db
    .select({ effect: hiddenPages.effect })
    .from(hiddenPages)
    .where(and(eq(hiddenPages.kind, kind), eq(hiddenPages.refId, refId)))
  return {
    noindex: rows.some((row) => row.effect === 'desindexar'),
    masked: rows.some((row) => row.effect === 'mascarar'),
  }
}

type Effect = (typeof hiddenPages.$inferSelect)['effect']

/**
 * The decisions that take each kind's page out of every listing (search, suggestions, sitemaps):
 * a de-indexing, and for a person page a "mascarar" too, since the page itself goes (its address
 * is the name; decisions/0071, 0097). The stored masking drops the row later; until then the
 * listings agree with the page's 404. A kind without its entry here does not compile.
 */
const UNLISTING: Record<PageKind, readonly Effect[]> = {
  pessoa: ['desindexar', 'mascarar'],
  empresa: ['desindexar'],
  processo: ['desindexar'],
  materia: ['desindexar'],
  decisao: ['desindexar'],
  lei: ['desindexar'],
}

export function unlistingEffects(kind: PageKind): readonly Effect[] {
  return UNLISTING[kind]
}

/** The same as an SQL condition on a `hidden_pages` row aliased `hp` (`kind` is a constant). */
export function unlistingCondition(kind: PageKind): string {
  return `hp.effect IN (${unlistingEffects(kind)
    .map((effect) => `'${effect}'`)
    .join(', ')})`
}
