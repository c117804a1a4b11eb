import { describe, expect, it } from 'vitest'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { BOOTSTRAP, deferHydration, INERT_CLASSIC, INERT_MODULE } from '../../workers/lib/hydrate-on-intent'
import { pageBuildVersion } from '../../workers/middleware/page-cache'
import { createUser, deps, get, sessionCookie } from './helpers'

async function publicLawsuit() {
  const cnj = buildCnj(810_000 + Math.floor(Math.random() * 90_000), 2025, 8, 26, 100)
  await upsertLawsuits(deps().db, [
    {
      cnj,
      court: 'TJSP',
      className: 'Procedimento Comum Cível',
      secrecyLevel: 0,
      source: 'teste',
      subjects: [],
      movements: [],
      parties: [],
    },
  ])
  return `/processos/${formatCnj(cnj)}`
}

const cspNonce = (res: Response) =>
  /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
const liveModules = (html: string) => (html.match(/<script[^>]*type="module"/g) ?? []).length
const preloads = (html: string) => (html.match(/rel="modulepreload"/g) ?? []).length

describe('hydration on intent (decisions/0040)', () => {
  it('an anonymous reader gets the page with Remix inert and the bootstrap, on a miss and on a hit', async () => {
    const path = await publicLawsuit()
    for (const expected of ['miss', 'hit']) {
      const res = await get(path)
      expect(res.headers.get('server-timing')).toContain(`desc="${expected}"`)
      const html = await res.text()
      expect(liveModules(html)).toBe(0)
      expect(preloads(html)).toBe(0)
      expect(html).toContain(`type="${INERT_MODULE}"`)
      expect(html).toContain(`<script type="${INERT_CLASSIC}"`)
      // The bootstrap runs under this answer's CSP nonce, not the stored page's.
      const nonce = cspNonce(res)
      expect(nonce).toBeTruthy()
      expect(html.endsWith(`<script nonce="${nonce}">${BOOTSTRAP}</script>`)).toBe(true)
      // Structured data is data, never made a script.
      expect(html).toContain('type="application/ld+json"')
    }
  })

  it('a kept page is stored under its bootstrap too: a changed bootstrap is never served from an old copy', () => {
    // The client assets' version alone missed a change of the inline bootstrap (issue 38 §14).
    expect(pageBuildVersion('abc', BOOTSTRAP)).not.toBe(pageBuildVersion('abc', `${BOOTSTRAP} `))
    expect(pageBuildVersion('abc', BOOTSTRAP)).toBe(pageBuildVersion('abc'))
    expect(pageBuildVersion('abc')).not.toBe(pageBuildVersion('abd'))
  })

  it('a logged-in reader gets the application at once, and no bootstrap', async () => {
    const path = await publicLawsuit()
    const user = await createUser()
    const res = await get(path, { headers: { Cookie: await sessionCookie(user.id) } })
    const html = await res.text()
    expect(liveModules(html)).toBe(1)
    expect(preloads(html)).toBeGreaterThan(3)
    expect(html).not.toContain('x-hydrate/')
    expect(html).not.toContain("data-hydrate','on-intent'")
  })

  it('leaves scripts before Remix’s, JSON-LD and React’s own streaming scripts alone', () => {
    const html = [
      '<html><body><main><script type="application/ld+json">{"name":"__remixContext"}</script></main>',
      '<script nonce="n">(function(){/* scroll */})()</script>',
      '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/a.js"/>',
      '<script nonce="n">window.__remixContext = {};</script>',
      '<script nonce="n" type="module" async="">import "/assets/entry.js"</script>',
      '<script nonce="n">$RC("B:0","S:0")</script>',
      '</body></html>',
      '<!--$--><script nonce="n">window.__remixContext.streamController.close()</script><!--/$-->',
    ].join('')
    const out = deferHydration(html, 'abc')
    expect(out).toContain('<script type="application/ld+json">{"name":"__remixContext"}</script>')
    expect(out).toContain('<script nonce="n">(function(){/* scroll */})()</script>')
    expect(out).toContain('<link rel="x-modulepreload" href="/assets/entry.js"/>')
    expect(out).not.toContain('rel="modulepreload"')
    expect(out).toContain(`<script type="${INERT_CLASSIC}" nonce="n">window.__remixContext = {};</script>`)
    expect(out).toContain(
      `<script nonce="n" type="${INERT_MODULE}" async="">import "/assets/entry.js"</script>`,
    )
    expect(out).toContain('<script nonce="n">$RC("B:0","S:0")</script>')
    expect(
      out.endsWith(
        `</body></html><!--$--><script type="${INERT_CLASSIC}" nonce="n">window.__remixContext.streamController.close()</script><!--/$--><script nonce="abc">${BOOTSTRAP}</script>`,
      ),
    ).toBe(true)
    // Nothing to defer: the page is left as it was.
    expect(deferHydration('<html><body><p>oi</p></body></html>', 'abc')).toBe(
      '<html><body><p>oi</p></body></html>',
    )
  })
})
