import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { searchTerms, suggestionDirtyPrefixes, suggestionNames, users } from '~/db/schema'
import { type PageKind, type RequestedPage, removalRequests } from '~/db/schema-trust'
import { ownScopes, scope } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { type Touched, touched } from '~/domain/corpus/masking/mask.server'
import { maskPagesOnRequest } from '~/domain/corpus/masking/mask-request.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DomainError } from '~/domain/errors'
import { type Outcome, purge, sendMail } from '~/domain/outcome'
import { normalizeForMatch } from '~/domain/suggestion-lists/keys'
import { tidySearchTerm } from '~/domain/suggestions/privacy'
import { auditInsertIf } from '~/domain/trust/audit.server'
import { t } from '~/i18n/pt-BR'
import { deleteRequestDocument } from './document-deletion.server'
import { DOCUMENT_KEY_PATTERN } from './documents.server'
import { type RemovalDecision, removalDecisionMail } from './mails.server'
import { hiddenPageInsert, maskNamesOfPage } from './pages.server'
import { deadlineOf } from './requests.server'

// A reviewer decides a removal request (decisions/0066): de-index its pages, mask names on them,
// or refuse with a reason. Each decision is one batch with its audit row; the identity document
// is deleted right after (and that is in the trail too); the requester is told by e-mail.

type Deps = {
  db: Database
  corpus: Corpus
  privateFiles: R2Bucket
  origin: string
  now: () => Date
  pageVersions: KVNamespace
  /** The masked names leave the suggestion lists at once (decisions/0089). */
  suggestions?: KVNamespace
}
type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]
export type RemovalAction = 'desindexar' | 'mascarar' | 'recusar'

const RESULT: Record<RemovalAction, RemovalDecision> = {
  desindexar: 'desindexada',
  mascarar: 'mascarada',
  recusar: 'recusada',
}

export const REMOVAL_QUEUE_URL = '/revisao/remocoes'

/** Confirmed requests waiting for a decision, the nearest legal deadline first. */
export async function removalQueue(deps: { db: Database }) {
  const rows = await deps.db
    .select()
    .from(removalRequests)
    .where(eq(removalRequests.status, 'em_analise'))
    .orderBy(asc(removalRequests.confirmedAt), asc(removalRequests.id))
    .limit(100)
  return rows.map((row) => ({ ...row, deadline: deadlineOf(row.confirmedAt ?? row.createdAt) }))
}

/** Whole days from `now` to `deadline` (negative when late), counted in Brasília's calendar. */
export function daysLeft(deadline: number, now: Date): number {
  const day = (ms: number) => Math.floor((ms - 3 * 3_600_000) / 86_400_000)
  return day(deadline) - day(now.getTime())
}

/**
 * The scopes of the cached pages a decision on these pages changes, and of every page its stored
 * masking rewrote (the lawsuits and people a masked person or case appeared with).
 */
function purgeOf(pages: RequestedPage[], masked: Touched = touched()) {
  const scopes = new Set<string>([scope.corpus])
  for (const cnj of masked.lawsuits) scopes.add(scope.lawsuit(cnj))
  for (const slug of masked.people) scopes.add(scope.person(slug))
  // Each page's own scope, as the edge cache keys it (a lawsuit's, a person's, a company's; the
  // others' pages are the corpus scope's).
  for (const page of pages) for (const own of ownScopes(MAIN, page.path)) scopes.add(own)
  return purge(...scopes)
}

const MAIN = { kind: 'main' } as const

/** A suggestion name's source (`suggestion_names.source`). */
type SuggestionSource = (typeof suggestionNames.$inferSelect)['source']
/**
 * The suggestion names each kind's page gives (a person's name, a company's names), which its
 * de-indexing takes out of the lists; a kind without its entry here does not compile.
 */
const SUGGESTED: Record<PageKind, readonly SuggestionSource[]> = {
  pessoa: ['person'],
  empresa: ['company', 'trade_name'],
  processo: [],
  materia: [],
  decisao: [],
  lei: [],
}

/** The request is still waiting: the condition every write of a decision is made under. */
const stillPending = (id: number) =>
  sql`EXISTS (SELECT 1 FROM removal_requests WHERE id = ${id} AND status = 'em_analise')`

/**
 * The de-index decision's writes: each page in hidden_pages, and the names of de-indexed people
 * and companies out of the suggestion names (and out of the popular searches) at once, their
 * prefixes marked for the next rebuild of the suggestion lists (the sweep keeps them out:
 * entities.server skips hidden pages).
 */
function deindexWrites(db: Database, id: number, pages: RequestedPage[]) {
  const writes: BatchItem<'sqlite'>[] = pages.map((page) =>
    hiddenPageInsert(db, page, 'desindexar', id, stillPending(id)),
  )
  // The name as a popular search too: once de-indexed it finds nothing, so it is never counted again.
  const names = pages
    .filter((page) => SUGGESTED[page.kind].length)
    .map((page) => normalizeForMatch(tidySearchTerm(page.title)))
  if (names.length) writes.push(db.delete(searchTerms).where(inArray(searchTerms.term, names)))
  for (const kind of Object.keys(SUGGESTED) as PageKind[]) {
    const sources = SUGGESTED[kind]
    const ids = pages.filter((p) => p.kind === kind).map((p) => p.refId)
    if (!sources.length || !ids.length) continue
    const these = and(inArray(suggestionNames.source, [...sources]), inArray(suggestionNames.entityId, ids))
    writes.push(
      db
        .insert(suggestionDirtyPrefixes)
        .select(
          sql`SELECT prefix FROM suggestion_names WHERE ${these}
            UNION SELECT prefix4 FROM suggestion_names WHERE ${these} AND prefix4 IS NOT NULL
            UNION SELECT prefix5 FROM suggestion_names WHERE ${these} AND prefix5 IS NOT NULL`,
        )
        .onConflictDoNothing(),
      db.delete(suggestionNames).where(these),
    )
  }
  return writes
}

