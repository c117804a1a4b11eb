import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { intimations } from '~/db/schema-intimations'
import { monitorings } from '~/db/schema-monitoring'
import { oabKey, parseOab } from '~/schemas/oab'
import type { DjenCommunication } from './communications'
import { countDeadline, storedCorrection } from './deadline'
import { countedColumns, suspensionLookup } from './recount.server'

/** Long enough for any intimação the DJEN publishes; a row stays far below D1's 1 MB. */
const MAX_BODY = 200_000
/** D1 binds at most 100 parameters per statement. */
const IN_CHUNK = 90

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** The OAB keys a communication names ("RJ94719"), each once. */
export function oabKeysOf(communication: Pick<DjenCommunication, 'lawyers'>): string[] {
  const keys = new Set<string>()
  for (const lawyer of communication.lawyers) {
    const oab = parseOab(lawyer.number, lawyer.uf)
    if (oab) keys.add(oabKey(oab))
  }
  return [...keys]
}

export type RecordTotals = { created: number; withdrawn: number; updated: number }

/**
 * Every DJEN communication naming a monitored OAB becomes an intimação of that monitoring's
 * owner (issue 41 §1), whatever its date and whichever path brought it (`npm run import -- djen`,
 * the DJEN fetch): both call this from the DJEN store path. Once per person and communication; a
 * communication seen again changes nothing unless it changed: a cancelled one (`ativo: false`,
 * `status: "C"`) withdraws its deadline, a changed text is counted again (the lawyer's correction
 * kept). New rows wait for the cron's announcement (announce.server.ts): this path may run outside
 * the Worker (the import script), where no queue is at hand.
 */
export async function recordCommunications(
  db: Database,
  communications: DjenCommunication[],
  now: () => Date = () => new Date(),
): Promise<RecordTotals> {
  const totals: RecordTotals = { created: 0, withdrawn: 0, updated: 0 }
  const keysOf = new Map(communications.map((c) => [c.id, oabKeysOf(c)]))
  const allKeys = [...new Set([...keysOf.values()].flat())]
  if (!allKeys.length) return totals
  const watchers: { id: number; userId: number; oab: string | null }[] = []
  for (const part of chunks(allKeys, IN_CHUNK))
    watchers.push(
      ...(await db
        .select({ id: monitorings.id, userId: monitorings.userId, oab: monitorings.oab })
        .from(monitorings)
        .where(and(eq(monitorings.kind, 'oab'), inArray(monitorings.oab, part)))),
    )
  if (!watchers.length) return totals

  const named = communications.filter((c) =>
    (keysOf.get(c.id) ?? []).some((k) => watchers.some((w) => w.oab === k)),
  )
  const existing = new Map<string, typeof intimations.$inferSelect>()
  for (const part of chunks(
    named.map((c) => c.id),
    IN_CHUNK,
  ))
    for (const row of await db.select().from(intimations).where(inArray(intimations.communicationId, part)))
      existing.set(`${row.userId}:${row.communicationId}`, row)

  const at = now().getTime()
  const lookup = suspensionLookup(db)
  const writes = []
  for (const c of named) {
    const keys = keysOf.get(c.id) ?? []
    // One intimação per person, even when two of her inscriptions are named (the first one kept).
    const byUser = new Map<number, { id: number; oab: string }>()
    for (const w of watchers)
      if (w.oab && keys.includes(w.oab) && !byUser.has(w.userId))
        byUser.set(w.userId, { id: w.id, oab: w.oab })
    const facts = {
      availableOn: c.availableOn,
      court: c.court,
      body: c.text.slice(0, MAX_BODY),
      kind: c.kind,
      documentType: c.documentType,
      className: c.className,
      classCode: c.classCode,
      lawsuitCnj: c.cnj,
      organ: c.organ,
      active: c.active,
    }
    for (const [userId, monitoring] of byUser) {
      const row = existing.get(`${userId}:${c.id}`)
      if (!row) {
        // A communication cancelled before it was ever seen tells the lawyer nothing.
        if (!c.active) continue
        const counted = await countDeadline(lookup, facts, null)
        writes.push(
          db
            .insert(intimations)
            .values({
              userId,
              monitoringId: monitoring.id,
              oab: monitoring.oab,
              communicationId: c.id,
              ...facts,
              ...countedColumns(null, counted),
              createdAt: at,
              updatedAt: at,
            })
            .onConflictDoNothing(),
        )
        totals.created++
        continue
      }
      if (
        row.active === c.active &&
        row.body === facts.body &&
        row.availableOn === c.availableOn &&
        row.organ === facts.organ
      )
        continue
      const counted = await countDeadline(lookup, facts, storedCorrection(row.correction))
      writes.push(
        db
          .update(intimations)
          .set({
            ...facts,
            ...countedColumns(row, counted),
            updatedAt: at,
          })
          .where(eq(intimations.id, row.id)),
      )
      if (row.active && !c.active) totals.withdrawn++
      else totals.updated++
    }
  }
  for (const part of chunks(writes, 50)) {
    const [first, ...rest] = part
    if (first) await db.batch([first, ...rest])
  }
  return totals
}
