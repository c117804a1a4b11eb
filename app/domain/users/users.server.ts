import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { type User, users } from '~/db/schema'
import { occupations } from '~/db/schema-corpus'

/** What a page may show of a user: never the e-mail or the password hash. */
export type PublicUser = Pick<
  User,
  'id' | 'subdomain' | 'name' | 'kind' | 'headline' | 'city' | 'uf' | 'about'
> & {
  photoUrl: string | null
}

const publicColumns = {
  id: users.id,
  subdomain: users.subdomain,
  name: users.name,
  kind: users.kind,
  headline: users.headline,
  city: users.city,
  uf: users.uf,
  about: users.about,
  photoKey: users.photoKey,
}

function toPublic({
  photoKey,
  ...rest
}: { photoKey: string | null } & Omit<PublicUser, 'photoUrl'>): PublicUser {
  return { ...rest, photoUrl: photoKey ? `/imagens/${photoKey}` : null }
}

export async function findUserBySubdomain(
  deps: { db: Database },
  subdomain: string,
): Promise<PublicUser | null> {
  const [row] = await deps.db
    .select(publicColumns)
    .from(users)
    .where(eq(users.subdomain, subdomain.toLowerCase()))
    .limit(1)
  return row ? toPublic(row) : null
}

/** The surviving profile's subdomain when this one was merged into another (a 301 there). */
export async function mergedProfileTarget(deps: { db: Database }, subdomain: string): Promise<string | null> {
  const row = await deps.db.get<{ subdomain: string }>(
    // Only to an open account other than itself: a profile never redirects to itself (decisions/0046).
    sql`SELECT s.subdomain FROM users o JOIN users s ON s.id = o.merged_into_id
      WHERE o.subdomain = ${subdomain.toLowerCase()} AND s.id <> o.id AND s.merged_into_id IS NULL`,
  )
  return row?.subdomain ?? null
}

/** An open account by id: a closed (merged) one is gone, its phones included (decisions/0046). */
export async function findUserById(deps: { db: Database }, id: number): Promise<PublicUser | null> {
  const [row] = await deps.db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.mergedIntoId)))
    .limit(1)
  return row ? toPublic(row) : null
}

/**
 * The session's user, when its password last changed (older sessions are void) and, while the
 * e-mail is unconfirmed, that address for the banner: one query per request for all three.
 */
export async function findSessionUser(
  deps: { db: Database },
  id: number,
): Promise<{ user: PublicUser; passwordChangedAt: number | null; unconfirmedEmail: string | null } | null> {
  const [row] = await deps.db
    .select({
      ...publicColumns,
      passwordChangedAt: users.passwordChangedAt,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    // A closed (merged) account has no sessions, whenever they were made (decisions/0046).
    .where(and(eq(users.id, id), isNull(users.mergedIntoId)))
    .limit(1)
  if (!row) return null
  const { passwordChangedAt, email, emailConfirmedAt, ...rest } = row
  return { user: toPublic(rest), passwordChangedAt, unconfirmedEmail: emailConfirmedAt ? null : email }
}

/** Newest professionals first: the home page shows who just joined. */
export async function listRecentProfessionals(deps: { db: Database }, limit = 6): Promise<PublicUser[]> {
  const rows = await deps.db
    .select(publicColumns)
    .from(users)
    .where(eq(users.kind, 'profissional'))
    .orderBy(desc(users.id))
    .limit(limit)
  return rows.map(toPublic)
}

/**
 * The open account behind an id (recipients of messages and notifications): the id itself, or,
 * for an account closed by a merge, its survivor (what was sent to it is the survivor's now,
 * decisions/0033). Null when there is no such account.
 */
export async function openAccountId(deps: { db: Database }, id: number): Promise<number | null> {
  const row = await deps.db.get<{ id: number }>(
    sql`SELECT coalesce(s.id, o.id) AS id FROM users o LEFT JOIN users s ON s.id = o.merged_into_id
      WHERE o.id = ${id} AND (o.merged_into_id IS NULL OR s.merged_into_id IS NULL)`,
  )
  return row?.id ?? null
}

/** The R2 key of the user's photo (null without one; undefined when there is no such user). */
export async function photoKeyOf(deps: { db: Database }, userId: number): Promise<string | null | undefined> {
  const [row] = await deps.db
    .select({ photoKey: users.photoKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row ? row.photoKey : undefined
}

/** Compare-and-swap of the photo key: true only when it still was `expected`. */
export async function swapPhotoKey(
  deps: { db: Database },
  userId: number,
  expected: string | null,
  key: string,
): Promise<boolean> {
  const swapped = await deps.db
    .update(users)
    .set({ photoKey: key })
    .where(and(eq(users.id, userId), sql`${users.photoKey} IS ${expected}`))
    .returning({ id: users.id })
  return swapped.length > 0
}

/** What the "Perfil" tab edits, as stored (the owner's own e-mail: main host only). */
export async function profileFormRow(deps: { db: Database }, userId: number) {
  const [row] = await deps.db
    .select({
      email: users.email,
      name: users.name,
      birthDate: users.birthDate,
      pendingEmail: users.pendingEmail,
      hasPassword: sql<number>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row ? { ...row, hasPassword: !!row.hasPassword } : null
}

/** The user's profession: CBO code, kind, the title as shown, and the CBO title it came from. */
export async function professionOf(deps: { db: Database }, userId: number) {
  const [row] = await deps.db
    .select({
      code: users.occupationCode,
      kind: users.kind,
      headline: users.headline,
      title: occupations.title,
    })
    .from(users)
    .leftJoin(occupations, eq(occupations.code, users.occupationCode))
    .where(eq(users.id, userId))
    .limit(1)
  return row ?? null
}

/** The profession's update, as a statement for the caller's batch (one transaction with the lists). */
export function professionUpdate(
  db: Database,
  userId: number,
  profession: { occupationCode: string | null; headline: string },
) {
  return db
    .update(users)
    .set({ ...profession, ...(profession.occupationCode ? { kind: 'profissional' as const } : {}) })
    .where(eq(users.id, userId))
}

/** Where notification e-mails go: only confirmed addresses receive them. */
export async function mailRecipients(
  deps: { db: Database },
  ids: number[],
): Promise<Map<number, { email: string; name: string }>> {
  const out = new Map<number, { email: string; name: string }>()
  // D1 binds at most 100 values per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await deps.db
      .select({ id: users.id, email: users.email, name: users.name, confirmed: users.emailConfirmedAt })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 90)))
    for (const r of rows) if (r.confirmed !== null) out.set(r.id, { email: r.email, name: r.name })
  }
  return out
}
