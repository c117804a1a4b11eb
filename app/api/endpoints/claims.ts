import { acceptClaimInput, claimPersonInput, refuseClaimInput, undoClaimInput } from '~/schemas/claims'
import { mergeAccountsSchema, proveAccountSchema } from '~/schemas/merge'
import { z } from '~/schemas/zod'
import { claimRoutes as routes } from '../area-routes/claims'
import { actionError, actionSuccess, endpoint } from '../endpoint'

/** Where the script goes next (the person page, the ticket's page, the queue, `/conta`). */
const next = { redirect_url: z.string() }

const claimState = z.object({ id: z.number().int().positive(), status: z.string() })

// "Este sou eu" (issue 17, decisions/0034): claiming and undoing share one per-user counter.
const claiming = {
  error: actionError,
  access: 'user',
  limit: 'api',
  limitScope: 'reivindicar',
  public: false,
} as const

export const claimPerson = endpoint({
  ...routes.claimPerson,
  ...claiming,
  input: claimPersonInput,
  output: actionSuccess({ ...next, reivindicacao: claimState }),
  summary: 'Reivindicar a página de uma pessoa ("Este sou eu")',
})

export const claimUndo = endpoint({
  ...routes.claimUndo,
  ...claiming,
  input: undoClaimInput,
  output: actionSuccess(next),
  summary: 'Desfazer a própria reivindicação',
})

/**
 * Merging two accounts (decisions/0033). Proving is a password check: a small per-user counter
 * on the logins' binding (and the per-account one inside the use-case), so it cannot guess
 * passwords.
 */
export const mergeProve = endpoint({
  ...routes.mergeProve,
  input: proveAccountSchema,
  output: actionSuccess(next),
  error: actionError,
  access: 'user',
  limit: 'api',
  limitBinding: 'LOGIN_ACCOUNT_LIMITER',
  limitScope: 'unir-contas',
  public: false,
  summary: 'Provar que a outra conta é sua',
})

/**
 * Confirming needs a ticket only a proof gives, and the batch lets one merge win a race
 * (decisions/0046): an ordinary per-user counter, so a race reaches the guard that settles it.
 */
export const mergeConfirm = endpoint({
  ...routes.mergeConfirm,
  input: mergeAccountsSchema,
  output: actionSuccess({
    ...next,
    sobrevivente: z.object({ id: z.number().int().positive(), subdominio: z.string() }),
  }),
  error: actionError,
  access: 'user',
  limit: 'api',
  limitScope: 'unir-contas-confirmar',
  public: false,
  summary: 'Unir as duas contas',
})

// The review queue's decisions (decisions/0048, 0049): reviewers only, one counter for both.
const reviewing = {
  output: actionSuccess({ ...next, reivindicacao: claimState }),
  error: actionError,
  access: 'reviewer',
  limit: 'api',
  limitScope: 'revisao',
  public: false,
} as const

export const reviewAccept = endpoint({
  ...routes.reviewAccept,
  ...reviewing,
  input: acceptClaimInput,
  summary: 'Aceitar uma reivindicação',
})

export const reviewRefuse = endpoint({
  ...routes.reviewRefuse,
  ...reviewing,
  input: refuseClaimInput,
  summary: 'Recusar uma reivindicação',
})
