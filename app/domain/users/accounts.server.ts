import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { cities, occupations } from '~/db/schema-corpus'
import { syncNetwork } from '~/domain/directory/sync.server'
import { DomainError } from '~/domain/errors'
import { titleInForm } from '~/domain/reference/occupation-forms'
import { isReservedSubdomain } from '~/domain/site/host'
import { hashPassword } from '~/domain/users/password.server'
import { parseDisplayDate, toIsoDate } from '~/lib/dates'
import type { CompleteSignupInput, SignupInput } from '~/schemas/auth'
import { handOver, type Removed } from './handover.server'

type Db = { db: Database }

/** Usernames are stored lowercase; a reserved name (www, api, …) counts as taken. */
export async function isSubdomainTaken(deps: Db, subdomain: string): Promise<boolean> {
  const name = subdomain.trim().toLowerCase()
  if (isReservedSubdomain(name)) return true
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.subdomain, name)).limit(1)
  return !!row
}

export async function isEmailTaken(deps: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1)
  return !!row && row.id !== exceptUserId
}

function toIsoBirthDate(text: string): string | null {
  const date = parseDisplayDate(text, 'dd/mm/yyyy')
  return date ? toIsoDate(date) : null
}

type ProfileFields = Omit<SignupInput, 'senha'>

/** Turns the form's profession/course choice into the user's columns (headline shown on the profile). */
async function profileColumns(deps: Db, input: ProfileFields) {
  let headline = input.perfil === 'estudante' ? `Estudante de ${input.curso}` : 'Profissional'
  let occupationCode: string | null = null
  if (input.perfil === 'profissional' && input.profissao === 'outra') {
    headline = input.profissao_outra
  } else if (input.perfil === 'profissional' && input.profissao) {
    const [occupation] = await deps.db
      .select({ code: occupations.code, title: occupations.title })
      .from(occupations)
      .where(eq(occupations.code, input.profissao))
      .limit(1)
    if (!occupation) throw new DomainError('auth.unknownProfession', 422)
    occupationCode = occupation.code
    headline = titleInForm(occupation.title, input.ocupacao_forma ?? 'masculino')
  }
  let city: { code: number; name: string; uf: string } | undefined
  if (input.cidade) {
    ;[city] = await deps.db
      .select({ code: cities.code, name: cities.name, uf: cities.uf })
      .from(cities)
      .where(eq(cities.code, Number(input.cidade)))
      .limit(1)
    if (!city) throw new DomainError('auth.unknownCity', 422)
  }
  return {
    subdomain: input.subdominio,
    email: input.email.toLowerCase(),
    name: input.nome,
    birthDate: toIsoBirthDate(input.data_nascimento),
    kind: input.perfil,
    headline,
    occupationCode,
    course: input.perfil === 'estudante' ? input.curso : null,
    institutionId:
      input.perfil === 'estudante' && /^\d+$/.test(input.instituicao) ? Number(input.instituicao) : null,
    cityCode: city?.code ?? null,
    city: city?.name ?? null,
    uf: city?.uf ?? null,
  }
}

async function assertAvailable(deps: Db, subdomain: string, email: string) {
  if (await isSubdomainTaken(deps, subdomain)) throw new DomainError('auth.subdomainTaken', 409)
  if (await isEmailTaken(deps, email)) throw new DomainError('auth.emailTaken', 409)
}

/** Unique indexes are the last word: a race between two signups ends in the same 409. */
async function insertUser(deps: Db, values: typeof users.$inferInsert) {
  try {
    const [user] = await deps.db.insert(users).values(values).returning({ id: users.id, email: users.email })
    if (!user) throw new Error('user not inserted')
    // Joins the community of the profession or course and the directory (idempotent: a failure
    // here is redone by the next profile save).
    await syncNetwork(deps, user.id)
    return user
  } catch (error) {
    const text = String((error as Error)?.cause ?? error)
    if (text.includes('users.subdomain')) throw new DomainError('auth.subdomainTaken', 409)
    if (text.includes('users.email') || text.includes('users.google_sub'))
      throw new DomainError('auth.emailTaken', 409)
    throw error
  }
}

export async function registerUser(deps: Db, input: SignupInput): Promise<{ id: number; email: string }> {
  const columns = await profileColumns(deps, input)
  await assertAvailable(deps, columns.subdomain, columns.email)
  return insertUser(deps, { ...columns, passwordHash: await hashPassword(input.senha) })
}

/** Social signup: the provider vouched for the e-mail only when it is the one it reported. */
export async function registerSocialUser(
  deps: Db,
  input: CompleteSignupInput,
  identity: { sub: string; email: string; emailVerified: boolean },
  now: Date,
): Promise<{ id: number; email: string; confirmed: boolean }> {
  const columns = await profileColumns(deps, input)
  await assertAvailable(deps, columns.subdomain, columns.email)
  if (await findAccount(deps, { googleSub: identity.sub })) throw new DomainError('auth.emailTaken', 409)
  const confirmed = identity.emailVerified && identity.email.toLowerCase() === columns.email
  const user = await insertUser(deps, {
    ...columns,
    googleSub: identity.sub,
    emailConfirmedAt: confirmed ? now.getTime() : null,
  })
  return { ...user, confirmed }
}

