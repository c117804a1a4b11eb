import { Hono } from 'hono'
import { removalDeindex, removalMask, removalRefuse, removalRequest } from '~/api/endpoints/removal'
import { DomainError } from '~/domain/errors'
import { decideRemoval, type RemovalAction, requestDocument } from '~/domain/removal/decisions.server'
import { requestRemoval } from '~/domain/removal/requests.server'
import { auditCsv } from '~/domain/trust/audit-csv.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { type EndpointContext, register } from '../lib/register'
import { respond } from '../lib/respond'
import { turnstileFor } from '../lib/turnstile'
import { clientAddress } from '../middleware/rate-limit'
import { requireRole } from '../middleware/roles'

// Removal and de-indexing on request (decisions/0066) and the audit trail's export (0067). The
// form's and the reviewer's calls are declared in app/api/endpoints/removal.ts; the document and
// the export are downloads (links), not calls.

/** A reviewer's decision on the request of the path, with its note (or, refusing, its reason). */
const decide =
  (action: RemovalAction) =>
  async (c: EndpointContext<typeof removalDeindex | typeof removalMask | typeof removalRefuse>) => {
    const input = c.req.valid('form')
    const text = 'motivo' in input ? input.motivo : input.nota
    const id = idParam(input.id, 'removal.review.notPending')
    return respond(c, await decideRemoval(c.var.deps, c.var.user.id, id, action, text))
  }

const removalApiBase = new Hono<AppEnv>()
  // The identity document, to reviewers only, never cached, shown inline but never sniffed.
  .get('/revisao/remocoes/:id/documento', requireRole('revisor'), async (c) => {
    const object = await requestDocument(c.var.deps, idParam(c.req.param('id'), 'removal.document.notFound'))
    if (!object) throw new DomainError('removal.document.notFound', 404)
    const headers = new Headers()
    object.writeHttpMetadata(headers)
    headers.set('Cache-Control', 'private, no-store')
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('X-Robots-Tag', 'noindex')
    headers.set('Content-Disposition', 'inline')
    headers.set('Content-Length', String(object.size))
    return new Response(object.body, { headers })
  })
  .get('/revisao/auditoria.csv', requireRole('revisor'), async (c) => {
    const csv = await auditCsv(c.var.deps)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="trilha-de-auditoria-${c.var.deps.now().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    })
  })

// The public form: the Turnstile check and the address's daily cap are the use-case's.
const removalApi1 = register(removalApiBase, removalRequest, async (c) =>
  respond(
    c,
    await requestRemoval({ ...c.var.deps, turnstile: turnstileFor(c) }, c.req.valid('form'), {
      address: clientAddress(c),
      remoteIp: c.req.header('cf-connecting-ip') ?? null,
    }),
  ),
)
const removalApi2 = register(removalApi1, removalDeindex, decide('desindexar'))
const removalApi3 = register(removalApi2, removalMask, decide('mascarar'))
const removalApi4 = register(removalApi3, removalRefuse, decide('recusar'))

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const removalApi = removalApi4
