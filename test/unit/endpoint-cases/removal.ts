import { grantRole, lawyerPerson, surname } from '../claims-helpers'
import { createUser, sessionCookie } from '../helpers'
import { confirmedRequest, decide, fileRequest } from '../removal-helpers'
import type { Case, Cases } from './case'

// Removal and de-indexing on request (decisions/0066, 0070): the public form and the reviewer's
// three decisions, success and errors.

async function reviewer() {
  const user = await createUser({ name: `Revisora ${surname()}` })
  await grantRole(user.id)
  return sessionCookie(user.id)
}

/** A confirmed request in the queue, and a reviewer's session. */
async function pending() {
  const { person } = await lawyerPerson(`Ana ${surname()} Contrato`)
  const { id } = await confirmedRequest({ paginas: `/pessoas/${person.slug}` })
  return { id, cookie: await reviewer() }
}

/** A decision: done once (200), then not pending any more (404); a stranger is refused (403). */
const decision = (action: string, fields: Record<string, string>) => async (): Promise<Case[]> => {
  const { id, cookie } = await pending()
  const stranger = await sessionCookie((await createUser()).id)
  return [
    {
      name: 'sem o papel de revisor',
      ok: false,
      status: 403,
      call: () => decide(stranger, id, action, fields),
    },
    { name: 'decide', ok: true, status: 200, call: () => decide(cookie, id, action, fields) },
    { name: 'já decidido', ok: false, status: 404, call: () => decide(cookie, id, action, fields) },
    { name: 'id inválido', ok: false, status: 404, call: () => decide(cookie, 0, action, fields) },
  ]
}

export const removalCases: Cases = {
  removalRequest: async () => {
    const { person } = await lawyerPerson(`Rui ${surname()} Contrato`)
    const page = `/pessoas/${person.slug}`
    return [
      { name: 'pede', ok: true, status: 200, call: () => fileRequest({ paginas: page }) },
      { name: 'sem página', ok: false, status: 422, call: () => fileRequest({ paginas: '' }) },
      {
        name: 'captcha errado',
        ok: false,
        status: 422,
        call: () => fileRequest({ paginas: page, 'cf-turnstile-response': 'errado' }),
      },
    ]
  },
  removalDeindex: decision('desindexar', { nota: 'Sem interesse público.' }),
  removalMask: decision('mascarar', {}),
  removalRefuse: async () => {
    const cases = await decision('recusar', { motivo: 'Dados de interesse público.' })()
    const { id, cookie } = await pending()
    return [
      ...cases,
      { name: 'sem motivo', ok: false, status: 422, call: () => decide(cookie, id, 'recusar', {}) },
    ]
  },
}
