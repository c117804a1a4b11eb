import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { identityVerifications } from '~/db/schema-trust'
import { DomainError } from '~/domain/errors'

type Db = { db: Database }

/** gov.br: `sub` is the citizen's CPF (11 digits), `name` the name the Receita Federal holds. */
export type CitizenIdentity = { cpf: string; name: string }

/** `***.456.789-**`: the only form a verified CPF is ever shown in (the gazettes' own mask). */
export const maskCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`

/**
 * Stores (or replaces) the identity gov.br verified for this account. One account per CPF: the
 * same citizen cannot prove several accounts.
 */
export async function saveVerification(deps: Db, userId: number, identity: CitizenIdentity) {
  const [other] = await deps.db
    .select({ userId: identityVerifications.userId })
    .from(identityVerifications)
    .where(eq(identityVerifications.cpf, identity.cpf))
  if (other && other.userId !== userId) throw new DomainError('govbr.cpfInUse', 409)
  const values = {
    provider: 'govbr' as const,
    cpf: identity.cpf,
    name: identity.name,
    verifiedAt: Date.now(),
  }
  const saved = await deps.db
    .insert(identityVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: identityVerifications.userId, set: values })
    .returning({ userId: identityVerifications.userId })
    .catch(() => [])
  // Lost a race with another account verifying the same CPF.
  if (!saved.length) throw new DomainError('govbr.cpfInUse', 409)
}

export async function verificationOf(deps: Db, userId: number) {
  const [row] = await deps.db
    .select({
      cpf: identityVerifications.cpf,
      name: identityVerifications.name,
      verifiedAt: identityVerifications.verifiedAt,
    })
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
  return row ?? null
}
