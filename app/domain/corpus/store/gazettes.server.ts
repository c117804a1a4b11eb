import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articleMentions, gazetteArticles, lawsuits, parties } from '~/db/schema-corpus'
import { maskedArticles, maskedParties } from '~/db/schema-privacy'
import { writeCorpus } from '~/domain/corpus/access.server'
import { namesToMask } from '~/domain/corpus/masking/mask.server'
import { requestMaskedNames } from '~/domain/corpus/masking/mask-request.server'
import { maskCasesOfMinors } from '~/domain/corpus/masking/minor-cases.server'
import { forgetNames } from '~/domain/privacy/forget.server'
import { isNaturalPerson } from '~/domain/privacy/initials'
import { maskNamesInText } from '~/domain/privacy/mask-text'
import { minorNames } from '~/domain/privacy/minors'
import { loadSensitiveList, type SensitiveList } from '~/domain/privacy/sensitive-list.server'
import { checksumOf, slugify } from '../import/text'
import { emptyCounts, type ImportCounts } from '../import/types'
import type { DocumentKey } from '../shard-map'
import type { Corpus } from '../shards.server'
import { chunk, rowsPerInsert, runBatched } from './batch.server'
import { ensureCompanies, ensurePeople } from './entities.server'
import {
  type Caches,
  type Copies,
  type EditionRef,
  editionId,
  type GazetteRef,
  gazetteId,
  sectionId,
  type Where,
} from './gazette-registry.server'
import { databasesOf, findOneStored, syncCopy } from './stored.server'
import { type ImportTarget, importTarget, type Target } from './target.server'

export type { EditionRef, GazetteRef }

/** One matéria with where it was published. `externalId` is the source's own id. */
export type GazetteArticleRecord = {
  gazette: GazetteRef
  edition: EditionRef
  section: string | null
  externalId: string
  kind: string | null
  organ: string | null
  title: string
  body: string
  page: number | null
  lawsuitCnj: string | null
  /** The TPU class the source gives for the cited case (DJEN), when it gives one. */
  classCode?: number | null
  mentions?: { people: string[]; companies: { cnpj: string; legalName: string }[] }
}

/** A matéria's shard: the DOU by date, every other gazette by its UF and date (decisions/0072). */
export const materiaKey = (record: Pick<GazetteArticleRecord, 'gazette' | 'edition'>): DocumentKey => ({
  kind: 'materia',
  gazette: record.gazette.slug === 'dou' ? 'dou' : { uf: record.gazette.uf ?? null },
  date: record.edition.date,
})

/**
 * Inserts or updates matérias, grouping them into gazettes, editions and sections. Idempotent.
 * Each matéria goes to its shard with its mentions and its masked text; the people and companies
 * it mentions to theirs (`entidades`).
 */
export async function upsertGazetteArticles(
  target: Target,
  records: GazetteArticleRecord[],
): Promise<ImportCounts> {
  const { db: primary, corpus, suggestions } = importTarget(target)
  const counts = emptyCounts()
  const caches: Caches = { gazettes: new Map(), editions: new Map(), sections: new Map() }
  const copies: Copies = new Set()
  const privacy = await privacyOf({ db: primary, corpus }, records)
  // What the masking hid, for the suggestions; the cases whose matéria names a minor.
  const hiddenNames = new Set<string>()
  const minorCases = new Set<string>()
  for (const original of records) {
    const { db: newest, entry, idOf } = await writeCorpus.placeOne(corpus, materiaKey(original))
    let db = newest
    const where: Where = { primary, shard: newest, binding: entry.binding }
    const { record, hidden, names, minors } = await masked(corpus, original, privacy)
    for (const name of names) hiddenNames.add(name)
    if (minors && record.lawsuitCnj) minorCases.add(record.lawsuitCnj)
    const gid = await gazetteId(where, record.gazette, caches, copies)
    const eid = await editionId(where, gid, record.edition, caches, copies)
    const sid = record.section ? await sectionId(where, eid, record.section, caches, copies) : null
    const values = {
      gazetteId: gid,
      editionId: eid,
      sectionId: sid,
      date: record.edition.date,
      externalId: record.externalId,
      kind: record.kind,
      organ: record.organ,
      title: record.title,
      body: record.body,
      page: record.page,
      lawsuitCnj: record.lawsuitCnj,
      masked: hidden ? 1 : 0,
      // Of the source's record: re-importing it unchanged writes nothing, masked or not.
      checksum: checksumOf(original),
    }
    // Found wherever the map says its id lives (after a split, maybe not the newest database: 0083).
    const stored = await findOneStored(corpus, materiaKey(original), (shard) =>
      shard
        .select({ id: gazetteArticles.id, checksum: gazetteArticles.checksum })
        .from(gazetteArticles)
        .where(and(eq(gazetteArticles.gazetteId, gid), eq(gazetteArticles.externalId, record.externalId))),
    )
    const current = stored?.row
    let articleId: number
    if (stored && stored.db !== db) {
      // Written where it is: its registry rows too (the split copied them; a changed edition may not be).
      const there: Where = { primary, shard: stored.db, binding: `id:${stored.row.id}` }
      await gazetteId(there, record.gazette, caches, copies)
      await editionId(there, gid, record.edition, caches, copies)
      if (record.section) await sectionId(there, eid, record.section, caches, copies)
      db = stored.db
    }
    if (!current) {
      const [row] = await db
        .insert(gazetteArticles)
        .values({ ...values, ...idOf('gazette_articles') })
        .returning({ id: gazetteArticles.id })
      if (!row) throw new Error(`article ${record.externalId} not inserted`)
      articleId = row.id
      counts.imported++
    } else if (current.checksum !== values.checksum) {
      // Changed now: the monitoring sweep of this moment's window looks at it again.
      await db
        .update(gazetteArticles)
        .set({ ...values, importedAt: Date.now() })
        .where(eq(gazetteArticles.id, current.id))
      articleId = current.id
      counts.updated++
    } else {
      counts.unchanged++
      continue
    }
    if (hidden)
      await db
        .insert(maskedArticles)
        .values({ articleId, title: original.title, body: original.body, people: JSON.stringify(hidden) })
        .onConflictDoUpdate({
          target: maskedArticles.articleId,
          set: { title: original.title, body: original.body, people: JSON.stringify(hidden) },
        })
    if (record.mentions) await writeMentions({ db: primary, corpus }, db, articleId, record.mentions)
    await syncCopy(stored, 'gazette_articles')
  }
  await forgetNames({ db: primary, suggestions }, [...hiddenNames])
  // Sensitive everywhere (decisions/0089): a case already stored is masked now; one stored later
  // is found sensitive by the lawsuit importer.
  await maskCasesOfMinors({ db: primary, corpus, suggestions }, [...minorCases])
  return counts
}

