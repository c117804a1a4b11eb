import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articleMentions, gazetteArticles, lawsuits, parties } from '~/db/schema-corpus'
import { maskedArticles, maskedParties } from '~/db/schema-privacy'
import { writeCorpus } from '~/domain/corpus/access.server'
import { slugify } from '~/domain/corpus/import/text'
import { ensurePeople } from '~/domain/corpus/store/entities.server'
import { minorNames } from '~/domain/privacy/minors'
import { gazetteShards, type MaskDeps } from './corpus.server'
import { type Touched, touched } from './mask.server'

/**
 * Undoes the masking of a lawsuit that left the list: names back from `masked_parties` (linked to
 * their people again, in their `entidades` shards) and its matérias' texts back in every gazette
 * shard, unless a matéria is masked on its own (a minor named in it, decisions/0065).
 */
export async function unmaskLawsuit(deps: MaskDeps, lawsuitId: number, into = touched()): Promise<Touched> {
  // Every copy, the map's first: in a split's window the source's is copied over the target's
  // again (decisions/0088).
  const copies = await writeCorpus.everyCopy(deps.corpus, 'lawsuits', lawsuitId, (db) =>
    unmaskLawsuitIn(deps, db, lawsuitId),
  )
  const [lawsuit] = copies.flatMap((copy) => (copy ? [copy] : []))
  if (!lawsuit) return into
  const names = [...new Set(copies.flatMap((copy) => copy?.names ?? []))]
  for (const shard of await gazetteShards(deps.corpus)) {
    const articles = await shard
      .select({
        id: maskedArticles.articleId,
        title: maskedArticles.title,
        body: maskedArticles.body,
        people: maskedArticles.people,
      })
      .from(maskedArticles)
      .innerJoin(gazetteArticles, eq(gazetteArticles.id, maskedArticles.articleId))
      .where(and(eq(gazetteArticles.lawsuitCnj, lawsuit.cnj), isNull(maskedArticles.requestId)))
    for (const article of articles) {
      if (minorNames(article.body).length) continue
      await shard
        .update(gazetteArticles)
        .set({ title: article.title, body: article.body, masked: 0 })
        .where(eq(gazetteArticles.id, article.id))
      const named = await ensurePeople(deps, JSON.parse(article.people) as string[])
      if (named.size)
        await shard
          .insert(articleMentions)
          .values(
            [...named.values()].map((personId) => ({ articleId: article.id, personId, companyId: null })),
          )
          .onConflictDoNothing()
      await shard.delete(maskedArticles).where(eq(maskedArticles.articleId, article.id))
    }
  }
  into.lawsuits.add(lawsuit.cnj)
  for (const name of names) into.people.add(slugify(name))
  return into
}

/** The lawsuit's own rows un-masked in one database holding it; its cnj and the names given back. */
async function unmaskLawsuitIn(deps: MaskDeps, db: Database, lawsuitId: number) {
  const [lawsuit] = await db.select({ cnj: lawsuits.cnj }).from(lawsuits).where(eq(lawsuits.id, lawsuitId))
  if (!lawsuit) return null
  await db.update(lawsuits).set({ sensitive: 0 }).where(eq(lawsuits.id, lawsuitId))
  const rows = await db
    .select({ partyId: maskedParties.partyId, name: maskedParties.name, pole: parties.pole })
    .from(maskedParties)
    .innerJoin(parties, eq(parties.id, maskedParties.partyId))
    // What a reviewer masked on request stays masked whatever the list says (decisions/0071).
    .where(and(eq(parties.lawsuitId, lawsuitId), isNull(maskedParties.requestId)))
  const ids = await ensurePeople(
    deps,
    rows.map((r) => r.name),
  )
  for (const row of rows) {
    await db
      .update(parties)
      .set({ name: row.name, personId: ids.get(slugify(row.name)) ?? null })
      .where(eq(parties.id, row.partyId))
      .catch(() => undefined) // the original name already back on that side: keep the row masked
    await db.delete(maskedParties).where(eq(maskedParties.partyId, row.partyId))
  }
  return { cnj: lawsuit.cnj, names: rows.map((r) => r.name) }
}
