import { eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articleMentions, people } from '~/db/schema-corpus'
import { readCorpus } from '~/domain/corpus/access.server'
import { slugify } from '~/domain/corpus/import/text'
import { type DocumentKey, KINDS } from '~/domain/corpus/kinds'
import { peopleByIds } from '~/domain/corpus/read/entity-names.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { chunk } from '~/domain/corpus/store/batch.server'

// Where the masking reads and writes (decisions/0081): the primary for what stays there (alerts,
// webhooks, suggestions, claims, hidden_pages), and the corpus by its map for the rest (one
// database is a one-entry map, read and written the same way).

/**
 * What a masking needs: the primary, and the corpus layer (`deps.corpus`); with the suggestions'
 * KV, the names it hides leave the suggestion lists at once, else at the cron's next rebuild
 * (decisions/0089).
 */
export type MaskDeps = { db: Database; corpus: Corpus; suggestions?: KVNamespace }

/** Every database that can hold lawsuits (with their parties, movements and masked parties). */
export const lawsuitShards = (corpus: Corpus) =>
  readCorpus.each(corpus, { filter: { families: KINDS.processo.families } }, async (shard) => shard.db)

/** Every database that can hold matérias (with their mentions and masked texts). */
export const gazetteShards = (corpus: Corpus) =>
  readCorpus.each(corpus, { filter: { families: KINDS.materia.families } }, async (shard) => shard.db)

/** Keys grouped by the databases each can be in (a key no entry holds is left out). */
export async function groupByShards<T>(
  corpus: Corpus,
  items: Iterable<T>,
  keyOf: (item: T) => DocumentKey,
): Promise<[Database, T[]][]> {
  return [...(await readCorpus.byKeys(corpus, [...items], keyOf))]
}

/** The people a matéria (read from `db`) mentions, read by id in their shards. */
export async function mentionedPeople(
  corpus: Corpus,
  db: Database,
  articleId: number,
): Promise<{ id: number; name: string; slug: string }[]> {
  const links = await db
    .select({ personId: articleMentions.personId })
    .from(articleMentions)
    .where(eq(articleMentions.articleId, articleId))
  const ids = links.flatMap((l) => (l.personId ? [l.personId] : []))
  const named = await peopleByIds(corpus, ids)
  return ids.flatMap((id) => {
    const person = named.get(id)
    return person ? [{ id, ...person }] : []
  })
}

/** Person slugs by id, each read in the `entidades` shard its id names. */
export async function slugsOf(corpus: Corpus, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map()
  return new Map([...(await peopleByIds(corpus, ids))].map(([id, p]) => [id, p.slug]))
}

/**
 * The stored people with these names (by slug, each in the `entidades` shard its slug names):
 * who a masked name may still have a page as, if a masking died between unlinking a party and
 * dropping the orphan.
 */
export async function peopleNamed(corpus: Corpus, names: string[]): Promise<number[]> {
  const slugs = [...new Set(names.map(slugify).filter(Boolean))]
  const ids: number[] = []
  for (const [db, some] of await groupByShards(corpus, slugs, (slug) => ({ kind: 'pessoa', slug })))
    for (const part of chunk(some, 90))
      for (const row of await db.select({ id: people.id }).from(people).where(inArray(people.slug, part)))
        ids.push(row.id)
  return ids
}
