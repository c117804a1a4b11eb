import { eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { auditLog, type RequestedPage, removalRequests } from '~/db/schema-trust'
import { signToken, verifyToken } from '~/domain/auth/tokens.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DomainError } from '~/domain/errors'
import { REMOVALS_PER_ADDRESS_PER_DAY, takeAddressQuota } from '~/domain/limits/daily-quotas.server'
import { type Outcome, sendMail } from '~/domain/outcome'
import { type TurnstileConfig, verifyTurnstile } from '~/domain/site/turnstile.server'
import { auditInsertIf } from '~/domain/trust/audit.server'
import { t } from '~/i18n/pt-BR'
import { REMOVAL_CAPTCHA_FIELD, type RemovalRequestInput } from '~/schemas/removal'
import { randomHex, sha256Hex, storeDocument } from './documents.server'
import { removalConfirmMail, statusPath } from './mails.server'
import { pathOf, resolvePage } from './pages.server'

// A removal request from receipt to confirmation (decisions/0066). Decisions: decisions.server.ts.

type Deps = {
  db: Database
  corpus: Corpus
  privateFiles: R2Bucket
  origin: string
  authSecret: () => Uint8Array
  now: () => Date
}

/** LGPD art. 19, II: the answer within 15 days of the (confirmed) request. */
export const LEGAL_DAYS = 15
const DAY_MS = 86_400_000
export const deadlineOf = (confirmedAt: number) => confirmedAt + LEGAL_DAYS * DAY_MS

/** Where the form's Turnstile token is checked (workers/lib/turnstile.ts's `turnstileFor`). */
export type Turnstile = {
  deps: { fetch: (request: Request) => Promise<Response> }
  config: TurnstileConfig
}

/**
 * The public form (decisions/0066), like the message to a professional (decisions/0049): the
 * Turnstile token checked with the visitor's address, then one of the address's requests for
 * today, all before anything is stored; then the request is filed.
 */
export async function requestRemoval(
  deps: Deps & { turnstile: Turnstile },
  input: RemovalRequestInput,
  visitor: { address: string; remoteIp: string | null },
): Promise<Outcome> {
  const token = input[REMOVAL_CAPTCHA_FIELD]
  const verdict = await verifyTurnstile(deps.turnstile.deps, deps.turnstile.config, token, visitor.remoteIp)
  if (!verdict.success)
    throw new DomainError('message.captchaRequired', 422, { field: REMOVAL_CAPTCHA_FIELD })
  await takeAddressQuota(deps, visitor.address, 'remocao', REMOVALS_PER_ADDRESS_PER_DAY, 'removal.quota')
  return fileRemovalRequest(deps, input)
}

/** Each address, as a page of this site a request may name; the first unknown one is refused. */
async function pagesOf(deps: Deps, addresses: string[]): Promise<RequestedPage[]> {
  const pages: RequestedPage[] = []
  for (const address of addresses) {
    const path = pathOf(address, deps.origin)
    const page = path ? await resolvePage(deps, path) : null
    if (!page) {
      const error = new DomainError('removal.pageUnknown', 422, { field: 'paginas' })
      error.message = t('removal.pageUnknown', { endereco: address.slice(0, 200) })
      throw error
    }
    if (!pages.some((known) => known.kind === page.kind && known.refId === page.refId)) pages.push(page)
  }
  return pages
}

/**
 * Files a request: the pages checked, the document stored privately, the row and its "received"
 * audit entry written together, and the confirmation e-mail sent. The requester lands on the
 * private status address (its token is shown once and e-mailed; only its hash is stored).
 */
export async function fileRemovalRequest(deps: Deps, input: RemovalRequestInput): Promise<Outcome> {
  const pages = await pagesOf(deps, input.paginas)
  const document = await storeDocument(deps, input.documento)
  const token = randomHex(24)
  const statusHash = await sha256Hex(token)
  const [row] = await deps.db
    .insert(removalRequests)
    .values({
      statusHash,
      name: input.nome,
      email: input.email,
      relation: input.relacao,
      rights: input.direitos,
      reason: input.motivo,
      pages,
      documentKey: document.key,
      documentType: document.mime,
      status: 'aguardando_email',
    })
    .returning({ id: removalRequests.id })
  if (!row) throw new Error('removal request not inserted')
  // The trail holds what was asked, never the e-mail nor the document (they go with the decision).
  await deps.db.insert(auditLog).values({
    actorId: null,
    subjectKind: 'remocao',
    subjectId: row.id,
    action: 'receber',
    reason: input.direitos.join(', '),
    details: { relation: input.relacao, pages: pages.map((page) => page.path) },
  })
  const confirm = await signToken(
    deps.authSecret(),
    'confirmar-remocao',
    { rid: row.id, st: token },
    deps.now(),
  )
  const confirmUrl = `${deps.origin}/remocao/confirmar?token=${encodeURIComponent(confirm)}`
  const status = statusPath(token)
  return {
    message: t('removal.sent'),
    redirect: status,
    body: { redirect_url: status },
    effects: [
      sendMail(removalConfirmMail(deps, { email: input.email, name: input.nome }, confirmUrl, token)),
    ],
  }
}

/**
 * The confirmation link: the request enters the review queue (and the legal deadline starts), once.
 * Answers the status address to land on, or null for a bad or expired link.
 */
export async function confirmRemovalRequest(deps: Deps, raw: string | null): Promise<string | null> {
  const result = await verifyToken<{ rid: number; st: string }>(
    deps.authSecret(),
    'confirmar-remocao',
    raw,
    deps.now(),
  )
  if (!result.ok) return null
  const id = Number(result.claims.rid)
  const token = String(result.claims.st)
  const [row] = await deps.db
    .select({ status: removalRequests.status, statusHash: removalRequests.statusHash })
    .from(removalRequests)
    .where(eq(removalRequests.id, id))
  if (!row || row.statusHash !== (await sha256Hex(token))) return null
  if (row.status === 'aguardando_email') {
    const waiting = sql`EXISTS (SELECT 1 FROM removal_requests WHERE id = ${id} AND status = 'aguardando_email')`
    await deps.db.batch([
      auditInsertIf(
        deps.db,
        { actorId: null, subjectKind: 'remocao', subjectId: id, action: 'confirmar' },
        waiting,
      ),
      deps.db
        .update(removalRequests)
        .set({ status: 'em_analise', confirmedAt: deps.now().getTime() })
        .where(sql`${removalRequests.id} = ${id} AND ${removalRequests.status} = 'aguardando_email'`),
    ])
  }
  return statusPath(token)
}

/** The request behind a private status address, or null. */
export async function requestByStatusToken(deps: { db: Database }, token: string) {
  if (!/^[0-9a-f]{48}$/.test(token)) return null
  const [row] = await deps.db
    .select()
    .from(removalRequests)
    .where(eq(removalRequests.statusHash, await sha256Hex(token)))
  return row ?? null
}
