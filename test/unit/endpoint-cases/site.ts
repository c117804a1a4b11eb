import { get } from '../helpers'
import type { Cases } from './case'

/**
 * Endpoints that refuse no input by design (their only error answer is the site's 500, which a
 * case cannot provoke): the site's JSON search reads its parameters as the results page does
 * (an unknown value falls back), and the health probe asks for nothing.
 */
export const REFUSE_NOTHING = new Set(['siteSearch', 'health'])

/** The site's own JSON search and the health probe (decisions/0070). */
export const siteCases: Cases = {
  siteSearch: async () => [
    { name: 'tudo', ok: true, status: 200, call: () => get('/api/v2/busca?q=contrato') },
    {
      name: 'uma categoria, filtros e página',
      ok: true,
      status: 200,
      call: () => get('/api/v2/busca?q=contrato&qo=en&filtro=1&tribunal=TJSP&tribunal=TJRJ&page=2'),
    },
    { name: 'sem termo', ok: true, status: 200, call: () => get('/api/v2/busca?q=') },
    {
      name: 'valores desconhecidos',
      ok: true,
      status: 200,
      call: () => get('/api/v2/busca?q=zzqxv&qo=planeta&page=abc&ordem=x'),
    },
  ],
  health: async () => [{ name: 'responde', ok: true, status: 200, call: () => get('/api/saude') }],
}
