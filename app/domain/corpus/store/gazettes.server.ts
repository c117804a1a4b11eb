import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import {
  articleMentions,
  gazetteArticles,
  gazetteEditions,
  gazetteSections,
  gazettes,
  lawsuits,
  parties,
} from '~/db/schema-corpus'
import { maskedArticles, maskedParties } from '~/db/schema-privacy'
import { isNaturalPerson } from '~/domain/privacy/initials'
import { namesToMask } from '~/domain/privacy/mask.server'
import { requestMaskedNames } from '~/domain/privacy/mask-request.server'
import { maskNamesInText } from '~/domain/privacy/mask-text'
import { loadSensitiveList, type SensitiveList } from '~/domain/privacy/sensitive-list.server'
import { checksumOf, slugify } from '../import/text'
import { emptyCounts, type ImportCounts } from '../import/types'
import type { DocumentKey } from '../shard-map'
import type { Corpus } from '../shards.server'
import { chunk, rowsPerInsert, runBatched } from './batch.server'
import { ensureCompanies, ensurePeople } from './entities.server'
import { newId } from './shard-ids'
import { groupByShard, type ImportTarget, importTarget, type Target } from './target.server'

export type GazetteRef = {
  slug: string
  name: string
  sphere: 'federal' | 'estadual' | 'municipal' | 'judiciario'
  uf?: string | null
  cityCode?: number | null
}

