import { eq, sql } from 'drizzle-orm'
import { accountMerges, users } from '~/db/schema'
import { mergeNoticeMail } from '~/domain/auth/emails.server'
import { mergeTicketUrl } from '~/domain/auth/merge-ticket.server'
import { verifyToken } from '~/domain/auth/tokens.server'
import { scope } from '~/domain/cache/page-rules'
import { pagesOf } from '~/domain/cache/purges'
import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { type Outcome, purge, sendMail, startSession } from '~/domain/outcome'
import { checkCredentials } from '~/domain/users/credentials.server'
import { t } from '~/i18n/pt-BR'
import { mergeStatements } from './statements.server'

type MergeDeps = Pick<Deps, 'db' | 'authSecret' | 'now'>
type ProveDeps = MergeDeps & Pick<Deps, 'limits'>

/** Only a confirmed address proves who owns an account: an unconfirmed one is never merged. */
async function assertConfirmed(
  deps: MergeDeps,
  id: number,
  key: 'merge.confirmFirst' | 'merge.otherUnconfirmed',
) {
  const [row] = await deps.db
    .select({ confirmed: users.emailConfirmedAt, merged: users.mergedIntoId })
    .from(users)
    .where(eq(users.id, id))
  if (row?.merged) throw new DomainError('merge.alreadyMerged', 409)
  if (!row?.confirmed)
    throw new DomainError(key, 422, key === 'merge.otherUnconfirmed' ? { field: 'email' } : {})
}

/**
 * Step 1 (decisions/0033): logged in to one account, the person proves they own the other with
 * its e-mail and password. Both accounts must have a confirmed e-mail (decisions/0046): a
 * password chosen for an address nobody confirmed proves nothing. The password check spends the
 * other account's one guess counter, like a login. The answer is a short-lived signed ticket
 * naming both accounts; nothing changes yet.
 */
export async function proveOtherAccount(
  deps: ProveDeps,
  currentId: number,
  input: { email: string; senha: string },
): Promise<Outcome> {
  await assertConfirmed(deps, currentId, 'merge.confirmFirst')
  const other = await checkCredentials(deps, input.email, input.senha)
  if (!other) throw new DomainError('merge.badCredentials', 422, { field: 'senha' })
  if (other.id === currentId) throw new DomainError('merge.sameAccount', 422, { field: 'email' })
  await assertConfirmed(deps, other.id, 'merge.otherUnconfirmed')
  const url = await mergeTicketUrl(deps, currentId, other.id)
  return { redirect: url, body: { redirect_url: url } }
}

const TICKET_ID = /^[0-9a-f-]{36}$/

/**
 * The ticket's two accounts, refused unless it was made for the person holding it now, both are
 * still open (409 once one was merged) and both e-mails are confirmed.
 */
export async function readTicket(deps: MergeDeps, currentId: number, ticket: string | null) {
  const result = await verifyToken<{ sub: number; outra: number; jti?: unknown }>(
    deps.authSecret(),
    'unir-contas',
    ticket,
    deps.now(),
  )
  if (!result.ok || result.claims.sub !== currentId || typeof result.claims.jti !== 'string')
    throw new DomainError('merge.badTicket', 400)
  const ticketId = result.claims.jti
  if (!TICKET_ID.test(ticketId)) throw new DomainError('merge.badTicket', 400)
  const both = await deps.db
    .select({
      id: users.id,
      name: users.name,
      subdomain: users.subdomain,
      email: users.email,
      merged: users.mergedIntoId,
      confirmed: users.emailConfirmedAt,
    })
    .from(users)
    .where(sql`${users.id} IN (${currentId}, ${result.claims.outra})`)
  const current = both.find((u) => u.id === currentId)
  const other = both.find((u) => u.id === result.claims.outra)
  if (!current || !other || current.id === other.id) throw new DomainError('merge.badTicket', 400)
  if (current.merged || other.merged) throw new DomainError('merge.alreadyMerged', 409)
  if (!current.confirmed) throw new DomainError('merge.confirmFirst', 422)
  if (!other.confirmed) throw new DomainError('merge.otherUnconfirmed', 422)
  return { current, other, ticketId }
}

