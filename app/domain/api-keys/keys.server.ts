import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { apiKeys } from '~/db/schema-accounts'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { requireConfirmedEmail } from '~/domain/users/confirmed.server'
import { t } from '~/i18n/pt-BR'
import type { ApiKeyCreateInput } from '~/schemas/api-keys'

// Keys of the open API (decisions/0063): a random secret shown once, stored as its SHA-256, so a
// leaked database does not leak working keys; the first characters stay to tell keys apart.

/** Active keys a user may hold at once. */
export const MAX_ACTIVE_KEYS = 10
const SECRET_PREFIX = 'je_'
/** What the owner sees of a key after its creation. */
const SHOWN_CHARS = 10

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  const text = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  return `${SECRET_PREFIX}${text}`
}

export type ApiKeyRow = {
  id: number
  name: string
  prefix: string
  createdAt: number
  lastUsedAt: number | null
  revokedAt: number | null
  usageCount: number
}

/** The owner's keys, newest first (the "API" tab of "Conta"). */
export async function listKeys(deps: { db: Database }, userId: number): Promise<ApiKeyRow[]> {
  return deps.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      usageCount: apiKeys.usageCount,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
}

/**
 * A new key: the secret goes back once in the answer (`chave`), never again; the page shows it
 * with the warning. At most MAX_ACTIVE_KEYS active keys per user.
 */
export async function createKey(
  deps: { db: Database },
  userId: number,
  input: ApiKeyCreateInput,
): Promise<Outcome> {
  // A key is data handed out in the account's name: only an account whose e-mail is confirmed
  // (someone answers at that address) gets one, as only such an account can be merged (0046).
  await requireConfirmedEmail(deps, userId, 'apiKey')
  const secret = newSecret()
  // Counted and inserted in one statement: concurrent presses never pass the cap together.
  const row = await deps.db.get<{ id: number; prefix: string }>(sql`
    INSERT INTO api_keys (user_id, name, prefix, secret_hash)
    SELECT ${userId}, ${input.nome}, ${secret.slice(0, SHOWN_CHARS)}, ${await sha256Hex(secret)}
    WHERE (SELECT count(*) FROM api_keys WHERE user_id = ${userId} AND revoked_at IS NULL) < ${MAX_ACTIVE_KEYS}
    RETURNING id, prefix`)
  if (!row) throw new DomainError('apiKeys.tooMany', 409)
  // A plain form post sees the secret in the one-time notice; a script shows it in its own box.
  return {
    message: t('apiKeys.created', { chave: secret }),
    body: { id: row?.id, chave: secret, prefixo: row?.prefix },
  }
}

/** Revoking keeps the row (name, count), so the owner still sees what the key did. */
export async function revokeKey(
  deps: { db: Database; now: () => Date },
  userId: number,
  id: number,
): Promise<Outcome> {
  const [row] = await deps.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${deps.now().getTime()})` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id })
  if (!row) throw new DomainError('apiKeys.notFound', 404)
  return { message: t('apiKeys.revoked'), body: { id } }
}

/**
 * The key of a call, found by the secret's hash, counted and stamped in the same statement (one
 * round trip per call); null for an unknown or revoked key, one whose owner's e-mail is not
 * confirmed (keys made before creating one asked for it) or whose owner was closed by a merge.
 */
export async function useKey(
  deps: { db: Database; now: () => Date },
  secret: string,
): Promise<{ id: number; userId: number } | null> {
  if (!secret.startsWith(SECRET_PREFIX) || secret.length > 100) return null
  const [row] = await deps.db
    .update(apiKeys)
    .set({ usageCount: sql`${apiKeys.usageCount} + 1`, lastUsedAt: deps.now().getTime() })
    .where(
      and(
        eq(apiKeys.secretHash, await sha256Hex(secret)),
        isNull(apiKeys.revokedAt),
        // A closed account's keys are revoked when it closes (migration 0036); refused here too.
        sql`exists (select 1 from ${users} where ${users.id} = ${apiKeys.userId}
          and ${users.emailConfirmedAt} is not null and ${users.mergedIntoId} is null)`,
      ),
    )
    .returning({ id: apiKeys.id, userId: apiKeys.userId })
  return row ?? null
}
