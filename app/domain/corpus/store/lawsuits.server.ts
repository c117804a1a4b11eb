import { eq, inArray, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { lawsuitSubjects, lawsuits, movements, parties, partyLawyers } from '~/db/schema-corpus'
import { readableCase } from '~/lib/labels'
import { checksumOf, slugify } from '../import/text'
import { emptyCounts, type ImportCounts } from '../import/types'
import { chunk, rowsPerInsert, runBatched } from './batch.server'
import { ensurePeople } from './entities.server'

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
}

/** Placeholder names courts publish for secret parties are never turned into people. */
export function isRealPersonName(name: string): boolean {
  return !/SIGILOS|SEGREDO DE JUSTI/i.test(name) && slugify(name).length > 2
}

/**
 * Inserts or merges lawsuits. A number already stored is updated with the fields this source
 * knows (others keep their values); subjects, parties, lawyers and movements are added, never
 * duplicated. Each source's checksum is kept, so re-importing the same data changes nothing.
 */
export async function upsertLawsuits(db: Database, records: LawsuitRecord[]): Promise<ImportCounts> {
  const counts = emptyCounts()
  const existing = new Map<string, { id: number; checksum: string }>()
  for (const part of chunk(
    records.map((r) => r.cnj),
    90,
  )) {
    for (const row of await db
      .select({ id: lawsuits.id, cnj: lawsuits.cnj, checksum: lawsuits.checksum })
      .from(lawsuits)
      .where(inArray(lawsuits.cnj, part)))
      existing.set(row.cnj, { id: row.id, checksum: row.checksum })
  }

  const personIds = await ensurePeople(
    db,
    records.flatMap((r) => r.parties.map((p) => p.name)).filter(isRealPersonName),
  )

  for (const record of records) {
    const sum = checksumOf(record)
    const found = existing.get(record.cnj)
    const sums = parseSums(found?.checksum)
    if (found && sums[record.source] === sum) {
      counts.unchanged++
      continue
    }
    sums[record.source] = sum
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
    const defined = Object.fromEntries(Object.entries(known).filter(([, v]) => v !== undefined && v !== null))
    let id: number
    if (found) {
      id = found.id
      await db
        .update(lawsuits)
        // A source that does not know a case is secret must never make it public again.
        .set({
          ...defined,
          secrecyLevel: sql`max(${lawsuits.secrecyLevel}, ${record.secrecyLevel})`,
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
          source: record.source,
          checksum: JSON.stringify(sums),
        })
        .returning({ id: lawsuits.id })
      if (!row) throw new Error(`lawsuit ${record.cnj} not inserted`)
      id = row.id
      existing.set(record.cnj, { id, checksum: JSON.stringify(sums) })
      counts.imported++
    }
    await writeChildren(db, id, record, personIds)
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

async function writeChildren(
  db: Database,
  lawsuitId: number,
  record: LawsuitRecord,
  personIds: Map<string, number>,
) {
  const statements: BatchItem<'sqlite'>[] = []
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
  const partyRows = record.parties.map((p) => ({
    lawsuitId,
    pole: p.pole,
    name: p.name,
    personId: isRealPersonName(p.name) ? (personIds.get(slugify(p.name)) ?? null) : null,
  }))
  for (const part of chunk(partyRows, rowsPerInsert(4)))
    statements.push(db.insert(parties).values(part).onConflictDoNothing())
  await runBatched(db, statements)

  const withLawyers = record.parties.filter((p) => p.lawyers.length)
  if (!withLawyers.length) return
  const stored = await db
    .select({ id: parties.id, pole: parties.pole, name: parties.name })
    .from(parties)
    .where(eq(parties.lawsuitId, lawsuitId))
  const idOf = new Map(stored.map((p) => [`${p.pole}|${p.name}`, p.id]))
  const lawyerRows = withLawyers.flatMap((p) => {
    const partyId = idOf.get(`${p.pole}|${p.name}`)
    return partyId
      ? p.lawyers.map((l) => ({ partyId, name: l.name, oabNumber: l.oabNumber, oabUf: l.oabUf }))
      : []
  })
  await runBatched(
    db,
    chunk(lawyerRows, rowsPerInsert(4)).map((part) =>
      db.insert(partyLawyers).values(part).onConflictDoNothing(),
    ),
  )
}
