import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SelectedFields } from 'drizzle-orm/sqlite-core'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { type ClaimMatch, personClaims } from '~/db/schema-claims'
import { pagesOf } from '~/domain/cache/purges'
import { peopleByIds } from '~/domain/corpus/read/entity-names.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DomainError } from '~/domain/errors'
import { type Effect, type Outcome, sendMail } from '~/domain/outcome'
import { auditInsertIf } from '~/domain/trust/audit.server'
import { maskCpf } from '~/domain/trust/identity.server'
import { t } from '~/i18n/pt-BR'
import { identityMatch, pendingCutoff, sameName } from './evidence.server'
import { type ClaimDecision, claimDecisionMail } from './mails.server'

// Decisions on claims (decisions/0047, 0048): a reviewer accepts or refuses, an accepted claim
// closes the other pending claims of its page, a rename suspends, gov.br reinstates. Each decision
// is one batch: the claim's new state and its audit row are written together or not at all.

type Db = { db: Database; corpus: Corpus }
type Deps = Db & { now: () => Date; origin: string }
type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]

const claimant = {
  id: personClaims.id,
  personId: personClaims.personId,
  userId: personClaims.userId,
  email: users.email,
  userName: users.name,
}
type Named = { personName: string; slug: string }

/**
 * Claims with their accounts and their people. The claims and accounts are the primary's, the
 * people the `entidades` shards' (decisions/0075): the claims, then their people by id. A claim
 * whose person is gone is left out.
 */
async function claimsWithPeople<R extends { personId: number }>(
  deps: Db,
  fields: SelectedFields,
  where: SQL | undefined,
  tail: { orderBy?: SQL[]; limit?: number } = {},
): Promise<(R & Named)[]> {
  let query = deps.db
    .select(fields)
    .from(personClaims)
    .innerJoin(users, eq(users.id, personClaims.userId))
    .$dynamic()
  query = query.where(where)
  if (tail.orderBy) query = query.orderBy(...tail.orderBy)
  if (tail.limit) query = query.limit(tail.limit)
  const rows = (await query) as unknown as R[]
  const named = await peopleByIds(
    deps.corpus,
    rows.map((row) => row.personId),
  )
  return rows.flatMap((row) => {
    const person = named.get(row.personId)
    return person ? [{ ...row, personName: person.name, slug: person.slug }] : []
  })
}
type Claim = typeof personClaims.$inferSelect
type Claimant = { id: number; personId: number; userId: number; email: string; userName: string }

const mailTo = (
  deps: Deps,
  row: { email: string; userName: string; personName: string; slug: string },
  decision: ClaimDecision,
  reason: string | null,
) =>
  sendMail(
    claimDecisionMail(
      deps,
      { email: row.email, name: row.userName },
      { name: row.personName, slug: row.slug },
      decision,
      reason,
    ),
  )

/** The claim is still in the state a decision was taken on. */
const stillIs = (claimId: number, status: Claim['status']) =>
  sql`EXISTS (SELECT 1 FROM person_claims WHERE id = ${claimId} AND status = ${status})`

/** Once a claim of a page is accepted, its other pending claims are closed, with the reason recorded. */
export async function closeOtherPending(
  deps: Deps,
  personId: number,
  acceptedId: number,
  actorId: number | null,
): Promise<Effect[]> {
  const others = await claimsWithPeople<Claimant>(
    deps,
    claimant,
    and(
      eq(personClaims.personId, personId),
      eq(personClaims.status, 'em_analise'),
      ne(personClaims.id, acceptedId),
    ),
  )
  if (!others.length) return []
  const reason = t('claims.reason.closed')
  const ids = others.map((row) => row.id)
  // Audit rows first, each only for a claim still pending; then the one update under the same rule.
  await deps.db.batch([
    ...others.map((row) =>
      auditInsertIf(
        deps.db,
        {
          actorId,
          subjectKind: 'reivindicacao',
          subjectId: row.id,
          action: 'encerrar',
          reason,
          details: { personId, acceptedClaimId: acceptedId },
        },
        stillIs(row.id, 'em_analise'),
      ),
    ),
    deps.db
      .update(personClaims)
      .set({ status: 'encerrada', reason, decidedAt: deps.now().getTime(), decidedBy: actorId })
      .where(and(inArray(personClaims.id, ids), eq(personClaims.status, 'em_analise'))),
  ] as unknown as Batch)
  return others.map((row) => mailTo(deps, row, 'encerrada', reason))
}

