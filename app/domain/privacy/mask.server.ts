import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { suggestionDirtyPrefixes, suggestionNames } from '~/db/schema'
import { personClaims } from '~/db/schema-claims'
import { articleMentions, gazetteArticles, lawsuits, parties, people } from '~/db/schema-corpus'
import { maskedArticles, maskedParties } from '~/db/schema-privacy'
import { slugify } from '~/domain/corpus/import/text'
import { chunk } from '~/domain/corpus/store/batch.server'
import { ensurePeople } from '~/domain/corpus/store/entities.server'
import { initials, isInitials, isNaturalPerson } from './initials'
import { maskDerived } from './mask-derived.server'
import { maskNamesInText } from './mask-text'
import { minorNames, personNames } from './minors'

/** What a (un)masking changed, for the edge-cache purge: lawsuit numbers and person slugs. */
export type Touched = { lawsuits: Set<string>; people: Set<string>; decisions?: boolean }
export const touched = (): Touched => ({ lawsuits: new Set(), people: new Set() })

/**
 * Masks one stored lawsuit (decisions/0064): flags it sensitive, turns its natural persons into
 * initials (the name kept in `masked_parties`, never read by a page), unlinks them from their
 * person pages (deleting a person left with no appearance, so neither search nor suggestions
 * know the name) and masks the matérias that cite the case.
 */
export async function maskLawsuit(
  db: Database,
  lawsuitId: number,
  into = touched(),
  requestId: number | null = null,
): Promise<Touched> {
  const [lawsuit] = await db
    .select({ cnj: lawsuits.cnj, sensitive: lawsuits.sensitive })
    .from(lawsuits)
    .where(eq(lawsuits.id, lawsuitId))
  if (!lawsuit) return into
  if (!lawsuit.sensitive) await db.update(lawsuits).set({ sensitive: 1 }).where(eq(lawsuits.id, lawsuitId))
  const rows = await db
    .select({
      id: parties.id,
      pole: parties.pole,
      name: parties.name,
      personId: parties.personId,
      companyId: parties.companyId,
      slug: people.slug,
    })
    .from(parties)
    .leftJoin(people, eq(people.id, parties.personId))
    .where(eq(parties.lawsuitId, lawsuitId))
  const { changed, formerPeople } = await maskPartyRows(db, rows, rows, into, requestId)
  const names = await maskedNamesOf(db, lawsuitId)
  const articles = await maskArticlesOfCase(db, lawsuit.cnj, names, requestId)
  await maskDerived(db, { lawsuitId }, names)
  if (changed || articles) into.lawsuits.add(lawsuit.cnj)
  for (const slug of await dropOrphanPeople(db, formerPeople)) into.people.add(slug)
  return into
}

type PartyRow = {
  id: number
  pole: string
  name: string
  personId: number | null
  companyId: number | null
  slug: string | null
}

/**
 * Turns the natural persons among `rows` into initials, unlinked from their person pages, the
 * name kept in `masked_parties` (with the removal request that asked for it, if one did:
 * decisions/0071). `side` is every party of the same lawsuits: two people with the same initials
 * on one side become one row, as the page would show them alike.
 */
export async function maskPartyRows(
  db: Database,
  rows: PartyRow[],
  side: { pole: string; name: string; lawsuitId?: number }[],
  into: Touched,
  requestId: number | null = null,
): Promise<{ changed: boolean; formerPeople: number[] }> {
  const key = (r: { pole: string; name: string; lawsuitId?: number }) =>
    `${r.lawsuitId ?? ''}|${r.pole}|${r.name}`
  const taken = new Set(side.map(key))
  const formerPeople: number[] = []
  let changed = false
  for (const row of rows) {
    if (!isNaturalPerson(row) || isInitials(row.name)) continue
    changed = true
    if (row.personId) formerPeople.push(row.personId)
    if (row.slug) into.people.add(row.slug)
    const masked = { ...row, name: initials(row.name) }
    await db
      .insert(maskedParties)
      .values({ partyId: row.id, name: row.name, requestId })
      .onConflictDoUpdate({
        target: maskedParties.partyId,
        set: { requestId: sql`coalesce(${maskedParties.requestId}, excluded.request_id)` },
      })
    if (taken.has(key(masked))) await db.delete(parties).where(eq(parties.id, row.id))
    else await db.update(parties).set({ name: masked.name, personId: null }).where(eq(parties.id, row.id))
    taken.add(key(masked))
  }
  return { changed, formerPeople }
}

