import { grantRole } from '../claims-helpers'
import { postJson } from '../helpers'
import { type Cases, viewer } from './case'

async function reviewer() {
  const { user, headers } = await viewer()
  await grantRole(user.id)
  return headers
}

const suspension = {
  tribunal: 'TJSP',
  de: '2025-02-10',
  ate: '2025-02-11',
  motivo: 'Falha no sistema eletrônico',
  fonte: 'Comunicado CG 100/2025, DJE de 12/02/2025',
}

/** Deadlines (issue 41): a court's declared suspension, reviewers only. */
export const deadlineCases: Cases = {
  suspensionAdd: async () => {
    const headers = await reviewer()
    const plain = await viewer()
    const path = '/ajax/revisao/suspensoes'
    return [
      {
        name: 'não é revisor',
        ok: false,
        status: 403,
        call: () => postJson(path, suspension, plain.headers),
      },
      {
        name: 'sem fonte',
        ok: false,
        status: 422,
        call: () => postJson(path, { ...suspension, fonte: '' }, headers),
      },
      {
        name: 'tribunal desconhecido',
        ok: false,
        status: 400,
        call: () => postJson(path, { ...suspension, tribunal: 'XPTO' }, headers),
      },
      { name: 'registra', ok: true, status: 200, call: () => postJson(path, suspension, headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, suspension) },
    ]
  },
}
