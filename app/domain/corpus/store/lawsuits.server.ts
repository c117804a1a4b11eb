import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import {
  lawsuitInstances,
  lawsuitSubjects,
  lawsuits,
  movements,
  parties,
  partyLawyers,
} from '~/db/schema-corpus'
import { maskedParties } from '~/db/schema-privacy'
import { writeCorpus } from '~/domain/corpus/access.server'
import { maskLawsuit } from '~/domain/corpus/masking/mask.server'
import { casesNamingMinors } from '~/domain/corpus/masking/minor-cases.server'
import { initials, isNaturalPerson, isSecretPartyPlaceholder } from '~/domain/privacy/initials'
import {
  isSensitiveCase,
  loadSensitiveList,
  type SensitiveList,
} from '~/domain/privacy/sensitive-list.server'
import { readableCase } from '~/lib/labels'
import { checksumOf, slugify } from '../import/text'
import { emptyCounts, type ImportCounts } from '../import/types'
import { chunk, rowsPerInsert, runBatched } from './batch.server'
import { ensurePeople } from './entities.server'
import { findStored, syncCopy } from './stored.server'
import { importTarget, type Target } from './target.server'

export type Pole = 'ativo' | 'passivo' | 'outros'

/** A lawsuit as any source describes it; fields a source does not know stay undefined. */
export type LawsuitRecord = {
  cnj: string
  court: string
  degree?: string | null
  classCode?: number | null
  className?: string | null
  judgingBody?: string | null
  judgingBodyCode?: number | null
  cityCode?: number | null
  filedAt?: string | null
  updatedAt?: string | null
  secrecyLevel: number
  source: string
  subjects: { code: number; name: string }[]
  parties: { pole: Pole; name: string; lawyers: { name: string; oabNumber: string; oabUf: string }[] }[]
  movements: { at: string; code: number | null; name: string; complements: string | null }[]
  /** Each instance (grau) the source describes the lawsuit in, when it gives them apart (DataJud). */
  instances?: LawsuitInstance[]
}

export type LawsuitInstance = {
  degree: string
  court: string
  classCode: number | null
  className: string | null
  judgingBody: string | null
}

/** Placeholder names courts publish for secret parties are never turned into people. */
export function isRealPersonName(name: string): boolean {
  return !isSecretPartyPlaceholder(name) && slugify(name).length > 2
}

/**
 * Inserts or merges lawsuits. A number already stored is updated with the fields this source
 * knows (others keep their values); subjects, parties, lawyers and movements are added, never
 * duplicated. Each source's checksum is kept, so re-importing the same data changes nothing.
 * Each lawsuit goes to the shard its CNJ number names (decisions/0072, 0074) with its parties,
 * movements and subjects; the people it names to theirs (`entidades`).
 */