/**
 * What will move from `o` to `s`, counted exactly as the merge will do it (the confirmation
 * screen): one statement, eleven counts.
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
    (SELECT count(*) FROM monitorings a JOIN monitorings b ON b.user_id = ${s}
      AND (b.cnj = a.cnj OR (a.kind = 'oab' AND b.kind = 'oab' AND b.oab = a.oab)) WHERE a.user_id = ${o}) AS sharedMonitorings,
    (SELECT count(*) FROM intimations WHERE user_id = ${o} AND communication_id NOT IN
      (SELECT communication_id FROM intimations WHERE user_id = ${s})) AS intimations,
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
    intimations: n('intimations'),
    messages: n('messages'),
    notifications: n('notifications'),
  }
}
export type MergePreview = Awaited<ReturnType<typeof mergePreview>>

/**
 * Step 2: the person chose which account survives; everything of the other moves to it in one D1
 * batch (all or nothing) and the other is closed. When the survivor is not the account logged in
 * now, the session moves to it (the current one belongs to the closed account). Both addresses
 * are told.
 *
 * Racing merges (decisions/0046): the batch opens with the log row, whose survivor is NULL (a
 * NOT NULL failure that rolls the whole batch back) unless both accounts are still open and
 * confirmed at that moment, inside the transaction; its unique ticket id makes a ticket single
 * use. So exactly one merge of a pair happens, whatever arrives at once.
 */
export async function mergeAccounts(
  deps: MergeDeps & Pick<Deps, 'origin'>,
  currentId: number,
  input: { ticket: string; sobrevivente: 'esta' | 'outra' },
): Promise<Outcome> {
  const { current, other, ticketId } = await readTicket(deps, currentId, input.ticket)
  const [survivor, closed] = input.sobrevivente === 'esta' ? [current, other] : [other, current]
  const summary = await mergePreview(deps, survivor.id, closed.id)
  const pair = sql`(SELECT count(*) FROM users WHERE id IN (${survivor.id}, ${closed.id})
    AND merged_into_id IS NULL AND email_confirmed_at IS NOT NULL)`
  const guardedLog = deps.db.insert(accountMerges).values({
    survivorId: sql`(SELECT ${survivor.id} WHERE ${pair} = 2)`,
    closedId: closed.id,
    ticketId,
    summary,
  })
  try {
    await deps.db.batch([
      guardedLog,
      ...mergeStatements(deps.db, survivor.id, closed.id, deps.now().getTime()),
    ] as unknown as Parameters<typeof deps.db.batch>[0])
  } catch (error) {
    const text = String((error as Error)?.cause ?? error)
    if (text.includes('account_merges.ticket_id')) throw new DomainError('merge.ticketUsed', 409)
    if (text.includes('account_merges.survivor_id') || text.includes('merge:'))
      throw new DomainError('merge.alreadyMerged', 409)
    throw error
  }
  const notice = { survivor, closed }
  return {
    message: t('merge.done', { nome: survivor.name }),
    redirect: '/conta',
    body: { redirect_url: '/conta', sobrevivente: { id: survivor.id, subdominio: survivor.subdomain } },
    // The closed profile now redirects, the survivor's lists grew, articles changed author.
    effects: [
      ...(survivor.id === currentId ? [] : [startSession(survivor.id)]),
      sendMail(mergeNoticeMail(deps, survivor, notice)),
      sendMail(mergeNoticeMail(deps, closed, notice)),
      pagesOf.profile(survivor.subdomain),
      pagesOf.profile(closed.subdomain),
      purge(scope.articles, scope.corpus),
    ],
  }
}
