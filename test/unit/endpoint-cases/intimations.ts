import { importDjen } from '~/domain/corpus/import/formats/djen'
import { deps, postJson } from '../helpers'
import { djenItem, fresh } from '../intimations-helpers'
import { type Cases, viewer } from './case'

// Intimações by OAB and deadlines (issue 41): each answer parsed with the declared schemas by
// test/unit/endpoint-schemas.test.ts.

/** A viewer monitoring a fresh OAB, with one intimação of it. */
async function withIntimation() {
  const v = await viewer()
  const { oab, id, cnj } = fresh()
  await postJson('/ajax/monitoramentos/oab', { numero: oab, uf: 'RJ' }, v.headers)
  const d = deps()
  await importDjen({ db: d.db, corpus: d.corpus }, [
    {
      name: 'casos.json',
      content: JSON.stringify({ items: [djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })] }),
    },
  ])
  const [row] = await d.db.query.intimations.findMany({ where: (t, { eq }) => eq(t.userId, v.user.id) })
  return { ...v, intimationId: row?.id ?? 0 }
}

export const intimationCases: Cases = {
  oabMonitoring: async () => {
    const { headers } = await viewer()
    const path = '/ajax/monitoramentos/oab'
    const fields = { numero: `OAB/SP ${fresh().oab}`, uf: 'SP' }
    return [
      { name: 'monitora', ok: true, status: 200, call: () => postJson(path, fields, headers) },
      { name: 'a mesma outra vez', ok: false, status: 409, call: () => postJson(path, fields, headers) },
      {
        name: 'UF que não confere',
        ok: false,
        status: 422,
        call: () => postJson(path, { ...fields, uf: 'RJ' }, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, fields) },
    ]
  },
  intimationCorrect: async () => {
    const { headers, intimationId } = await withIntimation()
    const stranger = await viewer()
    const path = `/ajax/intimacoes/${intimationId}/corrigir`
    return [
      {
        name: 'de outra pessoa',
        ok: false,
        status: 404,
        call: () => postJson(path, { dias: '5' }, stranger.headers),
      },
      {
        name: 'corrige',
        ok: true,
        status: 200,
        call: () => postJson(path, { dias: '5', tribunal: 'tjsp' }, headers),
      },
      { name: 'dias inválidos', ok: false, status: 422, call: () => postJson(path, { dias: '-1' }, headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { dias: '5' }) },
    ]
  },
  intimationFulfil: async () => {
    const { headers, intimationId } = await withIntimation()
    const stranger = await viewer()
    const path = `/ajax/intimacoes/${intimationId}/cumprido`
    return [
      {
        name: 'de outra pessoa',
        ok: false,
        status: 404,
        call: () => postJson(path, { cumprido: 'sim' }, stranger.headers),
      },
      { name: 'cumprido', ok: true, status: 200, call: () => postJson(path, { cumprido: 'sim' }, headers) },
      {
        name: 'escolha inválida',
        ok: false,
        status: 422,
        call: () => postJson(path, { cumprido: 'talvez' }, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { cumprido: 'sim' }) },
    ]
  },
  deadlineFeedReplace: async () => {
    const { headers } = await viewer()
    const path = '/ajax/prazos/agenda/novo-endereco'
    return [
      { name: 'novo endereço', ok: true, status: 200, call: () => postJson(path, {}, headers) },
      { name: 'corpo inválido', ok: false, status: 422, call: () => postJson(path, 'x', headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, {}) },
    ]
  },
  deadlineReminders: async () => {
    const { headers } = await viewer()
    const path = '/ajax/prazos/lembretes'
    return [
      { name: 'salva', ok: true, status: 200, call: () => postJson(path, { dias: '5, 2' }, headers) },
      { name: 'nenhum', ok: true, status: 200, call: () => postJson(path, { dias: '' }, headers) },
      { name: 'inválidos', ok: false, status: 422, call: () => postJson(path, { dias: '0' }, headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { dias: '1' }) },
    ]
  },
}