export async function upsertLawsuits(target: Target, records: LawsuitRecord[]): Promise<ImportCounts> {
  const { db: primary, corpus, suggestions } = importTarget(target)
  const counts = emptyCounts()
  let list: SensitiveList | null = null
  for (const group of await writeCorpus.place(corpus, records, (r) => ({ kind: 'processo', cnj: r.cnj }))) {
    const { db: newest, idOf } = group
    // Where each number is stored: after a split, maybe an older database of the shard (0083).
    const existing = new Map<string, { id: number; checksum: string; sensitive: number; db: Database }>()
    const stored = await findStored(
      corpus,
      { kind: 'processo', cnj: group.items[0]?.cnj ?? '' },
      async (db) => {
        const rows: { id: number; cnj: string; checksum: string; sensitive: number }[] = []
        for (const part of chunk(
          group.items.map((r) => r.cnj),
          90,
        ))
          rows.push(
            ...(await db
              .select({
                id: lawsuits.id,
                cnj: lawsuits.cnj,
                checksum: lawsuits.checksum,
                sensitive: lawsuits.sensitive,
              })
              .from(lawsuits)
              .where(inArray(lawsuits.cnj, part))),
          )
        return rows
      },
      (row) => row.cnj,
    )
    for (const [cnj, { db, row }] of stored) existing.set(cnj, { ...row, db })

    // A sensitive case (decisions/0064) never creates a person: its natural persons go in as initials.
    list ??= await loadSensitiveList(primary)
    // A matéria citing the case names a minor: the case is sensitive everywhere (decisions/0089).
    const minors = await casesNamingMinors(
      corpus,
      group.items.map((r) => r.cnj),
    )
    const sensitiveOf = (record: LawsuitRecord) =>
      isSensitiveCase(list as SensitiveList, record) ||
      !!existing.get(record.cnj)?.sensitive ||
      minors.has(record.cnj)
    const personIds = await ensurePeople(
      { db: primary, corpus },
      group.items
        .flatMap((r) => r.parties.filter((p) => !sensitiveOf(r) || !isNaturalPerson(p)).map((p) => p.name))
        .filter(isRealPersonName),
    )

    for (const record of group.items) {
      const sum = checksumOf(record)
      const found = existing.get(record.cnj)
      const sums = parseSums(found?.checksum)
      if (found && sums[record.source] === sum) {
        counts.unchanged++
        continue
      }
      sums[record.source] = sum
      const sensitive = sensitiveOf(record) ? 1 : 0
      const known = {
        court: record.court,
        degree: record.degree,
        classCode: record.classCode,
        className: readableCase(record.className),
        judgingBody: record.judgingBody,
        judgingBodyCode: record.judgingBodyCode,
        cityCode: record.cityCode,
        filedAt: record.filedAt,
        updatedAt: record.updatedAt,
      }
      const defined = Object.fromEntries(
        Object.entries(known).filter(([, v]) => v !== undefined && v !== null),
      )
      let id: number
      const db = found?.db ?? newest
      if (found) {
        id = found.id
        await db
          .update(lawsuits)
          // A source that does not know a case is secret must never make it public again.
          .set({
            ...defined,
            secrecyLevel: sql`max(${lawsuits.secrecyLevel}, ${record.secrecyLevel})`,
            sensitive: sql`max(${lawsuits.sensitive}, ${sensitive})`,
            checksum: JSON.stringify(sums),
            // Changed now: the monitoring sweep of this moment's window looks at it again.
            importedAt: Date.now(),
          })
          .where(eq(lawsuits.id, id))
        counts.updated++
      } else {
        const [row] = await db
          .insert(lawsuits)
          .values({
            cnj: record.cnj,
            ...defined,
            court: record.court,
            secrecyLevel: record.secrecyLevel,
            sensitive,
            source: record.source,
            checksum: JSON.stringify(sums),
            ...idOf('lawsuits'),
          })
          .returning({ id: lawsuits.id })
        if (!row) throw new Error(`lawsuit ${record.cnj} not inserted`)
        id = row.id
        existing.set(record.cnj, { id, checksum: JSON.stringify(sums), sensitive, db })
        counts.imported++
      }
      await writeChildren(db, id, record, personIds, !!sensitive)
      // Sensitive through what another source stored (a subject), or its matérias came first.
      await syncCopy(stored.get(record.cnj), 'lawsuits')
      // Masked in every database it reaches: its matérias and its people may be in other shards.
      // After the copy above, so that in a split's window the copy readers use is the masked one.
      if (sensitive || (await storedSensitive(db, id, list)))
        await maskLawsuit({ db: primary, corpus, suggestions }, id)
    }
  }
  return counts
}

