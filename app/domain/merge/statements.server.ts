import { sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { t } from '~/i18n/pt-BR'

const RENAMED = (s: number, o: number) =>
  `(SELECT lower(name) FROM users WHERE id = ${o}) <> (SELECT lower(name) FROM users WHERE id = ${s})`

/**
 * Every statement of one account merge (decisions/0033), in order, for ONE D1 batch: D1 runs a
 * batch as a single transaction, so the merge happens whole or not at all. Overlaps collapse with
 * `INSERT OR IGNORE` into the survivor and a delete of the closed account's rows; the counters are
 * kept by the existing triggers on those inserts and deletes, so counts stay exact.
 *
 * `s` survives, `o` is closed.
 */
export function mergeStatements(db: Database, s: number, o: number, now: number): BatchItem<'sqlite'>[] {
  // Drizzle cannot batch `db.run` with bound parameters; the values are integers checked here, so
  // they are written into the SQL text (as directory listings do).
  for (const value of [s, o, now])
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`merge: bad id ${value}`)
  const run = (text: string) => db.run(sql.raw(text))
  const name = (id: number) => `(SELECT name FROM users WHERE id = ${id})`
  const host = (id: number) => `'//' || (SELECT subdomain FROM users WHERE id = ${id}) || '.'`
  return [
    // What others were told the closed account did (followed them, commented, published) names
    // the survivor from now on (issue 28 §5, decisions/0059): the stored title begins with the
    // actor's name and a follower's link is their profile. First, while authorship still says
    // which comments and articles were the closed account's.
    run(`UPDATE notifications SET
        title = ${name(s)} || substr(title, length(${name(o)}) + 1),
        url = CASE WHEN kind = 'seguidor' THEN replace(url, ${host(o)}, ${host(s)}) ELSE url END
      WHERE substr(title, 1, length(${name(o)})) = ${name(o)}
        AND (dedupe_key LIKE 'seguidor:${o}:%'
          OR (kind IN ('comentario', 'resposta')
            AND dedupe_key IN (SELECT 'comentario:' || id FROM comments WHERE author_id = ${o}))
          OR (kind = 'artigo-comunidade' AND subject_kind = 'artigo'
            AND subject_id IN (SELECT id FROM articles WHERE author_id = ${o})))`),
    // Follows: the closed account's follows become the survivor's (one where both follow), never
    // a follow of oneself; who followed the closed account now follows the survivor.
    run(`INSERT OR IGNORE INTO follows (user_id, kind, target_id, membership, created_at)
      SELECT ${s}, kind, target_id, 0, created_at FROM follows
      WHERE user_id = ${o} AND NOT (kind = 'usuario' AND target_id IN (${s}, ${o}))`),
    run(`DELETE FROM follows WHERE user_id = ${o}`),
    run(`INSERT OR IGNORE INTO follows (user_id, kind, target_id, membership, created_at)
      SELECT user_id, 'usuario', ${s}, 0, created_at FROM follows
      WHERE kind = 'usuario' AND target_id = ${o} AND user_id <> ${s}`),
    run(`DELETE FROM follows WHERE kind = 'usuario' AND target_id = ${o}`),
    // Votes: one per person per article; where both voted, the survivor's vote stands.
    run(`INSERT OR IGNORE INTO article_votes (user_id, article_id, kind, created_at)
      SELECT ${s}, article_id, kind, created_at FROM article_votes WHERE user_id = ${o}`),
    run(`DELETE FROM article_votes WHERE user_id = ${o}`),
    // Writing keeps its dates and ids (links keep working); only the author changes.
    run(`UPDATE articles SET author_id = ${s} WHERE author_id = ${o}`),
    run(`UPDATE comments SET author_id = ${s} WHERE author_id = ${o}`),
    // Monitorings: the same lawsuit watched by both becomes the survivor's one, with both hit lists.
    run(`UPDATE OR IGNORE monitoring_hits SET monitoring_id = (
        SELECT mine.id FROM monitorings mine JOIN monitorings theirs ON theirs.cnj = mine.cnj
        WHERE mine.user_id = ${s} AND theirs.id = monitoring_hits.monitoring_id)
      WHERE monitoring_id IN (SELECT theirs.id FROM monitorings theirs JOIN monitorings mine
        ON mine.cnj = theirs.cnj AND mine.user_id = ${s} WHERE theirs.user_id = ${o})`),
    run(`INSERT OR IGNORE INTO monitoring_exclusions (monitoring_id, context_key, created_at)
      SELECT mine.id, e.context_key, e.created_at FROM monitoring_exclusions e
      JOIN monitorings theirs ON theirs.id = e.monitoring_id AND theirs.user_id = ${o}
      JOIN monitorings mine ON mine.cnj = theirs.cnj AND mine.user_id = ${s}`),
    run(`DELETE FROM monitorings WHERE user_id = ${o} AND cnj IN
      (SELECT cnj FROM monitorings WHERE user_id = ${s} AND cnj IS NOT NULL)`),
    // Intimações (decisions/0103) follow their OAB monitorings: under the survivor's monitoring of
    // the same inscription when she has one (a communication both received stays once, hers),
    // before that duplicate monitoring goes, which would take them along by cascade.
    run(`UPDATE OR IGNORE intimations SET user_id = ${s}, monitoring_id = coalesce((
        SELECT mine.id FROM monitorings mine JOIN monitorings theirs ON theirs.id = intimations.monitoring_id
        WHERE mine.user_id = ${s} AND mine.kind = 'oab' AND mine.oab = theirs.oab LIMIT 1), monitoring_id)
      WHERE user_id = ${o}`),
    run(`DELETE FROM intimations WHERE user_id = ${o}`),
    run(`DELETE FROM monitorings WHERE user_id = ${o} AND kind = 'oab' AND oab IN
      (SELECT oab FROM monitorings WHERE user_id = ${s} AND kind = 'oab')`),
    // Reminder days and the calendar address: the survivor's stand; the closed account's fill the
    // gap (its subscribed address keeps working, as the survivor's), else it stops with the account.
    run(`UPDATE OR IGNORE deadline_settings SET user_id = ${s} WHERE user_id = ${o}`),
    run(`DELETE FROM deadline_settings WHERE user_id = ${o}`),
    run(`UPDATE monitorings SET user_id = ${s} WHERE user_id = ${o}`),
    run(`UPDATE monitoring_hits SET user_id = ${s} WHERE user_id = ${o}`),
    // Webhook and e-mail choices: the survivor's stand; the closed account's fill the gaps.
    run(`INSERT OR IGNORE INTO webhooks (user_id, url, secret, created_at)
      SELECT ${s}, url, secret, created_at FROM webhooks WHERE user_id = ${o}`),
    run(`DELETE FROM webhooks WHERE user_id = ${o}`),
    run(`UPDATE webhook_deliveries SET user_id = ${s} WHERE user_id = ${o}`),
    run(`INSERT OR IGNORE INTO notification_preferences (user_id, kind_group, mode)
      SELECT ${s}, kind_group, mode FROM notification_preferences WHERE user_id = ${o}`),
    run(`DELETE FROM notification_preferences WHERE user_id = ${o}`),
    // What was sent to the closed account is the survivor's now.
    run(`UPDATE notifications SET user_id = ${s} WHERE user_id = ${o}`),
    run(`UPDATE professional_messages SET recipient_id = ${s} WHERE recipient_id = ${o}`),
    // The proof of identity is the person's, and both accounts are theirs: it goes with the claim.
    run(`UPDATE OR IGNORE identity_verifications SET user_id = ${s} WHERE user_id = ${o}`),
    run(`DELETE FROM identity_verifications WHERE user_id = ${o}`),
    // An accepted claim that changes to an account of another name is suspended, as a rename
    // suspends it (decisions/0047): the audit row first, while the claim is still 'aceita'.
    run(`INSERT INTO audit_log (actor_id, subject_kind, subject_id, action, reason, details)
      SELECT ${s}, 'reivindicacao', id, 'suspender', 'unir-contas', json_object('personId', person_id)
      FROM person_claims WHERE user_id = ${o} AND status = 'aceita' AND ${RENAMED(s, o)}`),
    run(`UPDATE person_claims SET status = 'suspensa', decided_at = ${now}, decided_by = NULL,
      reason = '${t('claims.reason.renamed').replace(/'/g, "''")}'
      WHERE user_id = ${o} AND status = 'aceita' AND ${RENAMED(s, o)}`),
    // A person page claimed by the closed account becomes the survivor's, unless it has its own.
    run(`UPDATE OR IGNORE person_claims SET user_id = ${s} WHERE user_id = ${o}`),
    run(`DELETE FROM person_claims WHERE user_id = ${o}`),
    // The closed profile leaves the directory; the survivor's profile is kept as it is.
    run(`DELETE FROM directory_listings WHERE user_id = ${o}`),
    // Closed: every session ends (sessions older than password_changed_at are void), no password;
    // its e-mail and Google login now lead to the survivor (decisions/0033).
    run(`UPDATE users SET merged_into_id = ${s}, password_hash = NULL, password_changed_at = ${now}
      WHERE id = ${o} AND merged_into_id IS NULL`),
    // Accounts that had been merged into the closed one now point at the survivor.
    run(`UPDATE users SET merged_into_id = ${s} WHERE merged_into_id = ${o}`),
  ]
}
