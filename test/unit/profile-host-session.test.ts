import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createWithPassword, post } from './accounts-helpers'
import { cookiesFrom, createUser, get, sessionCookie } from './helpers'

/**
 * Issue 28 §2 (decisions/0054): a logged-in person sees the logged-in page on every host of the
 * site, first paint included. The edge keeps the anonymous copy of a profile; it must never be
 * the answer to someone who is logged in on the main host.
 */
const BASE = env.BASE_DOMAIN
const profileHost = (subdomain: string) => `http://${subdomain}.${BASE}`
const page = (cookie = ''): RequestInit => ({
  redirect: 'manual',
  headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
})
const cacheOf = (res: Response) =>
  /cache;[^,]*desc="?([a-z]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]

/** Follows redirects by hand, carrying each host's own cookies like a browser (one jar per host). */
async function browse(url: string, jar: Map<string, Map<string, string>>) {
  let next = url
  for (let hop = 0; hop < 8; hop += 1) {
    const host = new URL(next).host
    const cookies = jar.get(host) ?? new Map<string, string>()
    jar.set(host, cookies)
    const res = await get(next, page([...cookies].map(([name, value]) => `${name}=${value}`).join('; ')))
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value) cookies.set(name, value)
      else cookies.delete(name)
    }
    const location = res.headers.get('location')
    if (res.status !== 302 || !location) return { res, url: next }
    next = new URL(location, next).toString()
  }
  throw new Error('too many redirects')
}

describe('profile hosts never show a logged-in person the anonymous copy', () => {
  it('a new login bridges on arrival even where an earlier, lapsed login was already tried', async () => {
    const owner = await createWithPassword()
    const home = `${profileHost(owner.subdomain)}/`
    // The edge keeps the anonymous profile.
    await get(home, page())
    const kept = await get(home, page())
    expect(cacheOf(kept)).toBe('hit')

    // Logging in leaves a hint on the parent domain, a new one per login.
    const login = async () => {
      const res = await post('/login', { email: owner.email, senha: 'segredo123' })
      expect(res.status).toBe(200)
      const hint = res.headers.getSetCookie().find((c) => c.startsWith('sessao_ativa='))
      return { hint: hint?.split(';')[0] ?? '' }
    }
    const first = await login()
    const second = await login()
    expect(first.hint).toMatch(/^sessao_ativa=[A-Za-z0-9_-]{16}$/)
    expect(second.hint).not.toBe(first.hint)

    // A try made for the first login (it had lapsed: nobody was found) is remembered…
    const tried = cookiesFrom(await get(`${home}sessao/ponte?volta=%2F&auto=1`, page(first.hint)))
    expect(tried).toMatch(/__Host-ponte-tentada=/)
    const stillTried = await get(home, page(`${first.hint}; ${tried}`))
    expect(stillTried.status).toBe(200)
    expect(cacheOf(stillTried)).toBe('bypass')
    // …but the second login's hint goes through the bridge before any page: never the kept copy.
    const arrival = await get(home, page(`${second.hint}; ${tried}`))
    expect(arrival.status).toBe(302)
    expect(arrival.headers.get('location')).toBe('/sessao/ponte?volta=%2F&auto=1')
    expect(arrival.headers.get('cache-control')).toBe('no-store')
    expect(cacheOf(arrival)).toBe('bypass')
  })

  it('"Meu perfil" enters the profile host through its bridge: the first page there is the logged-in one', async () => {
    const owner = await createUser({ name: 'Dona Do Perfil' })
    const home = `${profileHost(owner.subdomain)}/`
    await get(home, page())
    expect(cacheOf(await get(home, page()))).toBe('hit')

    const mainCookie = await sessionCookie(owner.id)
    const main = await (await get('/', page(mainCookie))).text()
    const link = /<a href="([^"]+)">Meu perfil<\/a>/.exec(main)?.[1]?.replace(/&amp;/g, '&')
    expect(link).toBe(`${profileHost(owner.subdomain)}/sessao/ponte?volta=%2F&auto=1`)

    // No hint reaches the profile host here (as on localhost): the link alone is enough.
    const [name = '', value = ''] = mainCookie.split('=')
    const jar = new Map([[BASE, new Map([[name, value]])]])
    const { res, url } = await browse(link ?? '', jar)
    expect(url).toBe(home)
    expect(res.status).toBe(200)
    expect(cacheOf(res)).toBe('bypass')
    const html = await res.text()
    expect(html).toContain('data-user-menu')
    expect(html).not.toMatch(/>Entrar</)
    expect(html).not.toContain('class="follow"')
  })
})
