import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertStatute } from '~/domain/corpus/store/documents.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { slugWordPattern } from '~/domain/reference/match'
import { readSearchRequest } from '~/domain/search/request'
import { type SearchCategory, search } from '~/domain/search/search.server'
import { suggest } from '~/domain/suggestions/suggestions.server'
import { deps, get, postJson } from './helpers'

const newestFirst = (query: string, fixed?: SearchCategory) =>
  readSearchRequest(new URLSearchParams(`${query}&ordem=recentes`), '2026-11-22', fixed)

/** Issue 12, finding 4: inputs that answered 500 now answer 4xx or a sane result. */
describe('bad input never answers 500 (issue 12)', () => {
  it('"Mais recentes" sorts parties by their lawsuit, newest first', async () => {
    const name = 'Quirino Valdomiro Esteves'
    const dates = ['2019-03-01', '2023-07-15', '2021-11-30']
    await upsertLawsuits(
      deps().db,
      dates.map((filedAt, i) => ({
        cnj: buildCnj(9120 + i, 2019 + i, 8, 26, 1),
        court: 'TJSP',
        filedAt,
        secrecyLevel: 0,
        source: 'teste-recentes',
        subjects: [],
        movements: [],
        parties: [{ pole: 'ativo' as const, name, lawyers: [] }],
      })),
    )
    const page = await get('/busca?q=quirino+valdomiro&qo=en&ordem=recentes')
    expect(page.status).toBe(200)
    const outcome = await search(deps(), newestFirst('q=quirino+valdomiro&qo=en'))
    const order = [1, 2, 0].map((i) => `/processos/${formatCnj(buildCnj(9120 + i, 2019 + i, 8, 26, 1))}`)
    expect(outcome.sections[0]?.results.map((r) => r.href)).toEqual(order)
  })

  it('"Mais recentes" sorts legislation (statutes and their provisions), newest first', async () => {
    for (const [i, date] of ['1990-01-10', '2015-06-01', '2004-09-09'].entries())
      await upsertStatute(deps().db, {
        urn: `urn:lex:br:federal:lei:teste-recentes-${i}`,
        slug: `lei-teste-recentes-${i}`,
        kind: 'lei',
        number: String(i),
        date,
        title: `Lei de teste ${i} sobre xilografia`,
        summary: 'Dispõe sobre xilografia.',
        sphere: 'federal',
        provisions: [{ anchor: 'art1', kind: 'artigo', text: 'A xilografia é livre.', depth: 0 }],
      })
    expect((await get('/legislacao/busca?q=xilografia&ordem=recentes')).status).toBe(200)
    const outcome = await search(deps(), newestFirst('q=xilografia', 'leis'))
    const hrefs = outcome.sections[0]?.results.map((r) => r.href) ?? []
    expect(hrefs.slice(0, 3)).toEqual([1, 2, 0].map((i) => `/legislacao/lei-teste-recentes-${i}`))
    expect(hrefs.slice(3)).toEqual([1, 2, 0].map((i) => `/legislacao/lei-teste-recentes-${i}#art1`))
  })

  it('answers long autocomplete terms (past D1 LIKE pattern limit) without a 500', async () => {
    // Local workerd does not enforce D1's 50-byte LIKE pattern limit, so check the pattern too.
    for (const key of ['a', 'sao-paulo', 'x'.repeat(48), 'y'.repeat(200)])
      expect(new TextEncoder().encode(slugWordPattern(key)).length).toBeLessThanOrEqual(50)
    for (const [path, param] of [
      ['/ajax/busca-cidades', 'cidade_nome'],
      ['/ajax/busca-titulos-profissionais', 'titulo'],
      ['/ajax/busca-instituicoes', 'instituicao_nome'],
      ['/ajax/busca-comunidades', 'comunidade_nome'],
    ] as const) {
      for (const term of ['a'.repeat(49), 'são paulo '.repeat(9), `${'x'.repeat(60)} 🙂`]) {
        const res = await get(`${path}?${new URLSearchParams({ [param]: term })}`)
        expect(res.status, `${path} ${term.length}`).toBe(200)
        expect(Array.isArray(await res.json())).toBe(true)
      }
    }
  })

  it('suggests for terms with emoji (code points, not UTF-16 halves)', async () => {
    for (const termo of ['ab🙂', 'a🙂b', '🙂🙂🙂', 'ção🙂', `ab${'🙂'.repeat(120)}`]) {
      const res = await postJson('/api/v2/busca/sugestoes', { termo })
      expect(res.status, termo).toBe(200)
      expect(Array.isArray(await res.json())).toBe(true)
    }
    // Input of 3 to 5 code points reads its own list (decisions/0057): 'ab🙂' is 3, 'ab🙂 t' 5.
    await env.SUGGESTIONS.put('p:ab🙂', JSON.stringify(['Ab🙂 Teste']))
    await env.SUGGESTIONS.put('p:ab🙂 t', JSON.stringify(['Ab🙂 Teste']))
    expect(await suggest(deps(), 'ab🙂')).toEqual(['Ab🙂 Teste'])
    expect(await suggest(deps(), 'ab🙂 t')).toEqual(['Ab🙂 Teste'])
  })

  it('answers a path with an encoded backslash as not found', async () => {
    for (const path of ['/%5C', '/%5c', '/%5C%5Cevil.example', '/busca/%5C']) {
      const res = await get(path, { headers: { Accept: 'text/html' }, redirect: 'manual' })
      expect(res.status, path).toBe(404)
    }
  })

  it('redirects `qo=jr|leis` with `q` cut to what the search reads', async () => {
    for (const qo of ['jr', 'leis']) {
      const res = await get(`/busca?qo=${qo}&q=${'direito%20'.repeat(3000)}`, { redirect: 'manual' })
      expect(res.status).toBe(302)
      const location = res.headers.get('location') ?? ''
      expect(location).toMatch(/^\/(jurisprudencia|legislacao)\/busca\?q=direito/)
      expect(location.length).toBeLessThan(2000)
    }
  })
})