function parseSums(text: string | undefined): Record<string, string> {
  try {
    const value = JSON.parse(text ?? '{}') as unknown
    return value && typeof value === 'object' ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/**
 * Whether the stored class or subjects of a lawsuit are on the sensitive list: read in the
 * lawsuit's shard, checked against the primary's list (a shard keeps no list of its own).
 */
async function storedSensitive(db: Database, lawsuitId: number, list: SensitiveList): Promise<boolean> {
  const rows = await db.all<{ classCode: number | null; subject: number | null }>(sql`
    SELECT l.class_code AS classCode, s.code AS subject FROM lawsuits l
      LEFT JOIN lawsuit_subjects s ON s.lawsuit_id = l.id WHERE l.id = ${lawsuitId}`)
  return rows.some(
    (r) =>
      (r.classCode != null && list.classes.has(r.classCode)) ||
      (r.subject != null && list.subjects.has(r.subject)),
  )
}

async function writeChildren(
  db: Database,
  lawsuitId: number,
  record: LawsuitRecord,
  personIds: Map<string, number>,
  sensitive: boolean,
) {
  const statements: BatchItem<'sqlite'>[] = []
  for (const i of record.instances ?? [])
    statements.push(
      db
        .insert(lawsuitInstances)
        .values({ lawsuitId, ...i, className: readableCase(i.className) })
        .onConflictDoUpdate({
          target: [lawsuitInstances.lawsuitId, lawsuitInstances.degree, lawsuitInstances.court],
          set: { classCode: i.classCode, className: readableCase(i.className), judgingBody: i.judgingBody },
        }),
    )
  const subjects = record.subjects.map((s) => ({ lawsuitId, code: s.code, name: s.name }))
  for (const part of chunk(subjects, rowsPerInsert(3)))
    statements.push(db.insert(lawsuitSubjects).values(part).onConflictDoNothing())
  const importedAt = Date.now()
  const moves = record.movements.map((m) => ({
    lawsuitId,
    importedAt,
    at: m.at,
    code: m.code,
    name: m.name,
    complements: m.complements,
  }))
  for (const part of chunk(moves, rowsPerInsert(6)))
    statements.push(db.insert(movements).values(part).onConflictDoNothing())
  // A sensitive case's natural persons are written as initials, never linked to a person.
  const shown = (p: { name: string }) => (sensitive && isNaturalPerson(p) ? initials(p.name) : p.name)
  const partyRows = record.parties.map((p) => ({
    lawsuitId,
    pole: p.pole,
    name: shown(p),
    personId:
      isRealPersonName(p.name) && shown(p) === p.name ? (personIds.get(slugify(p.name)) ?? null) : null,
  }))
  for (const part of chunk(partyRows, rowsPerInsert(4)))
    statements.push(db.insert(parties).values(part).onConflictDoNothing())
  await runBatched(db, statements)

  const withLawyers = record.parties.filter((p) => p.lawyers.length)
  const masked = record.parties.filter((p) => shown(p) !== p.name)
  if (!withLawyers.length && !masked.length) return
  const stored = await db
    .select({ id: parties.id, pole: parties.pole, name: parties.name })
    .from(parties)
    .where(eq(parties.lawsuitId, lawsuitId))
  const idOf = new Map(stored.map((p) => [`${p.pole}|${p.name}`, p.id]))
  // The name before masking, kept privately so a shorter list can give it back (decisions/0064).
  const originals = masked.flatMap((p) => {
    const partyId = idOf.get(`${p.pole}|${shown(p)}`)
    return partyId ? [{ partyId, name: p.name }] : []
  })
  for (const part of chunk(originals, rowsPerInsert(2)))
    await db.insert(maskedParties).values(part).onConflictDoNothing()
  const lawyerRows = withLawyers.flatMap((p) => {
    const partyId = idOf.get(`${p.pole}|${shown(p)}`)
    return partyId
      ? p.lawyers.map((l) => ({ partyId, name: l.name, oabNumber: l.oabNumber, oabUf: l.oabUf }))
      : []
  })
  // A lawyer this record places with one of its parties is there only: a re-import that reads
  // the pole better (issue 38: DJEN's lawyers all went to the polo ativo) moves it, never copies.
  const own = [...new Set(record.parties.flatMap((p) => idOf.get(`${p.pole}|${shown(p)}`) ?? []))]
  // D1 binds at most 100 values per statement: a record of that many parties moves nothing.
  const moved = (own.length <= 90 ? lawyerRows : []).map((l) =>
    db
      .delete(partyLawyers)
      .where(
        and(
          inArray(partyLawyers.partyId, own),
          ne(partyLawyers.partyId, l.partyId),
          eq(partyLawyers.name, l.name),
          eq(partyLawyers.oabNumber, l.oabNumber),
          eq(partyLawyers.oabUf, l.oabUf),
        ),
      ),
  )
  await runBatched(db, [
    ...moved,
    ...chunk(lawyerRows, rowsPerInsert(4)).map((part) =>
      db.insert(partyLawyers).values(part).onConflictDoNothing(),
    ),
  ])
}
