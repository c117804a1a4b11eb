import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { DomainError } from '~/domain/errors'
import type { MessageKey } from '~/i18n/pt-BR'
import { todayIso } from '~/lib/dates'

/** An account is new for its first seven days: its daily caps are smaller (decisions/0049). */
export const NEW_ACCOUNT_DAYS = 7
const DAY_MS = 86_400_000

type Cap = { newAccount: number; everyone: number; message: MessageKey }

/**
 * What one account may do per Brazilian day among the actions that write rows for other people
 * (issue 27 item 6). A person writing for real stays far below; a script hits the cap the same
 * day. The messages name the numbers: keep them in step (test/unit/caps-network.test.ts).
 */
export const DAILY_CAPS = {
  /** Each article is fanned out to every follower of its community. */
  artigo: { newAccount: 3, everyone: 10, message: 'quota.articles' },
  /** Each comment or reply notifies the article's author or the comment's. */
  comentario: { newAccount: 30, everyone: 200, message: 'quota.comments' },
  /** Each new follower of a person notifies them. */
  seguir: { newAccount: 100, everyone: 400, message: 'quota.follows' },
  /** Each vote on someone else's article rewrites their daily "recebeu N votos". */
  voto: { newAccount: 200, everyone: 1000, message: 'quota.votes' },
} as const satisfies Record<string, Cap>

export type QuotaAction = keyof typeof DAILY_CAPS

/** Messages to professionals come from visitors: counted per address, per day. */
export const MESSAGES_PER_ADDRESS_PER_DAY = 20
/** Removal requests come from visitors too (decisions/0066): a person files a few, not dozens. */
export const REMOVALS_PER_ADDRESS_PER_DAY = 5

type QuotaDeps = { db: Database; now: () => Date }

/**
 * Spends one of the account's `action` slots for today, or throws the action's 429 when they are
 * spent. One statement: the upsert moves the counter only while it is under the cap, and the cap
 * depends on the account's age, read in the same statement; D1 runs statements one at a time,
 * so concurrent requests take slots strictly in turn (issue 27 item 7). Call it after the input
 * is known to be valid and before anything is written.
 */
export async function takeDailyQuota(deps: QuotaDeps, userId: number, action: QuotaAction): Promise<void> {
  const cap = DAILY_CAPS[action]
  const now = deps.now().getTime()
  const cutoff = now - NEW_ACCOUNT_DAYS * DAY_MS
  const capOf = sql`(SELECT CASE WHEN u.created_at > ${cutoff} THEN ${cap.newAccount} ELSE ${cap.everyone} END
    FROM users u WHERE u.id = ${userId})`
  const taken = await spend(deps, `u:${userId}`, action, capOf)
  if (!taken) throw new DomainError(cap.message, 429)
}

/** A visitor's address as a quota subject: a keyed hash, so the table never holds an address. */
export async function addressSubject(
  deps: { authSecret: () => Uint8Array },
  address: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(deps.authSecret()),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const digest = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`quota|${address}`))
  return `ip:${[...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** The same for a visitor's address, with a fixed cap. */
export async function takeAddressQuota(
  deps: QuotaDeps & { authSecret: () => Uint8Array },
  address: string,
  action: 'mensagem' | 'remocao',
  cap: number,
  message: MessageKey,
): Promise<void> {
  if (!(await spend(deps, await addressSubject(deps, address), action, sql`${cap}`)))
    throw new DomainError(message, 429)
}

async function spend(deps: QuotaDeps, subject: string, action: string, cap: ReturnType<typeof sql>) {
  const day = todayIso(deps.now())
  const rows = await deps.db.all<{ used: number }>(sql`
    INSERT INTO daily_quotas (subject, action, day, used)
    SELECT ${subject}, ${action}, ${day}, 1 WHERE ${cap} >= 1
    ON CONFLICT (subject, action, day) DO UPDATE SET used = used + 1 WHERE used < ${cap}
    RETURNING used`)
  return rows.length > 0
}

/** Yesterday's counters and older are of no use (the cron prunes them). */
export function pruneDailyQuotas(deps: QuotaDeps) {
  return deps.db.run(sql`DELETE FROM daily_quotas WHERE day < ${todayIso(deps.now())}`)
}
