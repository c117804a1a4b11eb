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
import { chunk, rowsPerInsert, runBatched } from './batch.server'
import { ensureCompanies, ensurePeople } from './entities.server'

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

async function gazetteId(db: Database, ref: GazetteRef, cache: Map<string, number>): Promise<number> {
  const hit = cache.get(ref.slug)
  if (hit) return hit
  await db
    .insert(gazettes)
    .values({
      slug: ref.slug,
      name: ref.name,
      sphere: ref.sphere,
      uf: ref.uf ?? null,
      cityCode: ref.cityCode ?? null,
    })
    .onConflictDoNothing({ target: gazettes.slug })
  const [row] = await db.select({ id: gazettes.id }).from(gazettes).where(eq(gazettes.slug, ref.slug))
  if (!row) throw new Error(`gazette ${ref.slug} missing`)
  cache.set(ref.slug, row.id)
  return row.id
}

async function editionId(
  db: Database,
  gid: number,
  e: GazetteArticleRecord['edition'],
  cache: Map<string, number>,
) {
  const key = `${gid}|${e.date}|${e.number}|${e.extra}`
  const hit = cache.get(key)
  if (hit) return hit
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
  cache.set(key, row.id)
  return row.id
}

async function sectionId(db: Database, eid: number, name: string, cache: Map<string, number>) {
  const slug = slugify(name)
  const key = `${eid}|${slug}`
  const hit = cache.get(key)
  if (hit) return hit
  await db.insert(gazetteSections).values({ editionId: eid, name, slug }).onConflictDoNothing()
  const [row] = await db
    .select({ id: gazetteSections.id })
    .from(gazetteSections)
    .where(and(eq(gazetteSections.editionId, eid), eq(gazetteSections.slug, slug)))
  if (!row) throw new Error(`section ${key} missing`)
  cache.set(key, row.id)
  return row.id
}

/** Inserts or updates matérias, grouping them into gazettes, editions and sections. Idempotent. */
export async function upsertGazetteArticles(
  db: Database,
  records: GazetteArticleRecord[],
): Promise<ImportCounts> {
  const counts = emptyCounts()
  const caches = {
    gazettes: new Map<string, number>(),
    editions: new Map<string, number>(),
    sections: new Map<string, number>(),
  }
  const privacy = await privacyOf(db, records)
  for (const original of records) {
    const { record, hidden } = await masked(db, original, privacy)
    const gid = await gazetteId(db, record.gazette, caches.gazettes)
    const eid = await editionId(db, gid, record.edition, caches.editions)
    const sid = record.section ? await sectionId(db, eid, record.section, caches.sections) : null
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
      const [row] = await db.insert(gazetteArticles).values(values).returning({ id: gazetteArticles.id })
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
    if (record.mentions) await writeMentions(db, articleId, record.mentions)
  }
  return counts
}

/** The sensitive list and which cited cases are stored as sensitive, read once per import. */
async function privacyOf(db: Database, records: GazetteArticleRecord[]) {
  const list = await loadSensitiveList(db)
  const cnjs = [...new Set(records.map((r) => r.lawsuitCnj).filter((c): c is string => !!c))]
  const sensitive = new Set<string>()
  for (const part of chunk(cnjs, 90))
    for (const row of await db
      .select({ cnj: lawsuits.cnj })
      .from(lawsuits)
      .where(and(inArray(lawsuits.cnj, part), eq(lawsuits.sensitive, 1))))
      sensitive.add(row.cnj)
  // Parties a reviewer masked on request in a case that is not sensitive (decisions/0071).
  const requested = await requestMaskedNames(db, cnjs)
  return { list, sensitive, requested }
}

/**
 * The record as it is stored (decisions/0064, 0065): a matéria citing a sensitive case (stored
 * so, or of a listed class by its source) or naming a minor in a protective measure has its
 * people's names as initials and mentions none of them; `hidden` lists the people it no longer
 * mentions (null when nothing was masked).
 */
async function masked(
  db: Database,
  record: GazetteArticleRecord,
  privacy: { list: SensitiveList; sensitive: Set<string>; requested: Map<string, string[]> },
): Promise<{ record: GazetteArticleRecord; hidden: string[] | null }> {
  const cnj = record.lawsuitCnj
  const caseSensitive =
    (!!cnj && privacy.sensitive.has(cnj)) ||
    (record.classCode != null && privacy.list.classes.has(record.classCode))
  const mentioned = (record.mentions?.people ?? []).filter((name) => isNaturalPerson({ name }))
  const parties = cnj && privacy.sensitive.has(cnj) ? await maskedPartyNames(db, cnj) : []
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

async function maskedPartyNames(db: Database, cnj: string): Promise<string[]> {
  const rows = await db
    .select({ name: maskedParties.name })
    .from(maskedParties)
    .innerJoin(parties, eq(parties.id, maskedParties.partyId))
    .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
    .where(eq(lawsuits.cnj, cnj))
  return rows.map((r) => r.name)
}

async function writeMentions(
  db: Database,
  articleId: number,
  mentions: NonNullable<GazetteArticleRecord['mentions']>,
) {
  const personIds = await ensurePeople(db, mentions.people)
  const companyIds = await ensureCompanies(db, mentions.companies)
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
