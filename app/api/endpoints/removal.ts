import {
  MAX_DOCUMENT_BYTES,
  removalApproveSchema,
  removalRefuseSchema,
  removalRequestSchema,
} from '~/schemas/removal'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

// Removal and de-indexing on request (decisions/0066, 0070).

/**
 * The public form: multipart (the identity document). A body past the document's 5 MB and the
 * text fields is refused at that byte, as it streams, with the document's own message (413).
 */
export const removalRequest = endpoint({
  ...routes.removalRequest,
  input: removalRequestSchema,
  maxBody: MAX_DOCUMENT_BYTES + 64 * 1024,
  maxBodyError: { message: 'removal.documentTooBig', field: 'documento' },
  /** The private status page (its token is shown once there and e-mailed). */
  output: actionSuccess({ redirect_url: z.string() }),
  error: actionError,
  access: 'anyone',
  // A public form like the message to a professional: per address (and a daily cap per address,
  // the use-case's), its own counter on MESSAGE_LIMITER.
  limit: 'address',
  limitBinding: 'MESSAGE_LIMITER',
  limitScope: 'remocao',
  public: false,
  summary: 'Pedir a remoção ou desindexação de páginas',
})

// A reviewer's three decisions share one counter (decisions/0048).
const decision = {
  output: actionSuccess({
    remocao: z.object({ id: z.number().int(), status: z.enum(['desindexada', 'mascarada', 'recusada']) }),
    redirect_url: z.string(),
  }),
  error: actionError,
  access: 'reviewer',
  limit: 'api',
  limitScope: 'revisao-remocao',
  public: false,
} as const

export const removalDeindex = endpoint({
  ...routes.removalDeindex,
  ...decision,
  input: removalApproveSchema,
  summary: 'Desindexar as páginas de um pedido',
})

export const removalMask = endpoint({
  ...routes.removalMask,
  ...decision,
  input: removalApproveSchema,
  summary: 'Mascarar os dados de um pedido',
})

export const removalRefuse = endpoint({
  ...routes.removalRefuse,
  ...decision,
  input: removalRefuseSchema,
  summary: 'Recusar um pedido, com o motivo',
})
