import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { deadlineSettings } from '~/db/schema-intimations'
import type { Outcome } from '~/domain/outcome'
import { t } from '~/i18n/pt-BR'
import { DEFAULT_REMINDER_DAYS } from '~/schemas/intimations'

// Per person: the reminders' days and the calendar feed's secret (issue 41 §3, decisions/0103).
// The feed's address is `/prazos/agenda/{token}.ics`, token = HMAC-SHA256(AUTH_SECRET, nonce): the
// database keeps the nonce and the token's sha256 (what a request is looked up by), so a copy of
// the database alone opens no one's calendar. A new nonce is a new address; the old one is gone.

type SettingsDeps = { db: Database; authSecret: () => Uint8Array; now: () => Date }

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')

async function tokenOf(secret: Uint8Array, nonce: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`agenda-prazos:${nonce}`))
  return b64url(mac)
}

export const tokenHash = async (token: string) =>
  hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))

export const feedPath = (token: string) => `/prazos/agenda/${token}.ics`

export async function reminderDaysOf(deps: { db: Database }, userId: number): Promise<number[]> {
  const [row] = await deps.db
    .select({ days: deadlineSettings.reminderDays })
    .from(deadlineSettings)
    .where(eq(deadlineSettings.userId, userId))
  return row?.days ?? DEFAULT_REMINDER_DAYS
}

/** The person's feed token, made on first use (a GET of `/prazos` may create it: it reveals nothing new). */
export async function feedToken(deps: SettingsDeps, userId: number): Promise<string> {
  const [row] = await deps.db.select().from(deadlineSettings).where(eq(deadlineSettings.userId, userId))
  if (row?.feedNonce) return tokenOf(deps.authSecret(), row.feedNonce)
  // Two first visits at once: the first nonce written wins, and both show its address.
  await newFeed(deps, userId, true)
  const [made] = await deps.db.select().from(deadlineSettings).where(eq(deadlineSettings.userId, userId))
  return tokenOf(deps.authSecret(), made?.feedNonce ?? '')
}

async function newFeed(deps: SettingsDeps, userId: number, onlyIfNone = false) {
  const nonce = b64url(crypto.getRandomValues(new Uint8Array(24)))
  const token = await tokenOf(deps.authSecret(), nonce)
  const hash = await tokenHash(token)
  const at = deps.now().getTime()
  await deps.db
    .insert(deadlineSettings)
    .values({
      userId,
      reminderDays: DEFAULT_REMINDER_DAYS,
      feedNonce: nonce,
      feedTokenHash: hash,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: deadlineSettings.userId,
      set: { feedNonce: nonce, feedTokenHash: hash, updatedAt: at },
      ...(onlyIfNone ? { setWhere: isNull(deadlineSettings.feedNonce) } : {}),
    })
  return { token }
}

/** "Gerar novo endereço": the old address stops working at once. */
export async function replaceFeed(deps: SettingsDeps, userId: number): Promise<Outcome> {
  const { token } = await newFeed(deps, userId)
  return {
    message: t('deadlines.feedReplaced'),
    redirect: '/prazos#agenda',
    body: { endereco: feedPath(token) },
  }
}

/** Whose feed a token opens, or null; never a closed (merged) account's, as it has no sessions. */
export async function feedOwner(deps: { db: Database }, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null
  const [row] = await deps.db
    .select({ userId: deadlineSettings.userId })
    .from(deadlineSettings)
    .innerJoin(users, eq(users.id, deadlineSettings.userId))
    .where(and(eq(deadlineSettings.feedTokenHash, await tokenHash(token)), isNull(users.mergedIntoId)))
  return row?.userId ?? null
}

export async function saveReminderDays(
  deps: { db: Database; now: () => Date },
  userId: number,
  days: number[],
): Promise<Outcome> {
  const at = deps.now().getTime()
  await deps.db
    .insert(deadlineSettings)
    .values({ userId, reminderDays: days, updatedAt: at })
    .onConflictDoUpdate({ target: deadlineSettings.userId, set: { reminderDays: days, updatedAt: at } })
  return {
    message: days.length ? t('deadlines.remindersSaved') : t('deadlines.remindersOff'),
    redirect: '/prazos#lembretes',
    body: { dias: days },
  }
}