/** The review queue: pending claims (not lapsed) and suspended ones, oldest first. */
export async function reviewQueue(deps: Deps) {
  const cutoff = pendingCutoff(deps.now())
  const rows = await claimsWithPeople<{
    id: number
    personId: number
    status: Claim['status']
    evidenceKind: Claim['evidenceKind']
    evidenceValue: string
    matched: unknown
    reason: string | null
    createdAt: number
    accountName: string
    subdomain: string
  }>(
    deps,
    {
      id: personClaims.id,
      personId: personClaims.personId,
      status: personClaims.status,
      evidenceKind: personClaims.evidenceKind,
      evidenceValue: personClaims.evidenceValue,
      matched: personClaims.matched,
      reason: personClaims.reason,
      createdAt: personClaims.createdAt,
      accountName: users.name,
      subdomain: users.subdomain,
    },
    sql`(${personClaims.status} = 'em_analise' AND ${personClaims.createdAt} > ${cutoff}) OR ${personClaims.status} = 'suspensa'`,
    { orderBy: [asc(personClaims.createdAt), asc(personClaims.id)], limit: 100 },
  )
  return rows.map((row) => ({ ...row, matched: row.matched as ClaimMatch }))
}

async function reviewable(deps: Deps, claimId: number, reviewerId: number) {
  const cutoff = pendingCutoff(deps.now())
  const [row] = await claimsWithPeople<Claimant & { status: Claim['status']; createdAt: number }>(
    deps,
    { ...claimant, status: personClaims.status, createdAt: personClaims.createdAt },
    eq(personClaims.id, claimId),
  )
  const open = row && (row.status === 'suspensa' || (row.status === 'em_analise' && row.createdAt > cutoff))
  if (!row || !open) throw new DomainError('review.notPending', 404)
  // Nobody decides their own claim.
  if (row.userId === reviewerId) throw new DomainError('review.ownClaim', 403)
  return { ...row, status: row.status as 'em_analise' | 'suspensa' }
}

const queueUrl = '/revisao/reivindicacoes'

/** A reviewer accepts: the page links to the claimant's profile, the page's other pending claims close. */
export async function acceptClaim(
  deps: Deps,
  reviewerId: number,
  claimId: number,
  note: string,
): Promise<Outcome> {
  const claim = await reviewable(deps, claimId, reviewerId)
  const reason = note || null
  try {
    const still = stillIs(claimId, claim.status)
    const [, updated] = await deps.db.batch([
      // Written only if the claim is still the one the reviewer saw (a concurrent decision wins).
      auditInsertIf(
        deps.db,
        {
          actorId: reviewerId,
          subjectKind: 'reivindicacao',
          subjectId: claimId,
          action: 'aceitar',
          reason,
          details: { personId: claim.personId, from: claim.status },
        },
        still,
      ),
      deps.db
        .update(personClaims)
        .set({ status: 'aceita', reason, decidedAt: deps.now().getTime(), decidedBy: reviewerId })
        .where(and(eq(personClaims.id, claimId), eq(personClaims.status, claim.status)))
        .returning({ id: personClaims.id }),
    ])
    if (!updated.length) throw new DomainError('review.notPending', 409)
  } catch (error) {
    if (error instanceof DomainError) throw error
    // The partial unique index: another claim of this page is already accepted.
    throw new DomainError('review.pageHeld', 409)
  }
  const closed = await closeOtherPending(deps, claim.personId, claimId, reviewerId)
  return {
    message: t('review.accepted', { pessoa: claim.personName }),
    redirect: queueUrl,
    body: { reivindicacao: { id: claimId, status: 'aceita' }, redirect_url: queueUrl },
    effects: [pagesOf.corpus(), mailTo(deps, claim, 'aceita', null), ...closed],
  }
}