export async function decideRemoval(
  deps: Deps,
  reviewerId: number,
  id: number,
  action: RemovalAction,
  text: string,
): Promise<Outcome> {
  const [found] = await deps.db.select().from(removalRequests).where(eq(removalRequests.id, id))
  if (found?.status !== 'em_analise') throw new DomainError('removal.review.notPending', 404)
  const row = found
  // Nobody decides a request made from their own e-mail address.
  const [reviewer] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, reviewerId))
  if (reviewer && reviewer.email.toLowerCase() === row.email.toLowerCase())
    throw new DomainError('api.forbidden', 403)
  const pages = row.pages
  const reason = text || null
  const result = RESULT[action]
  const effects =
    action === 'desindexar'
      ? deindexWrites(deps.db, id, pages)
      : action === 'mascarar'
        ? pages.map((page) => maskNamesOfPage(deps.db, page, id, stillPending(id)))
        : []
  const [, ...rest] = await deps.db.batch([
    // Written only while the request still waits (a concurrent decision leaves one row, one change).
    auditInsertIf(
      deps.db,
      {
        actorId: reviewerId,
        subjectKind: 'remocao',
        subjectId: id,
        action,
        reason,
        details: { pages: pages.map((page) => page.path) },
      },
      stillPending(id),
    ),
    ...effects,
    deps.db
      .update(removalRequests)
      .set({ status: result, decidedAt: deps.now().getTime(), decidedBy: reviewerId, decisionReason: reason })
      .where(and(eq(removalRequests.id, id), eq(removalRequests.status, 'em_analise')))
      .returning({ id: removalRequests.id }),
  ] as unknown as Batch)
  const updated = rest[rest.length - 1] as { id: number }[]
  if (!updated.length) throw new DomainError('removal.review.notPending', 409)
  // Masking is stored like a sensitive case's (decisions/0071), so every surface reads initials.
  // The decision stands if it fails now: `masked_at` stays null and the cron's sweep masks it.
  const masked = action === 'mascarar' ? await maskOwed(deps, id, pages) : touched()
  // The decision stands even if the bucket fails now: the key stays on the row, which is the
  // record of a deletion owed, and the cron's sweep retries it until it succeeds (decisions/0071).
  if (row.documentKey)
    await deleteRequestDocument(deps, id, row.documentKey, reviewerId).catch((error) =>
      console.error(JSON.stringify({ removalRequest: id, documentDelete: String(error) })),
    )
  return {
    message: t(`removal.review.done.${result}`),
    redirect: REMOVAL_QUEUE_URL,
    body: { remocao: { id, status: result }, redirect_url: REMOVAL_QUEUE_URL },
    effects: [
      ...(action === 'recusar' ? [] : [purgeOf(pages, masked)]),
      sendMail(removalDecisionMail(deps, { email: row.email, name: row.name }, result, reason, pages)),
    ],
  }
}

/** A "mask names" decision's stored masking, then its record; a failure is logged and left owed. */
async function maskOwed(
  deps: Pick<Deps, 'db' | 'corpus' | 'now' | 'suggestions'>,
  id: number,
  pages: RequestedPage[],
): Promise<Touched> {
  try {
    const masked = await maskPagesOnRequest(deps, pages, id)
    await deps.db
      .update(removalRequests)
      .set({ maskedAt: deps.now().getTime() })
      .where(eq(removalRequests.id, id))
    return masked
  } catch (error) {
    console.error(JSON.stringify({ removalRequest: id, masking: String(error) }))
    return touched()
  }
}

/**
 * The cron's sweep: each "mask names" decision whose masking is owed (it failed, or was decided
 * before the stored masking) is masked now, its pages purged, a few per tick. Masking what is
 * already masked changes nothing, so a retry after a half-done attempt is safe.
 */
export async function retryOwedMasking(
  deps: Pick<Deps, 'db' | 'corpus' | 'now' | 'pageVersions' | 'suggestions'>,
  limit = 10,
) {
  const rows = await deps.db
    .select({ id: removalRequests.id, pages: removalRequests.pages })
    .from(removalRequests)
    .where(and(eq(removalRequests.status, 'mascarada'), isNull(removalRequests.maskedAt)))
    .limit(limit)
  let done = 0
  for (const row of rows) {
    const masked = await maskOwed(deps, row.id, row.pages)
    const [left] = await deps.db
      .select({ maskedAt: removalRequests.maskedAt })
      .from(removalRequests)
      .where(eq(removalRequests.id, row.id))
    if (!left?.maskedAt) continue
    const effect = purgeOf(row.pages, masked)
    if (effect.type === 'purge') await bumpVersions(deps.pageVersions, effect.scopes)
    done++
  }
  return done
}

/** The identity document of a request still being decided, for a reviewer; null once deleted. */
export async function requestDocument(deps: Deps, id: number) {
  const [row] = await deps.db
    .select({ key: removalRequests.documentKey })
    .from(removalRequests)
    .where(eq(removalRequests.id, id))
  if (!row?.key || !DOCUMENT_KEY_PATTERN.test(row.key)) return null
  return deps.privateFiles.get(row.key)
}
