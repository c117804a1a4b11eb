import { type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'

/**
 * How complete a profile is, 0–100, in SQL so a listing is recomputed inside the batch that
 * changed the profile (decisions/0023). Only what the professional can fill counts; a photo and
 * specialties weigh most, being what a visitor choosing a professional looks at first.
 */
export const COMPLETENESS_SQL = `(
  (CASE WHEN u.photo_key IS NOT NULL THEN 25 ELSE 0 END)
  + 7 * min(3, (SELECT count(*) FROM user_specialties s WHERE s.user_id = u.id))
  + (CASE WHEN EXISTS (SELECT 1 FROM user_services v WHERE v.user_id = u.id) THEN 15 ELSE 0 END)
  + (CASE WHEN EXISTS (SELECT 1 FROM user_phones p WHERE p.user_id = u.id) THEN 15 ELSE 0 END)
  + (CASE WHEN EXISTS (SELECT 1 FROM user_service_cities x WHERE x.user_id = u.id) THEN 14 ELSE 0 END)
  + (CASE WHEN u.email_confirmed_at IS NOT NULL THEN 10 ELSE 0 END)
)`

/**
 * A professional of a directory profession is listed in their own city and in every city they
 * serve, with their follower count. `users` narrows the users by their id column (one user, or
 * all); it is applied inside the city union too, so one user's refresh reads only their rows.
 */
export function listingsInsertSql(users: (idColumn: string) => string): string {
  return `INSERT OR REPLACE INTO directory_listings
      (user_id, city_code, profession, uf, home, completeness, followers)
    SELECT u.id, c.code, dp.profession, c.uf, c.code IS u.city_code, ${COMPLETENESS_SQL},
      coalesce((SELECT f.followers FROM follow_counts f WHERE f.kind = 'usuario' AND f.target_id = u.id), 0)
    FROM (
      SELECT id AS user_id, city_code FROM users WHERE city_code IS NOT NULL AND ${users('id')}
      UNION SELECT user_id, city_code FROM user_service_cities WHERE ${users('user_id')}
    ) uc
    JOIN users u ON u.id = uc.user_id
    JOIN directory_professions dp ON dp.occupation_code = u.occupation_code
    JOIN cities c ON c.code = uc.city_code
    WHERE u.kind = 'profissional'`
}

function forUser(userId: number): SQL {
  // The id is an integer from our own session or route, checked here before it meets raw SQL.
  if (!Number.isSafeInteger(userId)) throw new Error(`user id ${userId}`)
  return sql.raw(listingsInsertSql((column) => `${column} = ${userId}`))
}

/** The statements that recompute one user's listings, for the caller's batch (one transaction). */
export function listingRefresh(db: Database, userId: number): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  // forUser checks the id; Drizzle's D1 batch only runs raw SQL without bound parameters.
  const insert = forUser(userId)
  return [db.run(sql.raw(`DELETE FROM directory_listings WHERE user_id = ${userId}`)), db.run(insert)]
}

export async function refreshListing(deps: { db: Database }, userId: number): Promise<void> {
  await deps.db.batch(listingRefresh(deps.db, userId))
}

/** Every professional at once: the seed and the bench, after writing users straight to SQLite. */
export const REBUILD_ALL_LISTINGS_SQL = `DELETE FROM directory_listings; ${listingsInsertSql(() => '1')};`
