import { get, postJson } from '../helpers'
import type { Cases } from './case'

const page = () => `http://localhost:8787/artigos/contrato-${Date.now().toString(36)}-${Math.random()}`

/** Shares and click analytics (decisions/0070). */
export const shareCases: Cases = {
  shareCount: async () => {
    const url = page()
    return [
      {
        name: 'total',
        ok: true,
        status: 200,
        call: () => get(`/api/v2/compartilhamentos?url=${encodeURIComponent(url)}`),
      },
      {
        name: 'outro site',
        ok: false,
        status: 422,
        call: () => get(`/api/v2/compartilhamentos?url=${encodeURIComponent('https://outro.example/x')}`),
      },
      { name: 'sem url', ok: false, status: 422, call: () => get('/api/v2/compartilhamentos') },
    ]
  },
  shareRecord: async () => [
    {
      name: 'conta',
      ok: true,
      status: 200,
      call: () => postJson('/api/v2/compartilhamentos', { url: page(), rede: 'whatsapp' }),
    },
    {
      name: 'rede desconhecida',
      ok: false,
      status: 422,
      call: () => postJson('/api/v2/compartilhamentos', { url: page(), rede: 'orkut' }),
    },
  ],
  trackEvent: async () => [
    {
      name: 'registra',
      ok: true,
      status: 204,
      call: () => postJson('/api/v2/eventos', { evento: 'clique_contrato', pagina: '/' }),
    },
    { name: 'sem evento', ok: false, status: 422, call: () => postJson('/api/v2/eventos', { pagina: '/' }) },
  ],
}

/** The search box's suggestions (decisions/0070). */
export const suggestionCases: Cases = {
  suggestions: async () => [
    {
      name: 'sugere',
      ok: true,
      status: 200,
      call: () => postJson('/api/v2/busca/sugestoes', { termo: 'ana' }),
    },
    {
      name: 'corpo que não é objeto',
      ok: false,
      status: 422,
      call: () => postJson('/api/v2/busca/sugestoes', [1]),
    },
  ],
}
