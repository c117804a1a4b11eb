import { type Context, Hono } from 'hono'
import { DomainError } from '~/domain/errors'
import { REMOVALS_PER_ADDRESS_PER_DAY, takeAddressQuota } from '~/domain/limits/daily-quotas.server'
import { decideRemoval, type RemovalAction, requestDocument } from '~/domain/removal/decisions.server'
import { fileRemovalRequest } from '~/domain/removal/requests.server'
import { auditCsv } from '~/domain/trust/audit-csv.server'
import {
  REMOVAL_CAPTCHA_FIELD,
  removalApproveSchema,
  removalRefuseSchema,
  removalRequestSchema,
} from '~/schemas/removal'
import type { AppEnv, AuthedEnv } from '../env'
import { idParam } from '../lib/input'
import { respond } from '../lib/respond'
import { requireHuman } from '../lib/turnstile'
import { validate } from '../lib/validate'
import { clientAddress, perUserLimit, rateLimit } from '../middleware/rate-limit'
import { requireRole } from '../middleware/roles'

// Removal and de-indexing on request (decisions/0066) and the audit trail's export (0067).

const reviewer = [
  requireRole('revisor'),
  perUserLimit((env) => env.API_LIMITER, { scope: 'revisao-remocao' }),
] as const

/** A reviewer's decision on the request of the address, with its note (or, refusing, its reason). */
async function decide(c: Context<AuthedEnv, '/:id'>, action: RemovalAction, text: string) {
  const id = idParam(c.req.param('id'), 'removal.review.notPending')
  return respond(c, await decideRemoval(c.var.deps, c.var.user.id, id, action, text))
}

export const removalApi = new Hono<AppEnv>()
  // A public form like the message to a professional: per-address rate limit, Turnstile, and a
  // daily cap per address (decisions/0049), all before anything is stored.
  .post(
    '/ajax/remocao',
    rateLimit((env) => env.MESSAGE_LIMITER, undefined, { scope: 'remocao' }),
    validate(removalRequestSchema),
    async (c) => {
      const input = c.req.valid('form')
      await requireHuman(c, input[REMOVAL_CAPTCHA_FIELD], REMOVAL_CAPTCHA_FIELD)
      await takeAddressQuota(
        c.var.deps,
        clientAddress(c),
        'remocao',
        REMOVALS_PER_ADDRESS_PER_DAY,
        'removal.quota',
      )
      return respond(c, await fileRemovalRequest(c.var.deps, input))
    },
  )
  .post('/ajax/revisao/remocoes/:id/desindexar', ...reviewer, validate(removalApproveSchema), (c) =>
    decide(c, 'desindexar', c.req.valid('form').nota),
  )
  .post('/ajax/revisao/remocoes/:id/mascarar', ...reviewer, validate(removalApproveSchema), (c) =>
    decide(c, 'mascarar', c.req.valid('form').nota),
  )
  .post('/ajax/revisao/remocoes/:id/recusar', ...reviewer, validate(removalRefuseSchema), (c) =>
    decide(c, 'recusar', c.req.valid('form').motivo),
  )
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
