import { eq, inArray } from 'drizzle-orm'
import { gazetteArticles, lawsuits } from '~/db/schema-corpus'
import { maskedArticles } from '~/db/schema-privacy'
import { readCorpus } from '~/domain/corpus/access.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import { minorNames } from '~/domain/privacy/minors'
import { gazetteShards, type MaskDeps } from './corpus.server'
import { maskLawsuit, type Touched, touched } from './mask.server'

// A case the minors rule finds sensitive in a matéria citing it is sensitive everywhere
// (decisions/0065, 0089): its parties, person pages, suggestions, sitemaps and API answers follow
// the matéria, through the lawsuit masking of decisions/0064.

/**
 * Which of these cases a stored matéria citing them names a minor in: its text before masking
 * (`masked_articles`, in the matéria's shard) read by the minors rule. The matérias of every
 * gazette shard, by the indexed case number.
 */
export async function casesNamingMinors(corpus: Corpus, cnjs: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  const wanted = [...new Set(cnjs)]
  if (!wanted.length) return found
  for (const db of await gazetteShards(corpus))
    for (const part of chunk(wanted, 90))
      for (const row of await db
        .select({ cnj: gazetteArticles.lawsuitCnj, body: maskedArticles.body })
        .from(gazetteArticles)
        .innerJoin(maskedArticles, eq(maskedArticles.articleId, gazetteArticles.id))
        .where(inArray(gazetteArticles.lawsuitCnj, part)))
        if (row.cnj && !found.has(row.cnj) && minorNames(row.body).length) found.add(row.cnj)
  return found
}

/**
 * Masks the stored cases of these numbers that are not sensitive yet, as a sensitive case
 * (flagged, parties as initials, their people dropped, the matérias citing them masked). A
 * number not stored yet is left to the lawsuit importer, which asks `casesNamingMinors`.
 */
export async function maskCasesOfMinors(
  deps: MaskDeps,
  cnjs: readonly string[],
  into: Touched = touched(),
): Promise<Touched> {
  for (const cnj of new Set(cnjs)) {
    const row = await readCorpus.byKey(deps.corpus, { kind: 'processo', cnj }, async (db) => {
      const [found] = await db
        .select({ id: lawsuits.id, sensitive: lawsuits.sensitive })
        .from(lawsuits)
        .where(eq(lawsuits.cnj, cnj))
      return found
    })
    // maskLawsuit writes every copy of it (decisions/0088): once is enough.
    if (row && !row.sensitive) await maskLawsuit(deps, row.id, into, null, true)
  }
  return into
}
