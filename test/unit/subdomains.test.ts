import { describe, expect, it } from 'vitest'
import { createUser, get } from './helpers'

describe('subdomain routing', () => {
  it('serves a user profile, read from D1, at {subdominio}.{BASE_DOMAIN}', async () => {
    const user = await createUser({ name: 'Beatriz Quintela', headline: 'Advogada', city: 'Natal', uf: 'RN' })
    const res = await get(`http://${user.subdomain}.localhost:8787/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<html lang="pt-BR" data-site="profile"')
    expect(html).toContain('<h1 id="perfil-nome">Beatriz Quintela</h1>')
    expect(html).toContain('<title>Beatriz Quintela – Advogada | JurisEdge</title>')
    expect(html).toContain(`<link rel="canonical" href="http://${user.subdomain}.localhost:8787"/>`)
    expect(html).toContain('"@type":"Person"')
  })

  it('matches the host case-insensitively', async () => {
    const user = await createUser({ name: 'Caio Maiúsculo' })
    const res = await get(`http://${user.subdomain.toUpperCase()}.LOCALHOST:8787/`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Caio Maiúsculo')
  })

  it('answers an unknown name with the Portuguese 404 page and status 404', async () => {
    const res = await get('http://ninguemcomessenome.localhost:8787/')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('<html lang="pt-BR"')
    expect(html).toContain('Página não encontrada')
    expect(html).toContain('Não encontramos nenhum profissional com esse endereço.')
  })

  it.each(['admin', 'api', 'static', 'mail'])(
    'never treats the reserved name %s as a profile',
    async (name) => {
      // Even if a row with that subdomain existed, the host must not serve it.
      await createUser({ subdomain: name, email: `${name}@reservado.invalid` }).catch(() => undefined)
      const res = await get(`http://${name}.localhost:8787/`)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain('Página não encontrada')
    },
  )

  it('redirects www to the bare domain, keeping path and query', async () => {
    const res = await get('http://www.localhost:8787/busca?q=ana&qo=p', { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('http://localhost:8787/busca?q=ana&qo=p')
  })

  it('sends main-site paths asked on a profile host to the main site', async () => {
    const user = await createUser()
    const res = await get(`http://${user.subdomain}.localhost:8787/busca?q=x`, { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('http://localhost:8787/busca?q=x')
  })

  it('renders the home page on the main host, listing professionals from D1', async () => {
    const user = await createUser({ name: 'Dalva Home Teste', kind: 'profissional' })
    const res = await get('/')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('O que você procura?')
    expect(html).toContain(`href="http://${user.subdomain}.localhost:8787"`)
  })

  it('answers an unknown page with the Portuguese 404 page, never a stack trace', async () => {
    const res = await get('/pagina/que/nao/existe')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('<title>Página não encontrada | JurisEdge</title>')
    expect(html).toContain('O endereço que você acessou não existe ou foi removido.')
    expect(html).not.toMatch(/at .+\.(js|ts):\d+/)
  })
})
