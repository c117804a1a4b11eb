import { z } from 'zod'
import { type DocumentKey, type Family, KIND_NAMES, KINDS, type Placement } from './kinds'

export { courtFamily, type DocumentKey, type Placement, slugBucket } from './kinds'

// The shard rule and the shard map (decisions/0072). Pure: no bindings, no I/O; the layer that
// opens databases is shards.server.ts.

/** Ids per shard: shard n owns [n · SHARD_SPAN, (n + 1) · SHARD_SPAN); shard 0 is today's ids. */
export const SHARD_SPAN = 2 ** 36
/** The period that contains every other: a family kept whole. */
export const ALL_TIME = { from: '', to: '~' } as const

/** A document's family and period, from its kind's rule in the catalogue (kinds.ts). */
export function placementOf(key: DocumentKey): Placement {
  return KINDS[key.kind].place(key as never)
}

const entrySchema = z.object({
  shard: z.number().int().min(0),
  /** `dou`, `processo:8.26`, or a prefix ending in `:` (`processo:`) for every family under it; `*`: all. */
  family: z.string().min(1),
  from: z.string(),
  to: z.string(),
  idFrom: z.number().int().min(0),
  idTo: z.number().int().positive(),
  binding: z.string().regex(/^(DB|CORPUS_\d+)$/),
})
export type ShardEntry = z.infer<typeof entrySchema>
export const shardMapSchema = z.object({
  version: z.number().int().min(0),
  entries: z.array(entrySchema).min(1),
})
export type ShardMap = z.infer<typeof shardMapSchema>

/** No map published: every family in every period is the primary, ids as today. */
export const DEGENERATE_MAP: ShardMap = {
  version: 0,
  entries: [{ shard: 0, family: '*', ...ALL_TIME, idFrom: 0, idTo: SHARD_SPAN, binding: 'DB' }],
}

/** Does a map entry's family cover the family (or family prefix) asked about? */
export function familyOverlaps(entryFamily: string, asked: string): boolean {
  if (entryFamily === '*' || entryFamily === asked) return true
  if (entryFamily.endsWith(':') && asked.startsWith(entryFamily)) return true
  return asked.endsWith(':') && entryFamily.startsWith(asked)
}

const specificity = (entry: ShardEntry) => (entry.family === '*' ? 0 : entry.family.length)

/**
 * Where a new document goes: the most specific family entry whose period holds it, and of that
 * shard the newest id sub-range (a split leaves older sub-ranges where they moved).
 */
export function entryFor(map: ShardMap, placement: Placement): ShardEntry {
  const holding = map.entries.filter(
    (e) =>
      familyOverlaps(e.family, placement.family) &&
      !placement.family.endsWith(':') &&
      e.from <= placement.at &&
      placement.at < e.to,
  )
  const best = holding.sort((a, b) => specificity(b) - specificity(a) || b.idFrom - a.idFrom)[0]
  if (!best) throw new Error(`Mapa de shards sem lugar para ${placement.family} ${placement.at}`)
  return best
}

/**
 * Every entry of the shard a document belongs to (its family, the most specific, and its
 * period): where a read by natural key looks (one database, or a few after a split).
 */
export function entriesHolding(map: ShardMap, placement: Placement): ShardEntry[] {
  const best = entryFor(map, placement)
  return map.entries.filter((e) => e.shard === best.shard)
}

/** The entry whose id range holds a stored document's id (null: no shard owns it). */
export function entryById(map: ShardMap, id: number): ShardEntry | null {
  return map.entries.find((e) => e.idFrom <= id && id < e.idTo) ?? null
}

/** What a query can touch: families (or prefixes like `processo:`) and a period, both optional. */
export type ShardFilter = { families?: readonly Family[]; from?: string | null; to?: string | null }

/**
 * The entries a query must ask: those of the families it names whose period overlaps its own
 * (`to` inclusive, as the search's date filters are). No families: every entry.
 */
export function entriesFor(map: ShardMap, filter: ShardFilter = {}): ShardEntry[] {
  const { families, from, to } = filter
  return map.entries.filter(
    (e) =>
      (!families || families.some((f) => familyOverlaps(e.family, f))) &&
      (!from || from < e.to) &&
      (!to || e.from <= to),
  )
}

/** The distinct bindings of some entries, in the map's order. */
export function bindingsOf(entries: readonly ShardEntry[]): string[] {
  return [...new Set(entries.map((e) => e.binding))]
}

export type IdRange = { from: number; to: number }

/** The dates a database's entries span for a query's families: from the earliest `from` to the latest `to`. */
export type Period = { from: string; to: string }

/**
 * The period of a database's entries in a query (null: it holds none). Where a kind is placed by
 * the date it is listed by (`periodByDate`), every row the database answers with is dated within
 * it; entries apart in time count as their whole span, which can only overlap more.
 */
export function periodOf(map: ShardMap, binding: string, filter: ShardFilter = {}): Period | null {
  const held = entriesFor(map, filter).filter((e) => e.binding === binding)
  if (!held.length) return null
  return {
    from: held.map((e) => e.from).reduce((a, b) => (b < a ? b : a)),
    to: held.map((e) => e.to).reduce((a, b) => (b > a ? b : a)),
  }
}

/**
 * The ids a database answers for in a query (decisions/0077): while a split moves a sub-range of
 * a shard, its rows are in two databases for a while (copied before the switch, deleted only
 * after KV's grace), and each must answer only for the ids the map gives it there. Null when no
 * shard the query touches is in two databases: nothing to restrict (the statements stay today's).
 */
export function ownedRanges(map: ShardMap, binding: string, filter: ShardFilter = {}): IdRange[] | null {
  const touched = entriesFor(map, filter)
  const split = touched.some((e) => touched.some((o) => o.shard === e.shard && o.binding !== e.binding))
  if (!split) return null
  return touched.filter((e) => e.binding === binding).map((e) => ({ from: e.idFrom, to: e.idTo }))
}

/**
 * The map a local state gets with its demo corpus (`npm start`, the e2e database, the journeys'
 * site; decisions/0084): the families spread over the four local corpus bindings the way ADR
 * 0072 lays out, each family's shard over all its periods and ids in its own range, so every
 * page and search reads through more than one database, as production will.
 */
type LocalEntry = { shard: number; family: Family; binding: string }
export const LOCAL_SPREAD: readonly LocalEntry[] = [
  ...new Map(
    KIND_NAMES.flatMap((kind): readonly LocalEntry[] => KINDS[kind].local).map((e) => [e.family, e]),
  ).values(),
].sort((a, b) => a.shard - b.shard)
