import { sourceJobs } from '~/db/schema-sources'
import { grantRole } from '../claims-helpers'
import { deps, postJson } from '../helpers'
import { type Cases, viewer } from './case'

/** A dead letter of the public sources (a lookup that failed its last try). */
async function deadJob() {
  const [job] = await deps()
    .db.insert(sourceJobs)
    .values({
      source: 'datajud',
      key: `processo:contrato:${crypto.randomUUID()}`,
      request: { source: 'datajud', window: { from: '2026-11-01', to: '2026-11-01' }, page: 0, query: {} },
      status: 'falhou',
      attempts: 5,
      lastError: 'HTTP 500',
    })
    .returning({ id: sourceJobs.id })
  if (!job) throw new Error('job')
  return job.id
}

/** The public sources' reviewers' action (issue 40). */
export const sourceCases: Cases = {
  sourceRetry: async () => {
    const id = await deadJob()
    const reviewer = await viewer()
    await grantRole(reviewer.user.id)
    const plain = await viewer()
    const path = `/ajax/revisao/fontes/${id}/tentar-de-novo`
    return [
      { name: 'não é revisor', ok: false, status: 403, call: () => postJson(path, {}, plain.headers) },
      {
        name: 'id que não é número',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/revisao/fontes/abc/tentar-de-novo', {}, reviewer.headers),
      },
      { name: 'de novo', ok: true, status: 200, call: () => postJson(path, {}, reviewer.headers) },
      { name: 'não falhou', ok: false, status: 404, call: () => postJson(path, {}, reviewer.headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, {}) },
    ]
  },
}
