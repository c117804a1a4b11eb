import { eq } from 'drizzle-orm'
import { monitoringHits, monitorings, webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { buildCnj } from '~/domain/corpus/cnj'
import { enqueueHitDelivery } from '~/domain/monitoring/webhooks.server'
import { BASE, deps, postJson } from '../helpers'
import { recordingQueue } from '../recording-queue'
import { type Cases, viewer } from './case'

// Monitoring (decisions/0070): the lawsuit page's button, the name form, "não sou eu" and the
// webhook, each answer parsed with the declared schemas by test/unit/endpoint-schemas.test.ts.

let seq = 0
const tag = () => `${Date.now().toString(36)}${++seq}`
const db = () => deps().db
/** The development receiver (workers/api/dev.ts): answers 200, or 500 with `?falhar=1`. */
const RECEIVER = `${BASE}/__dev/webhook`

/** A user's monitoring with one hit, and (when `hook` is given) a webhook at that address. */
async function hitOf(userId: number, hook?: string) {
  const [monitoring] = await db()
    .insert(monitorings)
    .values({ userId, kind: 'termo', term: `contrato ${tag()}`, sources: ['diarios'] })
    .returning()
  const [hit] = await db()
    .insert(monitoringHits)
    .values({
      monitoringId: monitoring?.id ?? 0,
      userId,
      documentKind: 'materia',
      documentId: 980_000 + (seq % 9_999),
      title: 'Contrato em Diário Oficial da União',
      url: '/diarios/materia/999001',
      reasons: ['Termo exato'],
      contextKey: `diario:DOU|Contrato ${tag()}`,
    })
    .returning()
  if (!hit) throw new Error('hit')
  if (hook)
    await db()
      .insert(webhooks)
      .values({ userId, url: hook, secret: `segredo-${tag()}` })
  return hit
}

const lawsuitFields = (numero: string) => ({
  numero_processo: numero,
  termo: numero,
  tipo: 'processo',
  origem_criacao: 'BOTAO_MONITORAR_PAGINA_PROCESSO',
})

export const monitoringCases: Cases = {
  lawsuitMonitoring: async () => {
    const { headers } = await viewer()
    const path = '/api/interno/processos'
    const numero = buildCnj(500_000 + (Date.now() % 400_000) + ++seq, 2025, 8, 26, 100)
    return [
      { name: 'monitora', ok: true, status: 200, call: () => postJson(path, lawsuitFields(numero), headers) },
      // Pressing it again opens the same monitoring.
      { name: 'de novo', ok: true, status: 200, call: () => postJson(path, lawsuitFields(numero), headers) },
      {
        name: 'número inválido',
        ok: false,
        status: 422,
        call: () => postJson(path, lawsuitFields('123'), headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, lawsuitFields(numero)) },
    ]
  },
  nameMonitoring: async () => {
    const { headers } = await viewer()
    const path = '/ajax/monitoramentos'
    const fields = { tipo: 'nome', modo: 'exato', fontes: ['diarios'], termo: `Maria Contrato ${tag()}` }
    return [
      { name: 'monitora', ok: true, status: 200, call: () => postJson(path, fields, headers) },
      { name: 'o mesmo outra vez', ok: false, status: 409, call: () => postJson(path, fields, headers) },
      {
        name: 'sem termo',
        ok: false,
        status: 422,
        call: () => postJson(path, { ...fields, termo: '' }, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, fields) },
    ]
  },
  monitoringHitDismiss: async () => {
    const { user, headers } = await viewer()
    const stranger = await viewer()
    const hit = await hitOf(user.id)
    const path = `/ajax/monitoramentos/ocorrencias/${hit.id}/nao-sou-eu`
    return [
      { name: 'de outra pessoa', ok: false, status: 404, call: () => postJson(path, {}, stranger.headers) },
      { name: 'não sou eu', ok: true, status: 200, call: () => postJson(path, {}, headers) },
      {
        name: 'id inválido',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/monitoramentos/ocorrencias/abc/nao-sou-eu', {}, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, {}) },
    ]
  },
  webhookSave: async () => {
    const { headers } = await viewer()
    const path = '/ajax/monitoramentos/webhook'
    return [
      {
        name: 'salva',
        ok: true,
        status: 200,
        call: () => postJson(path, { url: 'https://ganchos.exemplo.com.br/jurisedge' }, headers),
      },
      {
        name: 'troca o endereço',
        ok: true,
        status: 200,
        call: () => postJson(path, { url: 'https://outro.exemplo.com.br/jurisedge' }, headers),
      },
      {
        name: 'endereço inválido',
        ok: false,
        status: 422,
        call: () => postJson(path, { url: 'http://10.0.0.1/' }, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson(path, { url: 'https://a.exemplo.com.br/' }),
      },
    ]
  },
  webhookRemove: async () => {
    const { user, headers } = await viewer()
    await db()
      .insert(webhooks)
      .values({ userId: user.id, url: RECEIVER, secret: `segredo-${tag()}` })
    const path = '/ajax/monitoramentos/webhook/excluir'
    return [
      { name: 'exclui', ok: true, status: 200, call: () => postJson(path, {}, headers) },
      { name: 'corpo inválido', ok: false, status: 422, call: () => postJson(path, 'x', headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, {}) },
    ]
  },
  webhookTest: async () => {
    const { user, headers } = await viewer()
    const failing = await viewer()
    const none = await viewer()
    await db()
      .insert(webhooks)
      .values({ userId: user.id, url: RECEIVER, secret: `segredo-${tag()}` })
    await db()
      .insert(webhooks)
      .values({ userId: failing.user.id, url: `${RECEIVER}?falhar=1`, secret: `segredo-${tag()}` })
    const path = '/ajax/monitoramentos/webhook/teste'
    return [
      { name: 'entregue', ok: true, status: 200, call: () => postJson(path, {}, headers) },
      { name: 'o receptor falha', ok: false, status: 422, call: () => postJson(path, {}, failing.headers) },
      { name: 'sem webhook', ok: false, status: 422, call: () => postJson(path, {}, none.headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, {}) },
    ]
  },
  webhookResend: async () => {
    const { user, headers } = await viewer()
    const stranger = await viewer()
    const hit = await hitOf(user.id, RECEIVER)
    const id = (await enqueueHitDelivery({ ...deps(), monitoringQueue: recordingQueue().queue }, hit.id)) ?? 0
    await db()
      .update(webhookOutbox)
      .set({ state: 'falhou', attempts: 12, error: 'HTTP 500' })
      .where(eq(webhookOutbox.id, id))
    const path = `/ajax/monitoramentos/webhook/entregas/${id}/reenviar`
    return [
      { name: 'de outra pessoa', ok: false, status: 404, call: () => postJson(path, {}, stranger.headers) },
      { name: 'reenvia', ok: true, status: 200, call: () => postJson(path, {}, headers) },
      { name: 'já entregue', ok: false, status: 409, call: () => postJson(path, {}, headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, {}) },
    ]
  },
}
