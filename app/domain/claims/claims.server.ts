import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { type ClaimMatch, personClaims } from '~/db/schema-claims'
import { people } from '~/db/schema-corpus'
import { pagesOf } from '~/domain/cache/purges'
import { readCorpus } from '~/domain/corpus/access.server'
import { appearances } from '~/domain/corpus/read/entities.server'
import { peopleByIds } from '~/domain/corpus/read/entity-names.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DomainError } from '~/domain/errors'
import type { Effect, Outcome } from '~/domain/outcome'
import { auditInsert } from '~/domain/trust/audit.server'
import { maskCpf, verificationOf } from '~/domain/trust/identity.server'
import { requireConfirmedEmail } from '~/domain/users/confirmed.server'
import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { personPath } from '~/lib/paths'
import type { ClaimInput } from '~/schemas/claims'
import { closeOtherPending } from './decisions.server'
import {
  cpfEvidence,
  identityMatch,
  isClaimable,
  oabEvidence,
  pendingCutoff,
  sameName,
} from './evidence.server'

export { cpfNearName, isClaimable, PENDING_DAYS, sameName } from './evidence.server'

// "Este sou eu" (issue 17, decisions/0034; issue 27, decisions/0047). A claim is accepted at once
// only on proof the public cannot copy: an identity gov.br verified whose name is the person's and
// whose CPF a public matéria prints next to that name. Anything else waits for a reviewer.
// Nothing here reads, stores or answers anything about a secret lawsuit.

type Db = { db: Database; corpus: Corpus }

/** The claims that count: a page's holder (accepted or suspended), and pending ones not lapsed. */
const live = (now: Date) =>
  or(
    inArray(personClaims.status, ['aceita', 'suspensa']),
    and(eq(personClaims.status, 'em_analise'), gt(personClaims.createdAt, pendingCutoff(now))),
  )

/** The claimed person, read in the `entidades` shard her id names (decisions/0075). */
async function findPerson(deps: Db, personId: number) {
  const [person] =
    (await readCorpus.byId(deps.corpus, personId, (db) =>
      db
        .select({ id: people.id, name: people.name, slug: people.slug })
        .from(people)
        .where(eq(people.id, personId)),
    )) ?? []
  if (!person) throw new DomainError('claims.personNotFound', 404)
  return person
}

/**
 * The evidence as stored for the reviewer: never a secret, and a CPF, typed or verified, only
 * masked (`***.456.789-**`, the gazettes' own form, decisions/0092). The review needs no more:
 * whether a matéria prints it next to the name was weighed with the whole number at claim time
 * and is kept in `matched`; the whole number is never stored.
 */
const evidenceValue = (input: ClaimInput, verifiedCpf: string | null) =>
  input.tipo === 'oab'
    ? `${input.oab_numero.replace(/\D/g, '')}/${input.oab_uf.toUpperCase()}`
    : maskCpf(input.tipo === 'cpf' ? input.cpf.replace(/\D/g, '') : (verifiedCpf ?? ''))

/** What the documents and the verified identity say about this claim, and whether it is proof. */
async function weigh(
  deps: Db,
  user: Pick<PublicUser, 'id' | 'name'>,
  person: { id: number; name: string },
  input: ClaimInput,
) {
  const name = sameName(user.name, person.name)
  if (input.tipo === 'govbr') {
    const identity = await verificationOf(deps, user.id)
    if (!identity) throw new DomainError('claims.govbr.notVerified', 422)
    const match = await identityMatch(deps, person, identity)
    return { ...match, matched: { name, ...match.matched }, verifiedCpf: identity.cpf }
  }
  // Public data is never proof on its own: what it shows only helps the reviewer.
  const document =
    input.tipo === 'oab'
      ? await oabEvidence(deps, person.name, input.oab_numero, input.oab_uf.toUpperCase())
      : await cpfEvidence(deps, person.id, person.name, input.cpf.replace(/\D/g, ''))
  return { proven: false, matched: { name, document } as ClaimMatch, verifiedCpf: null }
}