/**
 * Follows a confirmation link: confirms the account's own address, or makes a pending new address
 * (an e-mail change) the account's e-mail. False when the link no longer matches either, or the
 * account was closed by a merge.
 */
export async function confirmEmail(deps: Db & { now: () => Date }, userId: number, email: string) {
  // A closed (merged) account's links are void: its address must not change after the merge.
  if (!(await findAccount(deps, { id: userId }))) return false
  const now = deps.now().getTime()
  const confirmed = await deps.db
    .update(users)
    .set({ emailConfirmedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id })
  if (confirmed.length > 0) {
    await syncNetwork(deps, userId) // a confirmed address counts in the directory's order
    return true
  }
  const [already] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .limit(1)
  if (already) return true // a link followed twice: still confirmed
  try {
    const changed = await deps.db
      .update(users)
      .set({ email, pendingEmail: null, emailConfirmedAt: now })
      .where(and(eq(users.id, userId), eq(users.pendingEmail, email)))
      .returning({ id: users.id })
    return changed.length > 0
  } catch (error) {
    // Someone else took the address since the change was asked: the link is void.
    if (String((error as Error)?.cause ?? error).includes('users.email')) return false
    throw error
  }
}

/** Name and birth date (yyyy-mm-dd or null), as the profile tab saves them. */
export async function updateDetails(
  deps: Db,
  userId: number,
  details: { name: string; birthDate: string | null },
) {
  await deps.db.update(users).set(details).where(eq(users.id, userId))
}

/** Records the address an e-mail change asked for; the current one stays until it is confirmed. */
export async function setPendingEmail(deps: Db, userId: number, email: string | null) {
  await deps.db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId))
}

export type AccountRow = {
  id: number
  email: string
  name: string
  emailConfirmedAt: number | null
  passwordChangedAt: number | null
  googleSub: string | null
  hasPassword: boolean
  pendingEmail: string | null
  mergedIntoId: number | null
}

/**
 * An account by id (never a closed one: its sessions and links are void), or the account an
 * e-mail or Google login leads to: a closed account's address and Google login lead to the
 * survivor only when that address was confirmed (decisions/0033, 0046), else to nothing.
 */
export async function findAccount(
  deps: Db,
  where: { id: number } | { email: string } | { googleSub: string },
) {
  const condition =
    'id' in where
      ? eq(users.id, where.id)
      : 'email' in where
        ? eq(users.email, where.email.trim().toLowerCase())
        : eq(users.googleSub, where.googleSub)
  const found = await accountRow(deps, condition)
  if (!found?.mergedIntoId) return found
  if ('id' in where || !found.emailConfirmedAt) return null
  return accountRow(deps, and(eq(users.id, found.mergedIntoId), isNull(users.mergedIntoId)) as SQL)
}

async function accountRow(deps: Db, condition: SQL) {
  const [row] = await deps.db
    .select({
      mergedIntoId: users.mergedIntoId,
      id: users.id,
      email: users.email,
      name: users.name,
      emailConfirmedAt: users.emailConfirmedAt,
      passwordChangedAt: users.passwordChangedAt,
      googleSub: users.googleSub,
      pendingEmail: users.pendingEmail,
      hasPassword: sql<number>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(condition)
    .limit(1)
  return row ? ({ ...row, hasPassword: !!row.hasPassword } as AccountRow) : null
}

/** Links a Google identity to an existing account (matched by a verified e-mail). */
export async function linkGoogle(deps: Db, userId: number, sub: string) {
  await deps.db
    .update(users)
    .set({ googleSub: sub })
    .where(and(eq(users.id, userId), isNull(users.googleSub)))
}

/**
 * A provider-verified e-mail signs into the account with that address (decisions/0019). A
 * CONFIRMED account is linked as it is ('linked'). An UNCONFIRMED one may have been registered by
 * someone else with this address (pre-hijacking), so it is handed to the verified owner
 * (`handOver`, decisions/0092): sessions, the signup's password and Google subject, webhook, API
 * keys and identity go, the e-mail becomes confirmed and this Google subject is the account's.
 * Answers what was removed, or null when the account changed meanwhile (another address, already
 * confirmed by a racing request): the caller then reads the account again.
 */
export async function signInByVerifiedEmail(
  deps: Db & { now: () => Date },
  account: Pick<AccountRow, 'id' | 'email' | 'emailConfirmedAt'>,
  identity: { sub: string; email: string },
): Promise<'linked' | Removed | null> {
  if (account.emailConfirmedAt) {
    await linkGoogle(deps, account.id, identity.sub)
    return 'linked'
  }
  // Only the account that HAS the verified address is handed over, never one it led to.
  if (account.email !== identity.email.trim().toLowerCase()) return null
  return handOver(deps, account, { passwordHash: null, googleSub: identity.sub })
}
