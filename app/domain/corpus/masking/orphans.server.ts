import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { suggestionDirtyPrefixes, suggestionNames } from '~/db/schema'
import { personClaims } from '~/db/schema-claims'
import { articleMentions, parties, people } from '~/db/schema-corpus'
import { writeCorpus } from '~/domain/corpus/access.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import { forgetNames } from '~/domain/privacy/forget.server'
import { gazetteShards, lawsuitShards, type MaskDeps } from './corpus.server'

/**
 * People left with no party row and no mention anywhere are deleted, with their suggestion rows
 * (their lists marked for the next rebuild): a masked case must not leave a searchable name.
 * "Anywhere" is every lawsuit and gazette shard (decisions/0081); the person row is in its
 * `entidades` shard, the suggestions and claims in the primary. Returns their slugs (their pages
 * are purged).
 */
export async function dropOrphanPeople(deps: MaskDeps, ids: number[]): Promise<string[]> {
  const { db: primary, corpus } = deps
  const slugs: string[] = []
  const naming = [...new Set([...(await lawsuitShards(corpus)), ...(await gazetteShards(corpus))])]
  // Every copy of each person: in a split's window of the `entidades` shard the source's is
  // copied over the target's again, and would bring the page back (decisions/0088).
  for (const part of chunk([...new Set(ids)], 50))
    for (const { db, ids: some } of await writeCorpus.copies(corpus, 'people', part)) {
      const orphans = await orphansAcross(db, naming, some)
      if (!orphans.length) continue
      const orphanIds = orphans.map((o) => o.id)
      const names = await primary
        .delete(suggestionNames)
        .where(and(eq(suggestionNames.source, 'person'), inArray(suggestionNames.entityId, orphanIds)))
        .returning({
          name: suggestionNames.name,
          prefix: suggestionNames.prefix,
          prefix4: suggestionNames.prefix4,
          prefix5: suggestionNames.prefix5,
        })
      const dirty = [...new Set(names.flatMap((n) => [n.prefix, n.prefix4, n.prefix5]).filter((p) => !!p))]
      for (const prefixes of chunk(dirty as string[], 90))
        await primary
          .insert(suggestionDirtyPrefixes)
          .values(prefixes.map((prefix) => ({ prefix })))
          .onConflictDoNothing()
      // Out of the KV lists now, not only at the cron's rebuild (decisions/0089).
      if (deps.suggestions && names.length)
        await forgetNames(
          deps,
          [],
          names.map((n) => n.name),
        )
      // The claims' old ON DELETE CASCADE, now that people and claims may be apart (migration 0033).
      await primary.delete(personClaims).where(inArray(personClaims.personId, orphanIds))
      await db.delete(people).where(inArray(people.id, orphanIds))
      slugs.push(...orphans.map((o) => o.slug))
    }
  return [...new Set(slugs)]
}

/** The people of `db` among `ids` that no party row and no mention in any of `naming` still links. */
async function orphansAcross(db: Database, naming: Database[], ids: number[]) {
  const found = await db
    .select({ id: people.id, slug: people.slug })
    .from(people)
    .where(inArray(people.id, ids))
  if (!found.length) return []
  const candidates = found.map((p) => p.id)
  const named = await Promise.all(
    naming.flatMap((shard) => [
      shard
        .selectDistinct({ id: parties.personId })
        .from(parties)
        .where(inArray(parties.personId, candidates)),
      shard
        .selectDistinct({ id: articleMentions.personId })
        .from(articleMentions)
        .where(inArray(articleMentions.personId, candidates)),
    ]),
  )
  const still = new Set(named.flat().map((r) => r.id))
  return found.filter((p) => !still.has(p.id))
}
