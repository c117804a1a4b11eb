import { deleteItemsSchema } from '~/schemas/table'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

/**
 * The data tables' delete (spec §7 "Delete table items"): `{itens: [ids]}` as JSON from
 * `DataTable`, or the checked `itens[]` of its plain form; answers what went.
 */
const deleted = actionSuccess({ excluidos: z.number().int().nonnegative() })

const table = {
  input: deleteItemsSchema,
  output: deleted,
  error: actionError,
  access: 'user',
  public: false,
} as const

/** Conta › Seguindo. */
export const followingDelete = endpoint({
  ...routes.followingDelete,
  spec: 'Delete table items',
  ...table,
  output: deleted,
  limit: 'api',
  summary: 'Deixar de seguir os itens escolhidos',
})

/** Conta › Mensagens. */
export const messagesDelete = endpoint({
  ...routes.messagesDelete,
  spec: 'Delete table items',
  ...table,
  output: deleted,
  limit: 'api',
  summary: 'Excluir as mensagens escolhidas',
})

/** `/monitoramentos`: one counter for every monitoring write (decisions/0046). */
export const monitoringsDelete = endpoint({
  ...routes.monitoringsDelete,
  spec: 'Delete table items',
  ...table,
  // The ids that went (every one asked for: another person's makes the whole call a 404).
  output: actionSuccess({ excluidos: z.array(z.number().int().positive()) }),
  limit: 'api',
  limitScope: 'monitoramentos',
  summary: 'Excluir os monitoramentos escolhidos',
})

/** The tables' delete routes: `DataTable` takes one of these. */
export type DeleteRouteId = 'followingDelete' | 'messagesDelete' | 'monitoringsDelete'