/**
 * The sensitive list (the primary's) and which cited cases are stored as sensitive or masked on
 * request (in each lawsuit's shard), read once per import.
 */
async function privacyOf(target: ImportTarget, records: GazetteArticleRecord[]) {
  const list = await loadSensitiveList(target.db)
  const cnjs = [...new Set(records.map((r) => r.lawsuitCnj).filter((c): c is string => !!c))]
  // Every database of each case's shard (after a split, more than one: 0083); any copy counts.
  const groups = [...(await databasesOf(target.corpus, cnjs, (cnj) => ({ kind: 'processo', cnj })))].map(
    ([db, items]) => ({ db, items }),
  )
  const sensitive = new Set<string>()
  for (const { db, items } of groups)
    for (const part of chunk(items, 90))
      for (const row of await db
        .select({ cnj: lawsuits.cnj })
        .from(lawsuits)
        .where(and(inArray(lawsuits.cnj, part), eq(lawsuits.sensitive, 1))))
        sensitive.add(row.cnj)
  // Parties a reviewer masked on request in a case that is not sensitive (decisions/0071).
  const requested = new Map<string, string[]>()
  for (const { db, items } of groups)
    for (const [cnj, names] of await requestMaskedNames(db, items))
      requested.set(cnj, [...new Set([...(requested.get(cnj) ?? []), ...names])])
  return { list, sensitive, requested }
}

/**
 * The record as it is stored (decisions/0064, 0065): a matéria citing a sensitive case (stored
 * so, or of a listed class by its source) or naming a minor in a protective measure has its
 * people's names as initials and mentions none of them; `hidden` lists the people it no longer
 * mentions (null when nothing was masked).
 */
async function masked(
  corpus: Corpus,
  record: GazetteArticleRecord,
  privacy: { list: SensitiveList; sensitive: Set<string>; requested: Map<string, string[]> },
): Promise<{ record: GazetteArticleRecord; hidden: string[] | null; names: string[]; minors: boolean }> {
  const cnj = record.lawsuitCnj
  const caseSensitive =
    (!!cnj && privacy.sensitive.has(cnj)) ||
    (record.classCode != null && privacy.list.classes.has(record.classCode))
  const mentioned = (record.mentions?.people ?? []).filter((name) => isNaturalPerson({ name }))
  const parties = cnj && privacy.sensitive.has(cnj) ? await maskedPartyNames(corpus, cnj) : []
  const names = [
    ...namesToMask(record, [...mentioned, ...parties], caseSensitive),
    ...((cnj && privacy.requested.get(cnj)) || []),
  ]
  // The minors rule's finding about the case itself, not only this text (decisions/0089).
  const minors = !caseSensitive && minorNames(record.body).length > 0
  if (!names.length && !caseSensitive) return { record, hidden: null, names, minors }
  const slugs = new Set(names.map(slugify))
  const people = record.mentions?.people ?? []
  const hidden = people.filter(
    (name) => slugs.has(slugify(name)) || (caseSensitive && isNaturalPerson({ name })),
  )
  return {
    hidden,
    names,
    minors,
    record: {
      ...record,
      title: maskNamesInText(record.title, names),
      body: maskNamesInText(record.body, names),
      mentions: record.mentions && {
        ...record.mentions,
        people: people.filter((name) => !hidden.includes(name)),
      },
    },
  }
}

/** The names masked in a case's parties, read in every database of the case's shard. */
async function maskedPartyNames(corpus: Corpus, cnj: string): Promise<string[]> {
  const names = new Set<string>()
  for (const db of await corpus.shardsOf({ kind: 'processo', cnj }))
    for (const row of await db
      .select({ name: maskedParties.name })
      .from(maskedParties)
      .innerJoin(parties, eq(parties.id, maskedParties.partyId))
      .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
      .where(eq(lawsuits.cnj, cnj)))
      names.add(row.name)
  return [...names]
}

/** A matéria's mentions, in its shard (`db`), of people and companies stored in theirs. */
async function writeMentions(
  target: ImportTarget,
  db: Database,
  articleId: number,
  mentions: NonNullable<GazetteArticleRecord['mentions']>,
) {
  const personIds = await ensurePeople(target, mentions.people)
  const companyIds = await ensureCompanies(target, mentions.companies)
  const rows = [
    ...[...personIds.values()].map((personId) => ({ articleId, personId, companyId: null })),
    ...[...companyIds.values()].map((companyId) => ({ articleId, personId: null, companyId })),
  ]
  await runBatched(
    db,
    chunk(rows, rowsPerInsert(3)).map((part) =>
      db.insert(articleMentions).values(part).onConflictDoNothing(),
    ),
  )
}
