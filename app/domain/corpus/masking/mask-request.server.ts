import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articleMentions, gazetteArticles, lawsuits, parties, people } from '~/db/schema-corpus'
import { maskedParties } from '~/db/schema-privacy'
import type { PageKind } from '~/db/schema-trust'
import { hiddenPages } from '~/db/schema-trust'
import { readCorpus, writeCorpus } from '~/domain/corpus/access.server'
import { KINDS, type NamingKind } from '~/domain/corpus/kinds'
import { chunk } from '~/domain/corpus/store/batch.server'
import { forgetNames } from '~/domain/privacy/forget.server'
import { gazetteShards, lawsuitShards, type MaskDeps, mentionedPeople } from './corpus.server'
import { maskArticle, maskLawsuit, maskPartyRows, type Touched, touched } from './mask.server'
import { maskDecision } from './mask-decisions.server'
import { maskDerived } from './mask-derived.server'
import { dropOrphanPeople } from './orphans.server'

// A reviewer's "mask names" decision on a removal request (decisions/0066, 0071) goes through the
// same stored masking as a sensitive case (decisions/0064): initials written where the names
// were, the originals kept in masked_parties / masked_articles with the request's id, so every
// surface (search, suggestions, matérias, sitemaps, monitoring, the API) reads the masked form and
// no re-mask walk gives the names back.

/** Masks the names of each page a decision names; answers what it touched, for the purge. */
export async function maskPagesOnRequest(
  deps: MaskDeps,
  pages: { kind: PageKind; refId: number }[],
  requestId: number,
  into = touched(),
): Promise<Touched> {
  // Kinds whose text names no private person (companies, statutes; `names: false` in the
  // catalogue) have nothing to mask (decisions/0066).
  for (const page of pages)
    if (KINDS[page.kind].names) await MASK_PAGE[page.kind as NamingKind](deps, page.refId, requestId, into)
  return into
}

/**
 * The masking of one page of each kind that names people (the catalogue's `names`): a kind
 * declared so without its masking here does not compile.
 */
const MASK_PAGE: Record<
  NamingKind,
  (deps: MaskDeps, refId: number, requestId: number, into: Touched) => Promise<unknown>
> = {
  processo: (deps, id, requestId, into) => maskLawsuit(deps, id, into, requestId, true),
  pessoa: (deps, id, requestId, into) => maskPerson(deps, id, requestId, into),
  materia: (deps, id, requestId, into) => maskMateria(deps, id, requestId, into),
  decisao: (deps, id, requestId) => maskDecision(deps.corpus, id, requestId),
}

/**
 * One person, everywhere: their party rows become initials (unlinked), the matérias that mention
 * them or cite their cases print initials, what alerts were made from those documents is masked
 * too, and the person row goes with its suggestions (its address is the name itself, so the page
 * is gone rather than shown with initials under the name). "Everywhere" is every lawsuit shard
 * and every gazette shard; the person row is in its `entidades` shard (decisions/0081).
 */
