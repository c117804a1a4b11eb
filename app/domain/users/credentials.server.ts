import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import type { Limiters } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { guardPasswordGuess } from '~/domain/limits/rate-limits.server'
import { hashPassword, verifyPassword } from '~/domain/users/password.server'

/**
 * Passwords of the `users` table: every check of one (login, merge proof, password and e-mail
 * change) goes through `checkCredentials` or `assertPassword`, which spend the account's one
 * password-guess counter themselves (decisions/0046).
 */
type Db = { db: Database }

export type Credentials = { id: number; passwordChangedAt: number | null }

type GuessDeps = Db & { limits: Limiters }

/**
 * The account an e-mail logs in to: its own, or, for an account closed by a merge, the survivor,
 * but only when the closed account's address had been confirmed (decisions/0046): an unconfirmed
 * address proved nothing, so it leads nowhere.
 */
async function loginRow(deps: Db, email: string) {
  const columns = {
    id: users.id,
    hash: users.passwordHash,
    passwordChangedAt: users.passwordChangedAt,
    mergedIntoId: users.mergedIntoId,
    emailConfirmedAt: users.emailConfirmedAt,
  }
  const [row] = await deps.db
    .select(columns)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1)
  if (!row?.mergedIntoId) return row
  if (!row.emailConfirmedAt) return undefined
  const [survivor] = await deps.db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, row.mergedIntoId), isNull(users.mergedIntoId)))
    .limit(1)
  return survivor
}

/**
 * The account for an e-mail and password, or null. Always costs one PBKDF2 run, and spends the
 * account's one password-guess counter first (429 when spent), whoever asks.
 */
export async function checkCredentials(
  deps: GuessDeps,
  email: string,
  password: string,
): Promise<Credentials | null> {
  const row = await loginRow(deps, email)
  await guardPasswordGuess(deps, row?.id ?? email)
  const ok = await verifyPassword(password, row?.hash ?? null)
  return ok && row ? { id: row.id, passwordChangedAt: row.passwordChangedAt } : null
}

/**
 * Re-authentication: the account's current password, else the §5-style error under `senha`.
 * Spends the same per-account counter as a login (a stolen session cannot guess faster).
 */
export async function assertPassword(deps: GuessDeps, userId: number, password: string): Promise<void> {
  await guardPasswordGuess(deps, userId)
  const [row] = await deps.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!row || !(await verifyPassword(password, row.hash)))
    throw new DomainError('auth.wrongPassword', 422, { field: 'senha' })
}

export async function changePassword(
  deps: GuessDeps & { now: () => Date },
  userId: number,
  current: string,
  next: string,
): Promise<void> {
  await assertPassword(deps, userId, current)
  await setPassword(deps, userId, next)
}

/** Sets a password and bumps `password_changed_at`, which ends older sessions and reset links. */
export async function setPassword(deps: Db & { now: () => Date }, userId: number, password: string) {
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: deps.now().getTime() })
    .where(eq(users.id, userId))
}
