import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articleMentions, gazetteArticles, lawsuits, parties } from '~/db/schema-corpus'
import { maskedArticles, maskedParties } from '~/db/schema-privacy'
import { writeCorpus } from '~/domain/corpus/access.server'
import { slugify } from '~/domain/corpus/import/text'
import { chunk } from '~/domain/corpus/store/batch.server'
import { forgetNames } from '~/domain/privacy/forget.server'
import { initials, isInitials, isNaturalPerson } from '~/domain/privacy/initials'
import { maskNamesInText } from '~/domain/privacy/mask-text'
import { minorNames, personNames } from '~/domain/privacy/minors'
import { gazetteShards, type MaskDeps, mentionedPeople, peopleNamed, slugsOf } from './corpus.server'
import { maskDerived } from './mask-derived.server'
import { dropOrphanPeople } from './orphans.server'

/** What a (un)masking changed, for the edge-cache purge: lawsuit numbers and person slugs. */
export type Touched = { lawsuits: Set<string>; people: Set<string>; decisions?: boolean }
export const touched = (): Touched => ({ lawsuits: new Set(), people: new Set() })

/**
 * Masks one stored lawsuit (decisions/0064): flags it sensitive, turns its natural persons into
 * initials (the name kept in `masked_parties`, never read by a page), unlinks them from their
 * person pages (deleting a person left with no appearance, so neither search nor suggestions
 * know the name) and masks the matérias that cite the case. The lawsuit is read and written in
 * the shard its id names, its people in theirs, the matérias in every gazette shard, the alerts
 * in the primary (decisions/0081). `finishing`: a pass that may follow a killed one (the walk, a
 * reviewer's masking and its retry), which also drops the people the masked names still have.
 */
export async function maskLawsuit(
  deps: MaskDeps,
  lawsuitId: number,
  into = touched(),
  requestId: number | null = null,
  finishing = false,
): Promise<Touched> {
  // Every copy of the lawsuit, the map's first: in a split's window the source's is copied over
  // the target's again, and must be masked too (decisions/0088).
  const copies = await writeCorpus.everyCopy(deps.corpus, 'lawsuits', lawsuitId, (db) =>
    maskLawsuitIn(deps, db, lawsuitId, into, requestId),
  )
  const [lawsuit] = copies.flatMap((copy) => (copy ? [copy] : []))
  if (!lawsuit) return into
  const changed = copies.some((copy) => copy?.changed)
  const names = [...new Set(copies.flatMap((copy) => copy?.names ?? []))]
  const articles = await maskArticlesOfCase(deps, lawsuit.cnj, names, requestId)
  // The popular searches and the suggestion lists forget them too (decisions/0089).
  await forgetNames(deps, names)
  if (changed || articles) into.lawsuits.add(lawsuit.cnj)
  // The people the masked names were, found again by name too: a masking killed after unlinking
  // the parties and before dropping the orphans is completed by the next pass. Not at import: a
  // person just created for another record of the batch has no party row yet and would look
  // orphaned.
  const again = finishing && !changed ? await peopleNamed(deps.corpus, names) : []
  const former = [...copies.flatMap((copy) => copy?.formerPeople ?? []), ...again]
  for (const slug of await dropOrphanPeople(deps, former)) into.people.add(slug)
  return into
}

/** The lawsuit's own rows masked in one database holding it (its parties, movements, alerts). */
async function maskLawsuitIn(
  deps: MaskDeps,
  db: Database,
  lawsuitId: number,
  into: Touched,
  requestId: number | null,
) {
  const [lawsuit] = await db
    .select({ cnj: lawsuits.cnj, sensitive: lawsuits.sensitive })
    .from(lawsuits)
    .where(eq(lawsuits.id, lawsuitId))
  if (!lawsuit) return null
  if (!lawsuit.sensitive) await db.update(lawsuits).set({ sensitive: 1 }).where(eq(lawsuits.id, lawsuitId))
  const rows = await partiesOf(deps, db, lawsuitId)
  const { changed, formerPeople } = await maskPartyRows(db, rows, rows, into, requestId)
  const names = await maskedNamesOf(db, lawsuitId)
  await maskDerived(deps.db, { lawsuitId, lawsuitDb: db }, names)
  return { cnj: lawsuit.cnj, changed, formerPeople, names }
}