/** A reviewer refuses, with the reason the claimant is told. */
export async function refuseClaim(
  deps: Deps,
  reviewerId: number,
  claimId: number,
  reason: string,
): Promise<Outcome> {
  const claim = await reviewable(deps, claimId, reviewerId)
  const [, updated] = await deps.db.batch([
    auditInsertIf(
      deps.db,
      {
        actorId: reviewerId,
        subjectKind: 'reivindicacao',
        subjectId: claimId,
        action: 'recusar',
        reason,
        details: { personId: claim.personId, from: claim.status },
      },
      stillIs(claimId, claim.status),
    ),
    deps.db
      .update(personClaims)
      .set({ status: 'recusada', reason, decidedAt: deps.now().getTime(), decidedBy: reviewerId })
      .where(and(eq(personClaims.id, claimId), eq(personClaims.status, claim.status)))
      .returning({ id: personClaims.id }),
  ])
  if (!updated.length) throw new DomainError('review.notPending', 409)
  return {
    message: t('review.refused', { pessoa: claim.personName }),
    redirect: queueUrl,
    body: { reivindicacao: { id: claimId, status: 'recusada' }, redirect_url: queueUrl },
    // A refused suspended claim frees the page (its link was already hidden).
    effects: [pagesOf.corpus(), mailTo(deps, claim, 'recusada', reason)],
  }
}

/**
 * A rename suspends the account's accepted claim until it is verified again: the page shows no
 * profile link and the profile lists nothing of the person. A change of accents or case is no rename.
 */
export async function suspendOnRename(
  deps: Deps,
  userId: number,
  before: string,
  after: string,
): Promise<Effect[]> {
  if (sameName(before, after)) return []
  const [claim] = await claimsWithPeople<Claimant>(
    deps,
    claimant,
    and(eq(personClaims.userId, userId), eq(personClaims.status, 'aceita')),
  )
  if (!claim) return []
  const reason = t('claims.reason.renamed')
  await deps.db.batch([
    auditInsertIf(
      deps.db,
      {
        actorId: userId,
        subjectKind: 'reivindicacao',
        subjectId: claim.id,
        action: 'suspender',
        reason,
        details: { personId: claim.personId },
      },
      stillIs(claim.id, 'aceita'),
    ),
    deps.db
      .update(personClaims)
      .set({ status: 'suspensa', reason, decidedAt: deps.now().getTime(), decidedBy: null })
      .where(and(eq(personClaims.id, claim.id), eq(personClaims.status, 'aceita'))),
  ])
  return [pagesOf.corpus(), mailTo(deps, { ...claim, userName: after }, 'suspensa', reason)]
}

/**
 * After a gov.br verification: the account's pending or suspended claim is accepted when the
 * verified identity proves it (the same rule as a new claim).
 */
export async function acceptByIdentity(
  deps: Deps,
  userId: number,
  identity: { cpf: string; name: string },
): Promise<Effect[]> {
  const [claim] = await claimsWithPeople<Claimant & { status: Claim['status'] }>(
    deps,
    { ...claimant, status: personClaims.status },
    and(eq(personClaims.userId, userId), inArray(personClaims.status, ['em_analise', 'suspensa'])),
  )
  if (!claim) return []
  const { proven, matched } = await identityMatch(
    deps,
    { id: claim.personId, name: claim.personName },
    identity,
  )
  if (!proven) return []
  try {
    const [, updated] = await deps.db.batch([
      auditInsertIf(
        deps.db,
        {
          actorId: userId,
          subjectKind: 'reivindicacao',
          subjectId: claim.id,
          action: 'aceitar',
          reason: t('claims.reason.govbr'),
          details: {
            personId: claim.personId,
            via: 'govbr',
            from: claim.status,
            masked: matched.identity.masked,
          },
        },
        stillIs(claim.id, claim.status),
      ),
      deps.db
        .update(personClaims)
        .set({
          status: 'aceita',
          reason: null,
          decidedAt: deps.now().getTime(),
          decidedBy: null,
          evidenceKind: 'govbr',
          evidenceValue: maskCpf(identity.cpf),
          matched: { name: sameName(claim.userName, claim.personName), ...matched },
        })
        .where(and(eq(personClaims.id, claim.id), eq(personClaims.status, claim.status)))
        .returning({ id: personClaims.id }),
    ])
    if (!updated.length) return []
  } catch {
    // Another claim of the page was accepted meanwhile: this one stays as it was.
    return []
  }
  return [pagesOf.corpus(), ...(await closeOtherPending(deps, claim.personId, claim.id, null))]
}
