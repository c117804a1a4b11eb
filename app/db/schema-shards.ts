import { sql } from 'drizzle-orm'
import { check, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

// The shard map and what moves and numbers the corpus across databases (decisions/0072, 0077,
// 0085): `corpus_shards` and `corpus_splits` in the primary, `shard_id_marks` in every corpus
// database. Kept apart from the corpus tables themselves (schema-corpus.ts).

/**
 * The shard map (decisions/0072), authoritative in the primary: one row per shard and id
 * sub-range. Readers use its published copy (KV), never this table per request.
 */
export const corpusShards = sqliteTable(
  'corpus_shards',
  {
    id: integer('id').primaryKey(),
    shard: integer('shard').notNull(),
    family: text('family').notNull(),
    periodFrom: text('period_from').notNull().default(''),
    periodTo: text('period_to').notNull().default('~'),
    idFrom: integer('id_from').notNull(),
    idTo: integer('id_to').notNull(),
    binding: text('binding').notNull(),
    createdAt: integer('created_at', { mode: 'number' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    uniqueIndex('corpus_shards_ids').on(t.idFrom),
    check('corpus_shards_ids_order', sql`${t.idFrom} < ${t.idTo}`),
    check('corpus_shards_period_order', sql`${t.periodFrom} < ${t.periodTo}`),
    check('corpus_shards_binding', sql`${t.binding} = 'DB' OR ${t.binding} GLOB 'CORPUS_[0-9]*'`),
  ],
)

/** A split of a map entry (decisions/0077): where the resumable job stands, in the primary. */
export const SPLIT_STEPS = [
  'copiar',
  'verificar',
  'trocar',
  'aguardar',
  'recopiar',
  'conferir',
  'apagar',
  'feito',
  'falhou',
] as const
export type SplitStep = (typeof SPLIT_STEPS)[number]
export const corpusSplits = sqliteTable(
  'corpus_splits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    entryId: integer('entry_id').notNull(),
    shard: integer('shard').notNull(),
    family: text('family').notNull(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    /** The moved sub-range [idFrom, idTo): the shard's older ids; the newer stay and keep growing. */
    idFrom: integer('id_from').notNull(),
    idTo: integer('id_to').notNull(),
    step: text('step', { enum: SPLIT_STEPS }).notNull().default('copiar'),
    /** Which table group of the family the step is in, and the last document id done in it. */
    groupIndex: integer('group_index').notNull().default(0),
    cursor: integer('cursor'),
    tally: text('tally', { mode: 'json' }).$type<SplitTally>().notNull().default({}),
    error: text('error'),
    switchedAt: integer('switched_at', { mode: 'number' }),
    createdAt: integer('created_at', { mode: 'number' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    updatedAt: integer('updated_at', { mode: 'number' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    uniqueIndex('corpus_splits_open').on(t.entryId).where(sql`${t.step} NOT IN ('feito', 'falhou')`),
    check('corpus_splits_ids_order', sql`${t.idFrom} < ${t.idTo}`),
    check('corpus_splits_databases', sql`${t.source} <> ${t.target}`),
    check(
      'corpus_splits_step',
      sql`${t.step} IN ('copiar', 'verificar', 'trocar', 'aguardar', 'recopiar', 'conferir', 'apagar', 'feito', 'falhou')`,
    ),
  ],
)
/** Per table: rows and checksum so far, in the source and in the target (the verify step). */
export type SplitTally = Record<string, { source: [number, number]; target: [number, number] }>

/**
 * The highest id each shard has ever given in each table of this database (decisions/0085),
 * kept by triggers on insert (migration 0035): a shard's next id is one past it, so an id freed
 * by a deletion (an orphaned person, a split's moved rows) is never given to another document
 * that the primary's references (de-indexed pages, follows, claims, alerts) would then name.
 */
export const shardIdMarks = sqliteTable(
  'shard_id_marks',
  {
    table: text('tbl').notNull(),
    shard: integer('shard').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.table, t.shard] })],
)