/** A lawsuit's parties with their person's slug (read by id in the `entidades` shards). */
async function partiesOf(deps: MaskDeps, db: Database, lawsuitId: number): Promise<PartyRow[]> {
  const columns = {
    id: parties.id,
    pole: parties.pole,
    name: parties.name,
    personId: parties.personId,
    companyId: parties.companyId,
  }
  const rows = await db.select(columns).from(parties).where(eq(parties.lawsuitId, lawsuitId))
  const slugs = await slugsOf(
    deps.corpus,
    rows.flatMap((r) => (r.personId ? [r.personId] : [])),
  )
  return rows.map((r) => ({ ...r, slug: (r.personId && slugs.get(r.personId)) || null }))
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

/**
 * Masks every matéria citing the case that still shows a name, in every gazette shard (a case is
 * cited by any gazette of any date); returns how many changed.
 */
export async function maskArticlesOfCase(
  deps: MaskDeps,
  cnj: string,
  names: string[],
  requestId: number | null = null,
): Promise<number> {
  let changed = 0
  for (const db of await gazetteShards(deps.corpus)) {
    const rows = await db
      .select({ id: gazetteArticles.id, title: gazetteArticles.title, body: gazetteArticles.body })
      .from(gazetteArticles)
      .where(eq(gazetteArticles.lawsuitCnj, cnj))
    for (const row of rows) if (await maskArticle(deps, db, row, names, true, requestId)) changed++
  }
  return changed
}

/**
 * What an automatic mask is made from (decisions/0090): the original a matéria masked before
 * keeps, with the people it no longer mentions, so a change of the name reader reaches it
 * ("DIVÓRCIO LITIGIOSO" was "D. L."). A reviewer's mask (decisions/0071) is kept as it is: the
 * stored text, masked further.
 */
async function fromOriginal(
  db: Database,
  article: { id: number; title: string; body: string },
  names: string[],
  requestId: number | null,
) {
  const [kept] = requestId
    ? []
    : await db.select().from(maskedArticles).where(eq(maskedArticles.articleId, article.id)).limit(1)
  if (!kept || kept.requestId) return { text: article, given: names }
  const people: unknown = JSON.parse(kept.people)
  const gone = Array.isArray(people) ? people.filter((p): p is string => typeof p === 'string') : []
  return { text: { ...article, title: kept.title, body: kept.body }, given: [...names, ...gone] }
}

/**
 * Masks one stored matéria: the given names and the names it prints next to a minor or as a
 * party (decisions/0065) become initials in its title and text, and its mentions of those people
 * go. The text before masking is kept once in `masked_articles` (never read by a page). `db` is
 * the matéria's shard; the people it mentions are in theirs.
 */
export async function maskArticle(
  deps: MaskDeps,
  db: Database,
  article: { id: number; title: string; body: string },
  names: string[],
  caseSensitive = true,
  requestId: number | null = null,
): Promise<boolean> {
  const { text, given } = await fromOriginal(db, article, names, requestId)
  // Outside a sensitive case the names given are masked too (a reviewer's decision on a person,
  // decisions/0071), with any minor the text names.
  const all = caseSensitive ? namesToMask(text, given, true) : [...given, ...namesToMask(text, [], false)]
  const title = maskNamesInText(text.title, all)
  const body = maskNamesInText(text.body, all)
  const mentioned = await mentionedPeople(deps.corpus, db, article.id)
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
  await maskDerived(deps.db, { articleIds: [article.id] }, all)
  await forgetNames(deps, all)
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
      deps,
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
