import { describe, expect, it } from 'vitest'
import { get } from './helpers'

/**
 * Addresses no link makes but anyone can type or a crawler can send: a malformed escape, a
 * segment far longer than any slug or id, a NUL, a path that climbs. Each page answers with a
 * 4xx page of its own (or the page itself), never a 500.
 */
const ODD = ['%E0', '%', '%%', '%00', 'a%2Fb', '..%2F..', 'ç', 'x'.repeat(3000), '1'.repeat(3000)]

const PAGES = [
  '/B',
  '/B/B',
  '/advogado/B',
  '/cidade/B',
  '/comunidades/B?pagina=B',
  '/artigos/B',
  '/artigos/a-B',
  '/artigos/1-B/editar',
  '/processos/B',
  '/pessoas/B',
  '/pessoas/B/este-sou-eu',
  '/empresas/B',
  '/diarios/B',
  '/diarios/B/materias?data=B&q=B',
  '/diarios/materia/B',
  '/jurisprudencia/B',
  '/legislacao/B',
  '/monitoramentos/B',
  '/busca?q=B&tipo=B&pagina=B&ordem=B',
  '/jurisprudencia/busca?q=B&tribunal=B',
  '/legislacao/busca?q=B',
  '/profissionais?profissao=B&cidade=B',
  '/confirmar-email?token=B',
  '/email/cancelar?token=B',
  '/senha/redefinir?token=B',
  '/login?auth.redirect=B',
  '/sessao/ponte?volta=B',
  '/api/v2/sugestoes?q=B',
  '/sitemaps/B.xml',
]

describe('odd addresses', () => {
  it('never answer with a 500', async () => {
    const failed: string[] = []
    for (const page of PAGES)
      for (const odd of ODD) {
        const path = page.replaceAll('B', odd)
        const res = await get(path)
        await res.body?.cancel()
        if (res.status >= 500) failed.push(`${res.status} ${path.slice(0, 80)}`)
      }
    expect(failed).toEqual([])
  })
})