async function maskPerson(deps: MaskDeps, personId: number, requestId: number, into: Touched) {
  const [person] =
    (await readCorpus.byId(deps.corpus, personId, (db) =>
      db
        .select({ id: people.id, name: people.name, slug: people.slug })
        .from(people)
        .where(eq(people.id, personId)),
    )) ?? []
  if (!person) return
  into.people.add(person.slug)
  const lawsuitDbs = await lawsuitShards(deps.corpus)
  // Every spelling the corpus printed: the person row's and each party row's.
  const names = new Set([person.name])
  const cnjs = new Set<string>()
  const cases: { db: Database; ids: number[] }[] = []
  for (const db of lawsuitDbs) {
    const rows = await db
      .select({
        id: parties.id,
        lawsuitId: parties.lawsuitId,
        pole: parties.pole,
        name: parties.name,
        personId: parties.personId,
        companyId: parties.companyId,
        cnj: lawsuits.cnj,
      })
      .from(parties)
      .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
      .where(eq(parties.personId, personId))
    const lawsuitIds = [...new Set(rows.map((r) => r.lawsuitId))]
    const side: { lawsuitId: number; pole: string; name: string }[] = []
    for (const part of chunk(lawsuitIds, 90))
      side.push(
        ...(await db
          .select({ lawsuitId: parties.lawsuitId, pole: parties.pole, name: parties.name })
          .from(parties)
          .where(inArray(parties.lawsuitId, part))),
      )
    await maskPartyRows(
      db,
      rows.map((r) => ({ ...r, slug: null, personId: null })),
      side,
      into,
      requestId,
    )
    for (const row of rows) {
      names.add(row.name)
      cnjs.add(row.cnj)
    }
    cases.push({ db, ids: lawsuitIds })
  }
  const spellings = [...names]
  await forgetNames(deps, spellings)
  for (const cnj of cnjs) into.lawsuits.add(cnj)
  for (const { db, ids } of cases)
    for (const id of ids) await maskDerived(deps.db, { lawsuitId: id, lawsuitDb: db }, spellings)
  for (const db of await gazetteShards(deps.corpus)) {
    const mentioned = db
      .select({ id: articleMentions.articleId })
      .from(articleMentions)
      .where(eq(articleMentions.personId, personId))
    for (const part of [null, ...chunk([...cnjs], 90)]) {
      const articles = await db
        .select({
          id: gazetteArticles.id,
          title: gazetteArticles.title,
          body: gazetteArticles.body,
          cnj: gazetteArticles.lawsuitCnj,
        })
        .from(gazetteArticles)
        .where(part ? inArray(gazetteArticles.lawsuitCnj, part) : inArray(gazetteArticles.id, mentioned))
      for (const article of articles)
        if ((await maskArticle(deps, db, article, spellings, false, requestId)) && article.cnj)
          into.lawsuits.add(article.cnj)
    }
    await db.delete(articleMentions).where(eq(articleMentions.personId, personId))
  }
  for (const db of lawsuitDbs)
    await db.update(parties).set({ personId: null }).where(eq(parties.personId, personId))
  await dropOrphanPeople(deps, [personId])
}

/** A matéria asked for: every private person it prints or mentions becomes initials (the sensitive-case rule). */
async function maskMateria(deps: MaskDeps, articleId: number, requestId: number, into: Touched) {
  // Every copy, the map's first: in a split's window the source's is copied over the target's
  // again (decisions/0088).
  await writeCorpus.everyCopy(deps.corpus, 'gazette_articles', articleId, async (db) => {
    const [article] = await db
      .select({
        id: gazetteArticles.id,
        title: gazetteArticles.title,
        body: gazetteArticles.body,
        cnj: gazetteArticles.lawsuitCnj,
      })
      .from(gazetteArticles)
      .where(eq(gazetteArticles.id, articleId))
    if (!article) return
    // The people it mentions are who it names, whether or not the name finder reads them as names.
    const names = (await mentionedPeople(deps.corpus, db, articleId)).map((p) => p.name)
    if ((await maskArticle(deps, db, article, names, true, requestId)) && article.cnj)
      into.lawsuits.add(article.cnj)
  })
}

/** The names a request masked among the parties of these cases: a matéria imported later prints them as initials too. */
export async function requestMaskedNames(db: Database, cnjs: string[]): Promise<Map<string, string[]>> {
  const byCnj = new Map<string, string[]>()
  for (const part of chunk(cnjs, 90))
    for (const row of await db
      .select({ cnj: lawsuits.cnj, name: maskedParties.name })
      .from(maskedParties)
      .innerJoin(parties, eq(parties.id, maskedParties.partyId))
      .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
      .where(and(inArray(lawsuits.cnj, part), isNotNull(maskedParties.requestId))))
      byCnj.set(row.cnj, [...(byCnj.get(row.cnj) ?? []), row.name])
  return byCnj
}

/** Which of these lawsuits a reviewer masked: the re-mask walk keeps them masked whatever the list. */
export async function lawsuitsMaskedOnRequest(db: Database, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>()
  for (const part of chunk(ids, 90))
    for (const row of await db
      .select({ id: hiddenPages.refId })
      .from(hiddenPages)
      .where(
        and(
          eq(hiddenPages.kind, 'processo'),
          eq(hiddenPages.effect, 'mascarar'),
          inArray(hiddenPages.refId, part),
        ),
      ))
      found.add(row.id)
  return found
}