/** "Este sou eu": stores the claim, accepted when a verified identity proves it, else in review. */
export async function claimPerson(
  deps: Db & { now: () => Date; origin: string },
  user: Pick<PublicUser, 'id' | 'name'>,
  personId: number,
  input: ClaimInput,
): Promise<Outcome> {
  // A claim reaches the reviewers and, accepted, links a public page to this profile.
  await requireConfirmedEmail(deps, user.id, 'claim')
  const person = await findPerson(deps, personId)
  const now = deps.now()
  // A lapsed pending claim of this account no longer holds its one place (the cron removes the rest).
  await deps.db
    .delete(personClaims)
    .where(
      and(
        eq(personClaims.userId, user.id),
        eq(personClaims.status, 'em_analise'),
        sql`${personClaims.createdAt} <= ${pendingCutoff(now)}`,
      ),
    )
  const [mine] = await deps.db
    .select({ personId: personClaims.personId })
    .from(personClaims)
    .where(and(eq(personClaims.userId, user.id), live(now)))
  if (mine)
    throw new DomainError(mine.personId === personId ? 'claims.alreadyYours' : 'claims.onePerAccount', 409)
  // Only a holder blocks a page; pending claims of others never do.
  const [held] = await deps.db
    .select({ id: personClaims.id })
    .from(personClaims)
    .where(and(eq(personClaims.personId, personId), inArray(personClaims.status, ['aceita', 'suspensa'])))
  if (held) throw new DomainError('claims.taken', 409)
  if (!(await isClaimable(deps, personId))) throw new DomainError('claims.notClaimable', 403)

  const { proven, matched, verifiedCpf } = await weigh(deps, user, person, input)
  const status = proven ? 'aceita' : 'em_analise'
  const [row] = await deps.db
    .insert(personClaims)
    .values({
      personId,
      userId: user.id,
      status,
      evidenceKind: input.tipo,
      evidenceValue: evidenceValue(input, verifiedCpf),
      matched,
      decidedAt: proven ? now.getTime() : null,
    })
    .onConflictDoNothing()
    .returning({ id: personClaims.id })
  // Lost a race with another claim of this account, or with another accepted claim of this page.
  if (!row) throw new DomainError('claims.taken', 409)
  const effects: Effect[] = []
  if (proven) {
    await auditInsert(deps.db, {
      actorId: user.id,
      subjectKind: 'reivindicacao',
      subjectId: row.id,
      action: 'aceitar',
      reason: t('claims.reason.govbr'),
      details: { personId, via: 'govbr', masked: matched.identity?.masked ?? false },
    })
    // The accepted claim links the person page to the profile; the others of the page are closed.
    effects.push(pagesOf.corpus(), ...(await closeOtherPending(deps, personId, row.id, null)))
  }
  const url = personPath(person.slug)
  return {
    message: t(proven ? 'claims.accepted' : 'claims.inReview'),
    redirect: url,
    body: { reivindicacao: { id: row.id, status }, redirect_url: url },
    effects,
  }
}

/** "Desfazer": the claimant removes the live claim, and the page is free again. */
export async function undoClaim(
  deps: Db & { now: () => Date },
  userId: number,
  personId: number,
): Promise<Outcome> {
  const person = await findPerson(deps, personId)
  const removed = await deps.db
    .delete(personClaims)
    .where(and(eq(personClaims.personId, personId), eq(personClaims.userId, userId), live(deps.now())))
    .returning({ id: personClaims.id })
  if (!removed.length) throw new DomainError('claims.notFound', 404)
  const url = personPath(person.slug)
  return {
    message: t('claims.undone'),
    redirect: url,
    body: { redirect_url: url },
    effects: [pagesOf.corpus()],
  }
}

export type PersonClaims = {
  /** The page's holder: its profile is shown only while 'aceita'. */
  holder: { status: 'aceita' | 'suspensa'; userId: number; name: string; subdomain: string } | null
  /** The viewer's own live claim of this page. */
  mine: { status: 'aceita' | 'suspensa' | 'em_analise' } | null
  /** Someone else's claim waits for review (it blocks nothing). */
  pendingOthers: boolean
}

/** The live claims of a person page, as its viewer sees them. */
export async function claimsOfPerson(
  deps: Db & { now: () => Date },
  personId: number,
  viewerId: number | null,
): Promise<PersonClaims> {
  const rows = await deps.db
    .select({
      status: personClaims.status,
      userId: personClaims.userId,
      name: users.name,
      subdomain: users.subdomain,
    })
    .from(personClaims)
    .innerJoin(users, eq(users.id, personClaims.userId))
    .where(and(eq(personClaims.personId, personId), live(deps.now())))
    // The holder and the viewer's own claim first, however many pending claims the page has.
    .orderBy(
      sql`${personClaims.status} IN ('aceita', 'suspensa') DESC`,
      sql`${personClaims.userId} = ${viewerId ?? 0} DESC`,
    )
    .limit(20)
  const holder = rows.find((row) => row.status === 'aceita' || row.status === 'suspensa')
  const mine = rows.find((row) => row.userId === viewerId)
  return {
    holder: holder ? { ...holder, status: holder.status as 'aceita' | 'suspensa' } : null,
    mine: mine ? { status: mine.status as 'aceita' | 'suspensa' | 'em_analise' } : null,
    pendingOthers: rows.some((row) => row.status === 'em_analise' && row.userId !== viewerId),
  }
}

/**
 * The page a user claimed (live claim), if any. The claim is the primary's, the person the
 * `entidades` shard's: the claim, then her by id.
 */
export async function claimOfUser(deps: Db & { now: () => Date }, userId: number) {
  const [claim] = await deps.db
    .select({ status: personClaims.status, personId: personClaims.personId })
    .from(personClaims)
    .where(and(eq(personClaims.userId, userId), live(deps.now())))
  const person = claim ? (await peopleByIds(deps.corpus, [claim.personId])).get(claim.personId) : null
  return claim && person ? { ...claim, name: person.name, slug: person.slug } : null
}

/**
 * What the profile lists once a claim is accepted (not while suspended): the person page's own
 * appearances (the same reader, so secret lawsuits stay out exactly as they do there).
 */
export async function claimedAppearances(deps: Db & { now: () => Date }, userId: number) {
  const claim = await claimOfUser(deps, userId)
  if (claim?.status !== 'aceita') return null
  return {
    person: { name: claim.name, slug: claim.slug },
    ...(await appearances(deps, { personId: claim.personId })),
  }
}

/** Cron: pending claims past PENDING_DAYS are removed (nobody decided them; the page never waited). */
export async function removeLapsedClaims(deps: Db, now: Date) {
  await deps.db
    .delete(personClaims)
    .where(
      and(eq(personClaims.status, 'em_analise'), sql`${personClaims.createdAt} <= ${pendingCutoff(now)}`),
    )
}
