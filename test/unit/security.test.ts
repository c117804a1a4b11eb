import { describe, expect, it } from 'vitest'
import { get } from './helpers'

describe('security headers', () => {
  it('sends CSP with a per-request nonce that every inline script carries', async () => {
    const res = await get('/')
    const csp = res.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    const html = await res.text()
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
      ([, attrs]) => !attrs?.includes('application/ld+json'),
    )
    expect(inlineScripts.length).toBeGreaterThan(0)
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`)

    const again = await get('/')
    expect(again.headers.get('content-security-policy')).not.toContain(nonce)
  })

  it('sends HSTS, nosniff, frame denial and a request id', async () => {
    const res = await get('/')
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}; includeSubDomains/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('puts the same headers on API answers', async () => {
    const res = await get('/api/saude')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
  })
})
