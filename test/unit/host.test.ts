import { describe, expect, it } from 'vitest'
import { isReservedSubdomain, mainOrigin, profileOrigin, resolveSite } from '~/domain/site/host'

describe('resolveSite', () => {
  const base = 'example.com.br'
  it.each([
    ['example.com.br', { kind: 'main' }],
    ['EXAMPLE.com.br.', { kind: 'main' }],
    ['www.example.com.br', { kind: 'www' }],
    ['ana.example.com.br', { kind: 'profile', subdomain: 'ana' }],
    ['Ana2.Example.com.br', { kind: 'profile', subdomain: 'ana2' }],
    ['admin.example.com.br', { kind: 'unknown', label: 'admin' }],
    ['a.b.example.com.br', { kind: 'unknown', label: 'a.b' }],
    ['ana-maria.example.com.br', { kind: 'unknown', label: 'ana-maria' }],
    ['xn--ana-ppa.example.com.br', { kind: 'unknown', label: 'xn--ana-ppa' }],
    ['evilexample.com.br', { kind: 'main' }],
    ['jurisedge.workers.dev', { kind: 'main' }],
    ['', { kind: 'main' }],
  ])('%s → %o', (host, expected) => {
    expect(resolveSite(host, base)).toEqual(expected)
  })

  it('works with a port in the base domain, as locally', () => {
    expect(resolveSite('ana.localhost:8787', 'localhost:8787')).toEqual({ kind: 'profile', subdomain: 'ana' })
    expect(resolveSite('ana.localhost:9999', 'localhost:8787')).toEqual({ kind: 'main' })
  })

  it('reserves infrastructure names whatever their case', () => {
    for (const name of ['www', 'API', 'Admin', 'static', 'mail']) expect(isReservedSubdomain(name)).toBe(true)
    expect(isReservedSubdomain('ana')).toBe(false)
  })

  it('builds http origins only for localhost', () => {
    expect(mainOrigin('localhost:8787')).toBe('http://localhost:8787')
    expect(mainOrigin('example.com.br')).toBe('https://example.com.br')
    expect(profileOrigin('ana', 'example.com.br')).toBe('https://ana.example.com.br')
  })
})
