import { and, eq, sql } from 'drizzle-orm'
import { accountMerges, users } from '~/db/schema'
import type { Deps } from '~/deps.server'
import { signToken, verifyToken } from '~/domain/auth/tokens.server'
import { scope } from '~/domain/cache/page-rules'
import { pagesOf } from '~/domain/cache/purges'
import { DomainError } from '~/domain/errors'
import { type Outcome, purge, startSession } from '~/domain/outcome'
import { checkCredentials } from '~/domain/users/accounts.server'
import { t } from '~/i18n/pt-BR'
import { mergeStatements } from './statements.server'

type MergeDeps = Pick<Deps, 'db' | 'authSecret' | 'now'>

/**
 * Step 1 (decisions/0033): logged in to one account, the person proves they own the other with
 * its e-mail and password. The answer is a short-lived signed ticket naming both accounts; nothing
 * changes yet.
 */
export async function proveOtherAccount(
  deps: MergeDeps,
  currentId: number,
  input: { email: string; senha: string },
): Promise<Outcome> {
  const other = await checkCredentials(deps, input.email, input.senha)
  if (!other) throw new DomainError('merge.badCredentials', 422, { field: 'senha' })
  if (other.id === currentId) throw new DomainError('merge.sameAccount', 422, { field: 'email' })
  const [row] = await deps.db.select({ merged: users.mergedIntoId }).from(users).where(eq(users.id, other.id))
  if (row?.merged) throw new DomainError('merge.sameAccount', 422, { field: 'email' })
  const url = await mergeTicketUrl(deps, currentId, other.id)
  return { redirect: url, body: { redirect_url: url } }
}

/** The confirmation page's address, with the signed ticket naming both accounts (15 minutes). */
export async function mergeTicketUrl(deps: MergeDeps, currentId: number, otherId: number): Promise<string> {
  const claims = { sub: currentId, outra: otherId }
  const ticket = await signToken(deps.authSecret(), 'unir-contas', claims, deps.now())
  return `/conta/unir?ticket=${encodeURIComponent(ticket)}`
}

/** The ticket's two accounts, refused unless it was made for the person holding it now. */
export async function readTicket(deps: MergeDeps, currentId: number, ticket: string | null) {
  const result = await verifyToken<{ sub: number; outra: number }>(
    deps.authSecret(),
    'unir-contas',
    ticket,
    deps.now(),
  )
  if (!result.ok || result.claims.sub !== currentId) throw new DomainError('merge.badTicket', 400)
  const both = await deps.db
    .select({
      id: users.id,
      name: users.name,
      subdomain: users.subdomain,
      email: users.email,
      merged: users.mergedIntoId,
    })
    .from(users)
    .where(sql`${users.id} IN (${currentId}, ${result.claims.outra})`)
  const current = both.find((u) => u.id === currentId)
  const other = both.find((u) => u.id === result.claims.outra)
  if (!current || !other || current.merged || other.merged) throw new DomainError('merge.badTicket', 400)
  return { current, other }
}

/**
 * What will move from `o` to `s`, counted exactly as the merge will do it (the confirmation
 * screen): one statement, ten counts.
 */
export async function mergePreview(deps: MergeDeps, s: number, o: number) {
  const row = await deps.db.get<Record<string, number>>(sql`SELECT
    (SELECT count(*) FROM follows WHERE user_id = ${o} AND NOT (kind = 'usuario' AND target_id IN (${s}, ${o}))) AS follows,
    (SELECT count(*) FROM follows a JOIN follows b ON b.user_id = ${s} AND b.kind = a.kind AND b.target_id = a.target_id WHERE a.user_id = ${o}) AS sharedFollows,
    (SELECT count(*) FROM article_votes WHERE user_id = ${o}) AS votes,
    (SELECT count(*) FROM article_votes a JOIN article_votes b ON b.user_id = ${s} AND b.article_id = a.article_id WHERE a.user_id = ${o}) AS sharedVotes,
    (SELECT count(*) FROM articles WHERE author_id = ${o}) AS articles,
    (SELECT count(*) FROM comments WHERE author_id = ${o} AND deleted_at IS NULL) AS comments,
    (SELECT count(*) FROM monitorings WHERE user_id = ${o}) AS monitorings,
    (SELECT count(*) FROM monitorings a JOIN monitorings b ON b.user_id = ${s} AND b.cnj = a.cnj WHERE a.user_id = ${o}) AS sharedMonitorings,
    (SELECT count(*) FROM professional_messages WHERE recipient_id = ${o}) AS messages,
    (SELECT count(*) FROM notifications WHERE user_id = ${o}) AS notifications`)
  const n = (key: string) => Number(row?.[key] ?? 0)
  return {
    follows: n('follows'),
    sharedFollows: n('sharedFollows'),
    votes: n('votes'),
    sharedVotes: n('sharedVotes'),
    articles: n('articles'),
    comments: n('comments'),
    monitorings: n('monitorings'),
    sharedMonitorings: n('sharedMonitorings'),
    messages: n('messages'),
    notifications: n('notifications'),
  }
}
export type MergePreview = Awaited<ReturnType<typeof mergePreview>>

/**
 * Step 2: the person chose which account survives; everything of the other moves to it in one D1
 * batch (all or nothing) and the other is closed. When the survivor is not the account logged in
 * now, the session moves to it (the current one belongs to the closed account).
 */
export async function mergeAccounts(
  deps: MergeDeps,
  currentId: number,
  input: { ticket: string; sobrevivente: 'esta' | 'outra' },
): Promise<Outcome> {
  const { current, other } = await readTicket(deps, currentId, input.ticket)
  const [survivor, closed] = input.sobrevivente === 'esta' ? [current, other] : [other, current]
  const summary = await mergePreview(deps, survivor.id, closed.id)
  const results = await deps.db.batch([
    ...mergeStatements(deps.db, survivor.id, closed.id, deps.now().getTime()),
    deps.db.insert(accountMerges).values({ survivorId: survivor.id, closedId: closed.id, summary }),
  ] as unknown as Parameters<typeof deps.db.batch>[0])
  void results
  // A racing merge of the same pair closed it first: the batch changed nothing of consequence.
  const [closedNow] = await deps.db
    .select({ merged: users.mergedIntoId })
    .from(users)
    .where(and(eq(users.id, closed.id), eq(users.mergedIntoId, survivor.id)))
  if (!closedNow) throw new DomainError('merge.badTicket', 409)
  return {
    message: t('merge.done', { nome: survivor.name }),
    redirect: '/conta',
    body: { redirect_url: '/conta', sobrevivente: { id: survivor.id, subdominio: survivor.subdomain } },
    // The closed profile now redirects, the survivor's lists grew, articles changed author.
    effects: [
      ...(survivor.id === currentId ? [] : [startSession(survivor.id)]),
      pagesOf.profile(survivor.subdomain),
      pagesOf.profile(closed.subdomain),
      purge(scope.articles, scope.corpus),
    ],
  }
}
