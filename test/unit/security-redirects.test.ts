import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { createWithPassword, post, sessionFrom, unique } from './accounts-helpers'
import { BASE, get, ORIGIN } from './helpers'

/** Issue 12, finding 2: values an attacker puts in `auth.redirect` (decoded once by the server). */
const HOSTILE = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/x\r\nSet-Cookie: a=1',
  '\r\n//evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '//evil.example',
  '///evil.example',
  '/.//evil.example',
  ' //evil.example',
  'https:evil.example',
  'https:/evil.example',
  'http:evil.example',
  'http:\\\\evil.example',
  'http://evil.example',
  'https://evil.example/x',
  'http://localhost:8787@evil.example',
  'http://localhost:8787.evil.example/',
  'http://evil.example#@localhost:8787',
  '//localhost:8787@evil.example',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '\tjavascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\u3000/evil.example',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '\u200b//evil.example',
  '\ufeff//evil.example',
  '/x\u0000y',
  `/${'a'.repeat(5000)}`,
]

/** Where a browser ends up following `target` from one of our pages: our hosts only. */
function staysOnSite(target: string | null | undefined): boolean {
  if (target === null || target === undefined) return true
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser drops these, so they must not appear
  if (/[\u0000-\u0020\u007f-\u00a0\\]/.test(target)) return false
  const url = new URL(target, `${BASE}/login`)
  return url.protocol === 'http:' && (url.host === 'localhost:8787' || url.host.endsWith('.localhost:8787'))
}

const withRedirect = (path: string, value: string) =>
  `${path}?${new URLSearchParams({ 'auth.redirect': value })}`

describe('auth.redirect is never an open redirect (issue 12)', () => {
  it('resolves against the main origin and keeps only our hosts', () => {
    const base = 'example.com.br'
    for (const value of HOSTILE) {
      const answer = safeReturnUrl(value, base)
      // Encoded slashes stay a path on our host (`/%2F%2Fevil.example`); everything else falls back.
      expect(answer === '/' || answer.startsWith('/%'), `${JSON.stringify(value)} → ${answer}`).toBe(true)
      expect(new URL(answer, 'https://example.com.br/x').host).toBe(base)
    }
    expect(safeReturnUrl('/processos/1?x=1#a', base)).toBe('/processos/1?x=1#a')
    expect(safeReturnUrl('https://example.com.br/busca?q=a', base)).toBe('/busca?q=a')
    expect(safeReturnUrl('https://ana.example.com.br/', base)).toBe('https://ana.example.com.br/')
    // Not over the site's own scheme, or not a profile host: refused.
    expect(safeReturnUrl('http://ana.example.com.br/', base)).toBe('/')
    expect(safeReturnUrl('https://www.example.com.br/', base)).toBe('/')
    expect(safeReturnUrl('https://a.b.example.com.br/', base)).toBe('/')
    expect(safeReturnUrl('/%2F%2Fevil.example', base)).toBe('/%2F%2Fevil.example')
  })

  it('POST /login (JSON and document) answers only on-site targets, never a 5xx', async () => {
    let account = await createWithPassword()
    for (const [i, value] of HOSTILE.entries()) {
      // 5 logins per account per minute: a fresh account every 4 values, a fresh address each time.
      if (i % 4 === 3) account = await createWithPassword()
      const headers = { 'CF-Connecting-IP': `10.12.${i}.1` }
      const json = await post(
        withRedirect('/login', value),
        { email: account.email, senha: 'segredo123' },
        headers,
      )
      expect(json.status, value).toBe(200)
      const body = (await json.json()) as { url_intended: string }
      expect(staysOnSite(body.url_intended), `${JSON.stringify(value)} → ${body.url_intended}`).toBe(true)
    }
    account = await createWithPassword()
    for (const [i, value] of HOSTILE.slice(0, 4).entries()) {
      const doc = await SELF.fetch(`${BASE}${withRedirect('/login', value)}`, {
        method: 'POST',
        headers: {
          ...ORIGIN,
          Host: 'localhost:8787',
          'Content-Type': 'application/x-www-form-urlencoded',
          'CF-Connecting-IP': `10.13.${i}.1`,
        },
        body: new URLSearchParams({ email: account.email, senha: 'segredo123' }),
        redirect: 'manual',
      })
      expect(doc.status, value).toBeLessThan(500)
      expect(staysOnSite(doc.headers.get('location')), value).toBe(true)
    }
  })

  it('GET /login?auth.redirect= renders or redirects on-site, logged out and logged in', async () => {
    const account = await createWithPassword()
    const login = await post(
      '/login',
      { email: account.email, senha: 'segredo123' },
      { 'CF-Connecting-IP': `10.14.${unique()}` },
    )
    const cookie = sessionFrom(login)
    for (const value of HOSTILE) {
      const page = await get(withRedirect('/login', value), { redirect: 'manual' })
      expect(page.status, value).toBe(200)
      // The page carries the return address on to Google login and signup: on-site only.
      const html = await page.text()
      for (const [, carried] of html.matchAll(/auth\.redirect=([^"&]*)/g))
        expect(staysOnSite(decodeURIComponent(carried ?? '')), value).toBe(true)
      const loggedIn = await get(withRedirect('/login', value), {
        headers: { Cookie: cookie },
        redirect: 'manual',
      })
      expect(loggedIn.status, value).toBeLessThan(500)
      expect(staysOnSite(loggedIn.headers.get('location')), value).toBe(true)
    }
  })
})
