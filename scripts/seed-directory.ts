/**
 * The demo directory written straight into the local D1 SQLite file (decisions/0025): the
 * generated professionals, then the six named demo accounts of the README (last, so the home
 * page's "newest professionals" shows them), then memberships and listings rebuilt with the same
 * SQL the product runs. One transaction; nothing is generated twice.
 */
import type { DatabaseSync } from 'node:sqlite'
import { getTableColumns } from 'drizzle-orm'
import { users } from '../app/db/schema'
import { REBUILD_ALL_LISTINGS_SQL } from '../app/domain/directory/listings.server'
import { DIRECTORY_PROFESSIONS } from '../app/domain/directory/professions'
import { MEMBERSHIP_BACKFILL_SQL } from '../app/domain/follows/membership.server'
import { EMAIL_GROUPS } from '../app/domain/notifications/email-groups'
import type { Batch } from '../app/fixtures/corpus'
import { DIRECTORY_EMAIL_DOMAIN, generateDirectory } from '../app/fixtures/demo/directory/generate'
import { DEMO_USERS } from '../app/fixtures/demo/users'

type Row = Batch['rows'][number]

export function insertAll(db: DatabaseSync, table: string, rows: Row[], verb = 'INSERT') {
  const first = rows[0]
  if (!first) return
  const columns = Object.keys(first)
  const statement = db.prepare(
    `${verb} INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  )
  for (const row of rows) statement.run(...columns.map((c) => row[c] ?? null))
}

const all = <T>(db: DatabaseSync, sql: string, ...params: (string | number)[]) =>
  db.prepare(sql).all(...params) as T[]

/** The named demo accounts as `users` rows (Drizzle's property names → column names). */
function demoUserRows(passwordHash: string, confirmedAt: number): Row[] {
  const columns = getTableColumns(users)
  return DEMO_USERS.map((user) => {
    const row: Row = {}
    for (const [key, value] of Object.entries({ ...user, passwordHash, emailConfirmedAt: confirmedAt }))
      row[columns[key as keyof typeof columns].name] = (value ?? null) as Row[string]
    return row
  })
}

/** The triggers keep the counts; the seed checks they ended equal to the rows, or writes nothing. */
function assertExactCounts(db: DatabaseSync) {
  const checks = {
    follow_counts: `SELECT count(*) AS n FROM follow_counts c WHERE c.followers <>
      (SELECT count(*) FROM follows f WHERE f.kind = c.kind AND f.target_id = c.target_id)`,
    'communities.member_count': `SELECT count(*) AS n FROM communities c WHERE c.member_count <>
      (SELECT count(*) FROM follows f WHERE f.kind = 'comunidade' AND f.target_id = c.id AND f.membership)`,
    'directory_listings.followers': `SELECT count(*) AS n FROM directory_listings l WHERE l.followers <>
      coalesce((SELECT c.followers FROM follow_counts c WHERE c.kind = 'usuario' AND c.target_id = l.user_id), 0)`,
  }
  for (const [what, sql] of Object.entries(checks)) {
    const { n } = db.prepare(sql).get() as { n: number }
    if (n) throw new Error(`seed: ${n} contagens erradas em ${what}`)
  }
}

export type DirectorySeed = {
  generated: number
  demo: number
  seconds: number
  /** Seconds per phase: writing the rows, memberships, listings. */
  phases: Record<string, number>
  rows: Record<string, number>
}

export function seedDirectory(
  db: DatabaseSync,
  options: { seed: number; count: number; passwordHash: string },
): DirectorySeed {
  const started = performance.now()
  const phases: Record<string, number> = {}
  let mark = started
  const lap = (phase: string) => {
    const now = performance.now()
    phases[phase] = Math.round(now - mark) / 1000
    mark = now
  }
  const already = db
    .prepare('SELECT 1 FROM users WHERE email LIKE ? LIMIT 1')
    .get(`%@${DIRECTORY_EMAIL_DOMAIN}`)
  const rows: Record<string, number> = {}
  const count = already ? 0 : options.count
  const before = Number((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n)
  db.exec('BEGIN')
  try {
    if (count > 0) {
      const codes = DIRECTORY_PROFESSIONS.flatMap((p) => p.codes)
      const marks = codes.map(() => '?').join(', ')
      const titles = Object.fromEntries(
        all<{ code: string; title: string }>(
          db,
          `SELECT code, title FROM occupations WHERE code IN (${marks})`,
          ...codes,
        ).map((r) => [r.code, r.title]),
      )
      const { next } = db.prepare('SELECT coalesce(max(id), 0) + 1 AS next FROM users').get() as {
        next: number
      }
      const batches = generateDirectory({
        seed: options.seed,
        count,
        firstId: Number(next),
        cities: all(db, 'SELECT code, name, uf, slug FROM cities ORDER BY code'),
        specialties: all(
          db,
          'SELECT id, occupation_code AS occupationCode, title FROM specialties ORDER BY id',
        ),
        titles,
        themeIds: all<{ id: number }>(db, "SELECT id FROM communities WHERE kind = 'tema' ORDER BY id").map(
          (r) => r.id,
        ),
        passwordHash: options.passwordHash,
        taken: [
          ...DEMO_USERS.map((u) => u.subdomain),
          ...all<{ subdomain: string }>(db, 'SELECT subdomain FROM users').map((r) => r.subdomain),
        ],
      })
      for (const batch of batches) {
        insertAll(db, batch.table, batch.rows)
        rows[batch.table] = (rows[batch.table] ?? 0) + batch.rows.length
      }
    }
    // The named accounts (README), with their logins; kept when they exist already.
    insertAll(db, 'users', demoUserRows(options.passwordHash, Date.now()), 'INSERT OR IGNORE')
    lap('linhas')
    const after = Number((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n)
    if (after > before) {
      // Follows fire the count triggers (follow_counts, communities.member_count) row by row.
      db.exec(MEMBERSHIP_BACKFILL_SQL)
      // A generated member joined their community when they signed up, not when the seed ran.
      db.exec(`UPDATE follows SET created_at = (SELECT u.created_at FROM users u WHERE u.id = follows.user_id)
        WHERE membership = 1 AND user_id IN (SELECT id FROM users WHERE email LIKE '%@${DIRECTORY_EMAIL_DOMAIN}')`)
      lap('comunidades')
      // Generated people never read mail: they choose "Nunca" for notification e-mails, so a day's
      // digest (decisions/0030) does not mail thousands of them and bury the dev mailbox.
      db.exec(`INSERT OR IGNORE INTO notification_preferences (user_id, kind_group, mode)
        SELECT u.id, g.name, 'nunca' FROM users u
        CROSS JOIN (${EMAIL_GROUPS.map((group) => `SELECT '${group}' AS name`).join(' UNION ALL ')}) g
        WHERE u.email LIKE '%@${DIRECTORY_EMAIL_DOMAIN}'`)
      db.exec(REBUILD_ALL_LISTINGS_SQL)
      lap('listagens')
      assertExactCounts(db)
    }
    db.exec('COMMIT')
    return {
      generated: count,
      demo: after - before - count,
      seconds: (performance.now() - started) / 1000,
      phases,
      rows,
    }
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}