/** One matéria with where it was published. `externalId` is the source's own id. */
export type GazetteArticleRecord = {
  gazette: GazetteRef
  edition: { date: string; number: string; extra: boolean }
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

/**
 * Where a matéria is written (decisions/0072, 0074): gazettes, editions and sections are
 * registered in the primary, which gives their ids, and copied by id to the matéria's shard, so
 * the views' joins work inside it. In the primary itself (the degenerate map) nothing is copied.
 */
type Where = { primary: Database; shard: Database; binding: string }
type Caches = { gazettes: Map<string, number>; editions: Map<string, number>; sections: Map<string, number> }
type Copies = Set<string>

/** Writes a registry row's copy into the shard once per import (its id is the primary's). */
async function copied(where: Where, copies: Copies, key: string, write: (db: Database) => Promise<unknown>) {
  if (where.shard === where.primary || copies.has(`${where.binding}|${key}`)) return
  await write(where.shard)
  copies.add(`${where.binding}|${key}`)
}

async function gazetteId(where: Where, ref: GazetteRef, caches: Caches, copies: Copies): Promise<number> {
  const db = where.primary
  const values = {
    slug: ref.slug,
    name: ref.name,
    sphere: ref.sphere,
    uf: ref.uf ?? null,
    cityCode: ref.cityCode ?? null,
  }
  let id = caches.gazettes.get(ref.slug)
  if (!id) {
    await db.insert(gazettes).values(values).onConflictDoNothing({ target: gazettes.slug })
    const [row] = await db.select({ id: gazettes.id }).from(gazettes).where(eq(gazettes.slug, ref.slug))
    if (!row) throw new Error(`gazette ${ref.slug} missing`)
    caches.gazettes.set(ref.slug, row.id)
    id = row.id
  }
  const gid = id
  await copied(where, copies, `g${gid}`, (shard) =>
    shard
      .insert(gazettes)
      .values({ id: gid, ...values })
      .onConflictDoNothing(),
  )
  return gid
}

async function editionId(
  where: Where,
  gid: number,
  e: GazetteArticleRecord['edition'],
  caches: Caches,
  copies: Copies,
) {
  const db = where.primary
  const key = `${gid}|${e.date}|${e.number}|${e.extra}`
  let id = caches.editions.get(key)
  if (!id) {
    await db
      .insert(gazetteEditions)
      .values({ gazetteId: gid, ...e })
      .onConflictDoNothing()
    const [row] = await db
      .select({ id: gazetteEditions.id })
      .from(gazetteEditions)
      .where(
        and(
          eq(gazetteEditions.gazetteId, gid),
          eq(gazetteEditions.date, e.date),
          eq(gazetteEditions.number, e.number),
          eq(gazetteEditions.extra, e.extra),
        ),
      )
    if (!row) throw new Error(`edition ${key} missing`)
    caches.editions.set(key, row.id)
    id = row.id
  }
  const eid = id
  await copied(where, copies, `e${eid}`, (shard) =>
    shard
      .insert(gazetteEditions)
      .values({ id: eid, gazetteId: gid, ...e })
      .onConflictDoNothing(),
  )
  return eid
}

async function sectionId(where: Where, eid: number, name: string, caches: Caches, copies: Copies) {
  const db = where.primary
  const slug = slugify(name)
  const key = `${eid}|${slug}`
  let id = caches.sections.get(key)
  if (!id) {
    await db.insert(gazetteSections).values({ editionId: eid, name, slug }).onConflictDoNothing()
    const [row] = await db
      .select({ id: gazetteSections.id })
      .from(gazetteSections)
      .where(and(eq(gazetteSections.editionId, eid), eq(gazetteSections.slug, slug)))
    if (!row) throw new Error(`section ${key} missing`)
    caches.sections.set(key, row.id)
    id = row.id
  }
  const sid = id
  await copied(where, copies, `s${sid}`, (shard) =>
    shard.insert(gazetteSections).values({ id: sid, editionId: eid, name, slug }).onConflictDoNothing(),
  )
  return sid
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
  const { db: primary, corpus } = importTarget(target)
  const counts = emptyCounts()
  const caches: Caches = { gazettes: new Map(), editions: new Map(), sections: new Map() }
  const copies: Copies = new Set()
  const privacy = await privacyOf({ db: primary, corpus }, records)
  for (const original of records) {
    const { db, entry } = await corpus.shardFor(materiaKey(original))
    const where: Where = { primary, shard: db, binding: entry.binding }
    const { record, hidden } = await masked(corpus, original, privacy)
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
    const [current] = await db
      .select({ id: gazetteArticles.id, checksum: gazetteArticles.checksum })
      .from(gazetteArticles)
      .where(and(eq(gazetteArticles.gazetteId, gid), eq(gazetteArticles.externalId, record.externalId)))
    let articleId: number
    if (!current) {
      const [row] = await db
        .insert(gazetteArticles)
        .values({ ...values, ...newId('gazette_articles', entry) })
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
  }
  return counts
}

/**
 * The sensitive list (the primary's) and which cited cases are stored as sensitive or masked on
 * request (in each lawsuit's shard), read once per import.
 */
async function privacyOf(target: ImportTarget, records: GazetteArticleRecord[]) {
  const list = await loadSensitiveList(target.db)
  const cnjs = [...new Set(records.map((r) => r.lawsuitCnj).filter((c): c is string => !!c))]
  const groups = await groupByShard(target.corpus, cnjs, (cnj) => ({ kind: 'processo', cnj }))
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
    for (const [cnj, names] of await requestMaskedNames(db, items)) requested.set(cnj, names)
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
): Promise<{ record: GazetteArticleRecord; hidden: string[] | null }> {
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
  if (!names.length && !caseSensitive) return { record, hidden: null }
  const slugs = new Set(names.map(slugify))
  const people = record.mentions?.people ?? []
  const hidden = people.filter(
    (name) => slugs.has(slugify(name)) || (caseSensitive && isNaturalPerson({ name })),
  )
  return {
    hidden,
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

/** The names masked in a case's parties, read in the case's shard. */
async function maskedPartyNames(corpus: Corpus, cnj: string): Promise<string[]> {
  const { db } = await corpus.shardFor({ kind: 'processo', cnj })
  const rows = await db
    .select({ name: maskedParties.name })
    .from(maskedParties)
    .innerJoin(parties, eq(parties.id, maskedParties.partyId))
    .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
    .where(eq(lawsuits.cnj, cnj))
  return rows.map((r) => r.name)
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
