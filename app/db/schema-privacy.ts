import { sql } from 'drizzle-orm'
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { decisions, gazetteArticles, parties } from './schema-corpus'

// Sensitive cases masked automatically (issue 30, decisions/0064 and 0065; migration 0028).

const now = () => sql`(cast(unixepoch('subsec') * 1000 as integer))`

/** Each version of the sensitive-code list; the newest is the one in force. */
export const sensitiveListVersions = sqliteTable('sensitive_list_versions', {
  version: integer('version').primaryKey(),
  note: text('note').notNull(),
  createdAt: integer('created_at', { mode: 'number' }).notNull().default(now()),
})

/** TPU classes and subjects whose cases are sensitive by law, each with its subtree root and basis. */
export const sensitiveCodes = sqliteTable(
  'sensitive_codes',
  {
    kind: text('kind', { enum: ['classe', 'assunto'] }).notNull(),
    code: integer('code').notNull(),
    name: text('name').notNull(),
    root: integer('root').notNull(),
    basis: text('basis').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.code] })],
)

/** One re-mask walk per list version: where it stands (phase and last id), resumable. */
export const remaskRuns = sqliteTable('remask_runs', {
  version: integer('version').primaryKey(),
  phase: text('phase', { enum: ['processos', 'materias', 'decisoes', 'fim'] })
    .notNull()
    .default('processos'),
  cursor: integer('cursor').notNull().default(0),
  touched: integer('touched').notNull().default(0),
  startedAt: integer('started_at', { mode: 'number' }).notNull().default(now()),
  finishedAt: integer('finished_at', { mode: 'number' }),
})

/** The name a party had before masking; private, read only to un-mask. */
export const maskedParties = sqliteTable('masked_parties', {
  partyId: integer('party_id')
    .primaryKey()
    .references(() => parties.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Masked by a reviewer's decision on this removal request (decisions/0071): never un-masked. */
  requestId: integer('request_id'),
})

/** A matéria's text (and the people it named) before masking; private, read only to un-mask. */
export const maskedArticles = sqliteTable('masked_articles', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => gazetteArticles.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  people: text('people').notNull().default('[]'),
  /** Masked by a reviewer's decision on this removal request (decisions/0071): never un-masked. */
  requestId: integer('request_id'),
})

/**
 * A decision's texts before masking (decisions/0071): a decision of a sensitive matter (its class,
 * chamber or case) or masked on request. Its row here means it is masked; never read by a page.
 */
export const maskedDecisions = sqliteTable('masked_decisions', {
  decisionId: integer('decision_id')
    .primaryKey()
    .references(() => decisions.id, { onDelete: 'cascade' }),
  summary: text('summary').notNull(),
  fullText: text('full_text'),
  requestId: integer('request_id'),
})