/** The original names of a lawsuit's masked parties. */
async function maskedNamesOf(db: Database, lawsuitId: number): Promise<string[]> {
  const rows = await db
    .select({ name: maskedParties.name })
    .from(maskedParties)
    .innerJoin(parties, eq(parties.id, maskedParties.partyId))
    .where(eq(parties.lawsuitId, lawsuitId))
  return rows.map((r) => r.name)
}

/** Masks every matéria citing the case that still shows a name; returns how many changed. */
export async function maskArticlesOfCase(
  db: Database,
  cnj: string,
  names: string[],
  requestId: number | null = null,
): Promise<number> {
  const rows = await db
    .select({ id: gazetteArticles.id, title: gazetteArticles.title, body: gazetteArticles.body })
    .from(gazetteArticles)
    .where(eq(gazetteArticles.lawsuitCnj, cnj))
  let changed = 0
  for (const row of rows) if (await maskArticle(db, row, names, true, requestId)) changed++
  return changed
}

/**
 * Masks one stored matéria: the given names and the names it prints next to a minor or as a
 * party (decisions/0065) become initials in its title and text, and its mentions of those people
 * go. The text before masking is kept once in `masked_articles` (never read by a page).
 */
export async function maskArticle(
  db: Database,
  article: { id: number; title: string; body: string },
  names: string[],
  caseSensitive = true,
  requestId: number | null = null,
): Promise<boolean> {
  // Outside a sensitive case the names given are masked too (a reviewer's decision on a person,
  // decisions/0071), with any minor the text names.
  const all = caseSensitive
    ? namesToMask(article, names, true)
    : [...names, ...namesToMask(article, [], false)]
  const title = maskNamesInText(article.title, all)
  const body = maskNamesInText(article.body, all)
  const mentioned = await db
    .select({ id: people.id, name: people.name, slug: people.slug })
    .from(articleMentions)
    .innerJoin(people, eq(people.id, articleMentions.personId))
    .where(eq(articleMentions.articleId, article.id))
  const slugs = new Set(all.map(slugify))
  const gone = mentioned.filter((p) => slugs.has(p.slug))
  if (title === article.title && body === article.body && !gone.length) {
    if (requestId)
      await db
        .insert(maskedArticles)
        .values({ articleId: article.id, title: article.title, body: article.body, requestId })
        .onConflictDoUpdate({
          target: maskedArticles.articleId,
          set: { requestId: sql`coalesce(${maskedArticles.requestId}, excluded.request_id)` },
        })
    await db.update(gazetteArticles).set({ masked: 1 }).where(eq(gazetteArticles.id, article.id))
    return false
  }
  await db
    .insert(maskedArticles)
    .values({
      articleId: article.id,
      title: article.title,
      body: article.body,
      people: JSON.stringify(gone.map((p) => p.name)),
      requestId,
    })
    // The first text kept is the one before any masking; a request marks it as never to un-mask.
    .onConflictDoUpdate({
      target: maskedArticles.articleId,
      set: { requestId: sql`coalesce(${maskedArticles.requestId}, excluded.request_id)` },
    })
  await db.update(gazetteArticles).set({ title, body, masked: 1 }).where(eq(gazetteArticles.id, article.id))
  await maskDerived(db, { articleIds: [article.id] }, all)
  if (gone.length) {
    // A gazette list can name hundreds: D1 binds at most 100 values per statement.
    for (const part of chunk(
      gone.map((p) => p.id),
      90,
    ))
      await db
        .delete(articleMentions)
        .where(and(eq(articleMentions.articleId, article.id), inArray(articleMentions.personId, part)))
    await dropOrphanPeople(
      db,
      gone.map((p) => p.id),
    )
  }
  return true
}

