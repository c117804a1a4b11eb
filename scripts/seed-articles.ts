/**
 * Demo articles, votes and comments written straight into the local D1 SQLite file
 * (decisions/0027), after the demo directory: its professionals write, vote and comment. Votes
 * and comments go in with the triggers of migration 0014 on, so the counts are kept the way the
 * product keeps them; the seed then compares them with the rows and rolls back if one differs.
 * Nothing is generated when a generated professional has an article already.
 */
import type { DatabaseSync } from 'node:sqlite'
import { generateArticles } from '../app/fixtures/demo/articles/generate'
import { DIRECTORY_EMAIL_DOMAIN } from '../app/fixtures/demo/directory/generate'
import { insertAll } from './seed-directory'

const all = <T>(db: DatabaseSync, sql: string) => db.prepare(sql).all() as T[]
const one = (db: DatabaseSync, sql: string) => Number((db.prepare(sql).get() as { n: number }).n)

function assertExactCounts(db: DatabaseSync) {
  const wrong = one(
    db,
    `SELECT count(*) AS n FROM articles a WHERE
      a.positive_votes <> (SELECT count(*) FROM article_votes v WHERE v.article_id = a.id AND v.kind = 'POSITIVO')
      OR a.negative_votes <> (SELECT count(*) FROM article_votes v WHERE v.article_id = a.id AND v.kind = 'NEGATIVO')
      OR a.comment_count <> (SELECT count(*) FROM comments c WHERE c.article_id = a.id AND c.deleted_at IS NULL)`,
  )
  if (wrong) throw new Error(`seed: ${wrong} artigos com contagens erradas`)
}

export function seedArticles(
  db: DatabaseSync,
  options: { seed: number; count: number },
): { rows: Record<string, number>; seconds: number } {
  const started = performance.now()
  const generated = `'%@${DIRECTORY_EMAIL_DOMAIN}'`
  const done = one(
    db,
    `SELECT count(*) AS n FROM articles WHERE author_id IN (SELECT id FROM users WHERE email LIKE ${generated})`,
  )
  const people = all<{ id: number; createdAt: number; communityId: number | null }>(
    db,
    `SELECT u.id, u.created_at AS createdAt, f.target_id AS communityId FROM users u
      LEFT JOIN follows f ON f.user_id = u.id AND f.kind = 'comunidade' AND f.membership = 1
      WHERE u.email LIKE ${generated} GROUP BY u.id ORDER BY u.id`,
  )
  if (done || !people.length || options.count <= 0) return { rows: {}, seconds: 0 }
  const themes = Object.fromEntries(
    all<{ id: number; name: string }>(db, "SELECT id, name FROM communities WHERE kind = 'tema'").map((c) => [
      c.name,
      c.id,
    ]),
  )
  const data = generateArticles({
    seed: options.seed,
    count: options.count,
    firstArticleId: one(db, 'SELECT coalesce(max(id), 0) + 1 AS n FROM articles'),
    firstCommentId: one(db, 'SELECT coalesce(max(id), 0) + 1 AS n FROM comments'),
    people: people.map((p) => ({ ...p, createdAt: Number(p.createdAt) })),
    themes,
  })
  db.exec('BEGIN')
  try {
    // Articles first (counts at zero), then the rows the triggers count.
    for (const table of ['articles', 'article_votes', 'comments'] as const) insertAll(db, table, data[table])
    assertExactCounts(db)
    db.exec('COMMIT')
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
  return {
    rows: Object.fromEntries(Object.entries(data).map(([table, rows]) => [table, rows.length])),
    seconds: (performance.now() - started) / 1000,
  }
}
