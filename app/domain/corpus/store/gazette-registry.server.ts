import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { gazetteEditions, gazetteSections, gazettes } from '~/db/schema-corpus'
import { slugify } from '../import/text'

export type GazetteRef = {
  slug: string
  name: string
  sphere: 'federal' | 'estadual' | 'municipal' | 'judiciario'
  uf?: string | null
  cityCode?: number | null
}

/** An edition as a source names it: its date, number and whether it is an extra one. */
export type EditionRef = { date: string; number: string; extra: boolean }

/**
 * Where a matéria is written (decisions/0072, 0074): gazettes, editions and sections are
 * registered in the primary, which gives their ids, and copied by id to the matéria's shard, so
 * the views' joins work inside it. In the primary itself (the degenerate map) nothing is copied.
 */
export type Where = { primary: Database; shard: Database; binding: string }
export type Caches = {
  gazettes: Map<string, number>
  editions: Map<string, number>
  sections: Map<string, number>
}
export type Copies = Set<string>

/** Writes a registry row's copy into the shard once per import (its id is the primary's). */
async function copied(where: Where, copies: Copies, key: string, write: (db: Database) => Promise<unknown>) {
  if (where.shard === where.primary || copies.has(`${where.binding}|${key}`)) return
  await write(where.shard)
  copies.add(`${where.binding}|${key}`)
}

export async function gazetteId(
  where: Where,
  ref: GazetteRef,
  caches: Caches,
  copies: Copies,
): Promise<number> {
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

export async function editionId(where: Where, gid: number, e: EditionRef, caches: Caches, copies: Copies) {
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

export async function sectionId(where: Where, eid: number, name: string, caches: Caches, copies: Copies) {
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