/**
 * A sensitive case's matéria masks its parties and every private person it prints (the same rule
 * as a minor's, decisions/0065); any other matéria masks only when it names a minor.
 */
export function namesToMask(
  article: { title: string; body: string },
  names: string[],
  caseSensitive: boolean,
) {
  return caseSensitive
    ? [...names, ...personNames(article.body), ...personNames(article.title)]
    : minorNames(article.body)
}

/**
 * People left with no party row and no mention anywhere are deleted, with their suggestion rows
 * (their lists marked for the next rebuild): a masked case must not leave a searchable name.
 * Returns their slugs (their pages are purged).
 */
export async function dropOrphanPeople(db: Database, ids: number[]): Promise<string[]> {
  const slugs: string[] = []
  for (const part of chunk([...new Set(ids)], 50)) {
    const orphans = await db.all<{ id: number; slug: string }>(sql`
      SELECT id, slug FROM people WHERE id IN (${sql.join(part, sql`, `)})
        AND NOT EXISTS (SELECT 1 FROM parties WHERE person_id = people.id)
        AND NOT EXISTS (SELECT 1 FROM article_mentions WHERE person_id = people.id)`)
    if (!orphans.length) continue
    const orphanIds = orphans.map((o) => o.id)
    const names = await db
      .delete(suggestionNames)
      .where(and(eq(suggestionNames.source, 'person'), inArray(suggestionNames.entityId, orphanIds)))
      .returning({
        prefix: suggestionNames.prefix,
        prefix4: suggestionNames.prefix4,
        prefix5: suggestionNames.prefix5,
      })
    const dirty = [...new Set(names.flatMap((n) => [n.prefix, n.prefix4, n.prefix5]).filter((p) => !!p))]
    for (const prefixes of chunk(dirty as string[], 90))
      await db
        .insert(suggestionDirtyPrefixes)
        .values(prefixes.map((prefix) => ({ prefix })))
        .onConflictDoNothing()
    // The claims' old ON DELETE CASCADE, now that people and claims may be apart (migration 0033).
    await db.delete(personClaims).where(inArray(personClaims.personId, orphanIds))
    await db.delete(people).where(inArray(people.id, orphanIds))
    slugs.push(...orphans.map((o) => o.slug))
  }
  return slugs
}

/**
 * Undoes the masking of a lawsuit that left the list: names back from `masked_parties` (linked to
 * their people again) and its matérias' texts back, unless a matéria is masked on its own
 * (a minor named in it, decisions/0065).
 */
export async function unmaskLawsuit(db: Database, lawsuitId: number, into = touched()): Promise<Touched> {
  const [lawsuit] = await db.select({ cnj: lawsuits.cnj }).from(lawsuits).where(eq(lawsuits.id, lawsuitId))
  if (!lawsuit) return into
  await db.update(lawsuits).set({ sensitive: 0 }).where(eq(lawsuits.id, lawsuitId))
  const rows = await db
    .select({ partyId: maskedParties.partyId, name: maskedParties.name, pole: parties.pole })
    .from(maskedParties)
    .innerJoin(parties, eq(parties.id, maskedParties.partyId))
    // What a reviewer masked on request stays masked whatever the list says (decisions/0071).
    .where(and(eq(parties.lawsuitId, lawsuitId), isNull(maskedParties.requestId)))
  const ids = await ensurePeople(
    db,
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
  const articles = await db
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
    await db
      .update(gazetteArticles)
      .set({ title: article.title, body: article.body, masked: 0 })
      .where(eq(gazetteArticles.id, article.id))
    const named = await ensurePeople(db, JSON.parse(article.people) as string[])
    if (named.size)
      await db
        .insert(articleMentions)
        .values([...named.values()].map((personId) => ({ articleId: article.id, personId, companyId: null })))
        .onConflictDoNothing()
    await db.delete(maskedArticles).where(eq(maskedArticles.articleId, article.id))
  }
  into.lawsuits.add(lawsuit.cnj)
  for (const name of rows.map((r) => r.name)) into.people.add(slugify(name))
  return into
}
