import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { cookiesFrom, createUser, get, sessionCookie } from './helpers'

const BASE = env.BASE_DOMAIN
const profileHost = (subdomain: string) => `http://${subdomain}.${BASE}`
const noFollow = (cookie = ''): RequestInit => ({
  redirect: 'manual',
  headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
})

/** Runs the whole bridge for a browser holding `mainCookie` on the main host: the profile host's cookies. */
async function bridge(subdomain: string, mainCookie: string, volta = '/') {
  const start = await get(
    `${profileHost(subdomain)}/sessao/ponte?volta=${encodeURIComponent(volta)}`,
    noFollow(),
  )
  expect(start.status).toBe(302)
  const nonceCookie = cookiesFrom(start)
  const toMain = start.headers.get('location') ?? ''
  const issued = await get(toMain, noFollow(mainCookie))
  return { start, nonceCookie, toMain, issued }
}

describe('the session bridge: a profile host learns who is visiting (decisions/0023)', () => {
  it('gives the profile host the main session, so the visitor is logged in there without logging in again', async () => {
    const visitor = await createUser({ name: 'Visitante Logada' })
    const owner = await createUser()
    const mainCookie = await sessionCookie(visitor.id)
    const { nonceCookie, toMain, issued } = await bridge(owner.subdomain, mainCookie, '/?aba=1')
    expect(new URL(toMain).host).toBe(BASE)
    expect(issued.status).toBe(302)
    const back = issued.headers.get('location') ?? ''
    expect(back.startsWith(`${profileHost(owner.subdomain)}/sessao/ponte/retorno?`)).toBe(true)
    expect(back).not.toContain(mainCookie.split('=')[1]) // the session id never travels in clear

    const landed = await get(back, noFollow(nonceCookie))
    expect(landed.status).toBe(302)
    expect(landed.headers.get('location')).toBe('/?aba=1')
    const profileCookie = cookiesFrom(landed)
    expect(profileCookie).toContain('__Host-sid=')
    const page = await get(`${profileHost(owner.subdomain)}/`, { headers: { Cookie: profileCookie } })
    expect(await page.text()).toContain('Visitante Logada')
  })

  it('refuses a token in any browser that did not start the bridge, for another host, or twice', async () => {
    const visitor = await createUser()
    const owner = await createUser()
    const other = await createUser()
    const mainCookie = await sessionCookie(visitor.id)
    const { nonceCookie, issued } = await bridge(owner.subdomain, mainCookie)
    const back = issued.headers.get('location') ?? ''

    const stranger = await get(back, noFollow()) // no nonce cookie: an attacker's own browser
    expect(cookiesFrom(stranger)).not.toContain('__Host-sid=')
    const otherHost = await get(back.replace(owner.subdomain, other.subdomain), noFollow(nonceCookie))
    expect(cookiesFrom(otherHost)).not.toContain('__Host-sid=')
    const forged = new URL(back)
    const token = forged.searchParams.get('t') ?? ''
    forged.searchParams.set('t', `${token.slice(0, -6)}${token.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`)
    const tampered = await get(forged.href, noFollow(nonceCookie))
    expect(cookiesFrom(tampered)).not.toContain('__Host-sid=')
    const used = await get(back, noFollow(nonceCookie))
    expect(cookiesFrom(used)).toContain('__Host-sid=')
    // The nonce is spent: replaying the same link in the same browser gives nothing new.
    const replay = await get(
      back,
      noFollow(
        cookiesFrom(used)
          .split('; ')
          .filter((c) => c.startsWith('__Host-ponte='))
          .join('; '),
      ),
    )
    expect(cookiesFrom(replay)).not.toMatch(/__Host-sid=[^;]+/)
  })

  it('sends a visitor who is not logged in to the login page, which comes back through the bridge', async () => {
    const owner = await createUser()
    const { toMain, issued } = await bridge(owner.subdomain, '')
    expect(issued.status).toBe(302)
    const login = new URL(issued.headers.get('location') ?? '', `http://${BASE}`)
    expect(login.pathname).toBe('/login')
    const returnTo = login.searchParams.get('auth.redirect') ?? ''
    expect(returnTo.startsWith('/sessao/ponte?')).toBe(true)
    expect(new URL(returnTo, `http://${BASE}`).searchParams.get('perfil')).toBe(owner.subdomain)
    expect(new URL(toMain).searchParams.get('n')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('never bridges to a foreign or reserved host, nor returns anywhere but a path', async () => {
    const visitor = await createUser()
    const cookie = await sessionCookie(visitor.id)
    const n = 'A'.repeat(43)
    for (const perfil of ['www', 'api', 'evil.com', '', 'a/b']) {
      const response = await get(
        `/sessao/ponte?perfil=${encodeURIComponent(perfil)}&n=${n}&volta=/`,
        noFollow(cookie),
      )
      expect(response.status, perfil).toBe(400)
    }
    const owner = await createUser()
    const start = await get(
      `${profileHost(owner.subdomain)}/sessao/ponte?volta=${encodeURIComponent('https://evil.example/')}`,
      noFollow(),
    )
    expect(new URL(start.headers.get('location') ?? '').searchParams.get('volta')).toBe('/')
  })

  it('recognises a logged-in visitor on arrival when the main host left its hint, and only then', async () => {
    const owner = await createUser()
    const anonymous = await get(`${profileHost(owner.subdomain)}/`, noFollow())
    expect(anonymous.status).toBe(200)
    const hinted = await get(`${profileHost(owner.subdomain)}/`, noFollow('sessao_ativa=1'))
    expect(hinted.status).toBe(302)
    expect(hinted.headers.get('location')).toBe('/sessao/ponte?volta=%2F&auto=1')
    // An automatic bridge that finds nobody logged in comes back without a login page, and stops.
    const start = await get(
      `${profileHost(owner.subdomain)}/sessao/ponte?volta=%2F&auto=1`,
      noFollow('sessao_ativa=1'),
    )
    const tried = cookiesFrom(start)
    expect(tried).toContain('__Host-ponte-tentada=1')
    const main = await get(start.headers.get('location') ?? '', noFollow('sessao_ativa=1'))
    expect(main.headers.get('location')).toBe(`${profileHost(owner.subdomain)}/`)
    expect(main.headers.getSetCookie().join()).toMatch(/sessao_ativa=;/)
    const again = await get(`${profileHost(owner.subdomain)}/`, noFollow(`sessao_ativa=1; ${tried}`))
    expect(again.status).toBe(200)
  })

  it('logs in on the main host with the hint on the parent domain, and logging out anywhere ends both', async () => {
    const visitor = await createUser()
    const owner = await createUser()
    const mainCookie = await sessionCookie(visitor.id)
    const { nonceCookie, issued } = await bridge(owner.subdomain, mainCookie)
    const profileCookie = cookiesFrom(await get(issued.headers.get('location') ?? '', noFollow(nonceCookie)))
    const logout = await get(`${profileHost(owner.subdomain)}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: profileCookie, Origin: profileHost(owner.subdomain), Accept: 'application/json' },
    })
    expect(logout.status).toBe(200)
    const main = await get('/', { headers: { Cookie: mainCookie } })
    expect(await main.text()).not.toContain('data-user-menu')
  })

  it('sends a plain form post on a profile host to the bridge, not to a login page that is not there', async () => {
    const owner = await createUser()
    const response = await get(`${profileHost(owner.subdomain)}/ajax/seguir`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        Origin: profileHost(owner.subdomain),
        Referer: `${profileHost(owner.subdomain)}/`,
      },
      body: new URLSearchParams({ id: String(owner.id), tipo: 'usuario' }),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/sessao/ponte?volta=%2F')
  })
})
