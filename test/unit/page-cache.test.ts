import { describe, expect, it } from 'vitest'
import { pageCacheRule } from '~/domain/cache/page-rules'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { createUser, get, postJson, sessionCookie } from './helpers'
import { cacheOf, nonceOf, publicLawsuit, serverTiming, withoutNonce } from './page-cache-helpers'

describe('Server-Timing', () => {
  it('is on every answer: API, page, error, with the Worker total, D1 time and the cache', async () => {
    const { path } = await publicLawsuit('Procedimento Comum Cível')
    for (const res of [await get('/api/saude'), await get(path), await get('/pessoas/ninguem-aqui-xyz')]) {
      const timing = serverTiming(res)
      expect(timing.get('total')?.dur).toBeGreaterThanOrEqual(0)
      expect(timing.get('db')?.dur).toBeGreaterThanOrEqual(0)
      expect(['hit', 'miss', 'bypass']).toContain(timing.get('cache')?.desc)
    }
    const api = await get('/api/saude')
    expect(cacheOf(api)).toBe('bypass')
    const refused = await postJson('/ajax/seguir', { id: 1, tipo: 'processo' })
    expect(refused.status).toBe(401)
    expect(serverTiming(refused).get('total')?.dur).toBeGreaterThanOrEqual(0)
  })

  it('reports the page render time on a miss, and no database time on a hit', async () => {
    const { path } = await publicLawsuit('Execução Fiscal')
    const miss = await get(path)
    expect(cacheOf(miss)).toBe('miss')
    expect(serverTiming(miss).get('render')?.dur).toBeGreaterThan(0)
    expect(serverTiming(miss).get('db')?.dur).toBeGreaterThan(0)
    const hit = await get(path)
    expect(cacheOf(hit)).toBe('hit')
    expect(serverTiming(hit).get('db')?.dur).toBe(0)
    expect(serverTiming(hit).has('render')).toBe(false)
  })
})

describe('edge page cache', () => {
  it('serves an anonymous page from the cache with a fresh nonce, the same page otherwise', async () => {
    const { path } = await publicLawsuit('Procedimento do Juizado Especial Cível')
    const first = await get(path)
    const firstHtml = await first.text()
    const second = await get(path)
    const secondHtml = await second.text()
    expect([cacheOf(first), cacheOf(second)]).toEqual(['miss', 'hit'])
    expect(second.status).toBe(200)
    expect(withoutNonce(secondHtml)).toBe(withoutNonce(firstHtml))
    // The CSP nonce is this request's, in the header and in the page alike.
    const nonce = nonceOf(secondHtml)
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe(nonceOf(firstHtml))
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(second.headers.get('set-cookie')).toBeNull()
  })

  it('never mixes people: two users and nobody see their own page, the cached one has no one in it', async () => {
    const { path } = await publicLawsuit('Ação Civil Pública')
    const ana = await createUser({ name: 'Ana Cacheada Teste' })
    const bruno = await createUser({ name: 'Bruno Cacheado Teste' })
    const anaCookie = await sessionCookie(ana.id)
    const brunoCookie = await sessionCookie(bruno.id)

    // A logged-in visit first: it must neither fill the cache nor be served from it.
    const asAna = await get(path, { headers: { Cookie: anaCookie } })
    const anaHtml = await asAna.text()
    expect(cacheOf(asAna)).toBe('bypass')
    expect(asAna.headers.get('cache-control')).toBe('private, no-store')
    expect(anaHtml).toContain('Ana Cacheada Teste')

    const nobody = await get(path)
    const nobodyHtml = await nobody.text()
    expect(cacheOf(nobody)).toBe('miss')
    const asBruno = await get(path, { headers: { Cookie: brunoCookie } })
    const brunoHtml = await asBruno.text()
    expect(cacheOf(asBruno)).toBe('bypass')
    expect(brunoHtml).toContain('Bruno Cacheado Teste')
    expect(brunoHtml).not.toContain('Ana Cacheada Teste')

    const cached = await get(path)
    const cachedHtml = await cached.text()
    expect(cacheOf(cached)).toBe('hit')
    for (const html of [nobodyHtml, cachedHtml]) {
      expect(html).not.toContain('Ana Cacheada Teste')
      expect(html).not.toContain('Bruno Cacheado Teste')
      // The anonymous header: the way in, no user menu, no notifications badge.
      expect(html).toContain('Entrar')
      expect(html).not.toContain('/notificacoes')
      expect(html).not.toContain(ana.subdomain)
      expect(html).not.toContain(bruno.subdomain)
    }
    // A cookie of ours, even one that names no session, means "someone's": never the cache.
    const withFlash = await get(path, { headers: { Cookie: 'sessao_ativa=1' } })
    expect(cacheOf(withFlash)).toBe('bypass')
  })

  it('keeps the lifetimes per kind and never caches private pages', () => {
    const main = { kind: 'main' } as const
    const lawsuit = pageCacheRule(main, `/processos/${formatCnj(buildCnj(1, 2024, 8, 26, 100))}`)
    expect(lawsuit?.kind).toBe('processo')
    expect(pageCacheRule(main, '/busca')?.ttl).toBeLessThan(lawsuit?.ttl ?? 0)
    expect(pageCacheRule(main, '/advogado/sao-paulo-sp')?.kind).toBe('diretorio')
    expect(pageCacheRule(main, '/artigos/um-titulo-12')?.scopes).toEqual(['artigo:12'])
    expect(pageCacheRule({ kind: 'profile', subdomain: 'Ana' }, '/')?.scopes).toEqual(['perfil:ana'])
    expect(pageCacheRule(main, '/pessoas/ana-silva')?.scopes).toEqual(['corpus', 'pessoa:ana-silva'])
    expect(pageCacheRule(main, '/empresas/acme')?.scopes).toEqual(['corpus', 'empresa:acme'])
    // A malformed escape is a page the router answers (404), never a rule that throws.
    expect(pageCacheRule(main, '/processos/%E0')).toBeNull()
    expect(pageCacheRule(main, '/pessoas/%E0')?.scopes).toEqual(['corpus', 'pessoa:%E0'])
    // No page has an address that long; its scope would be a KV key over the limit.
    expect(pageCacheRule(main, `/pessoas/${'x'.repeat(3000)}`)).toBeNull()
    expect(pageCacheRule(main, `/artigos/${'1'.repeat(3000)}`)).toBeNull()
    for (const path of [
      '/conta/perfil',
      '/login',
      '/notificacoes',
      '/monitoramentos',
      '/artigos/novo',
      '/nada',
    ])
      expect(pageCacheRule(main, path)).toBeNull()
  })
})
