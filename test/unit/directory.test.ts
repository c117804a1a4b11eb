import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { DIRECTORY_HOME_KEY } from '~/domain/directory/home.server'
import {
  type City,
  canonicalOf,
  capital,
  cardNames,
  followedBy,
  jsonLd,
  makeCity,
  ORIGIN_URL,
  professional,
  tag,
} from './directory-helpers'
import { get, postJson, sessionCookie } from './helpers'

type Person = { id: number; name: string }

// One small world for the whole file: two cities of Acre (ours), people of several professions.
let home: City
let other: City
let empty: City
let rioBranco: City
const people: Record<string, Person> = {}

beforeAll(async () => {
  home = await makeCity('AC')
  other = await makeCity('AC')
  empty = await makeCity('AC')
  rioBranco = await capital(1200401, 'Rio Branco', 'AC', 'rio-branco-ac')
  const full = { photo: true, specialties: 3, services: 2, phone: true, confirmed: true } // 86
  const some = { specialties: 1, services: 1 } // 22
  people.ana = await professional({ name: `Ana ${tag()}`, city: home, ...full })
  people.bia = await professional({ name: `Bia ${tag()}`, city: home, ...some })
  people.caio = await professional({ name: `Caio ${tag()}`, city: home, ...some })
  people.davi = await professional({ name: `Davi ${tag()}`, city: home, ...some })
  people.eva = await professional({ name: `Eva ${tag()}`, city: home })
  // Lives in the other city and serves this one: 14 for the service city.
  people.fabio = await professional({ name: `Fábio ${tag()}`, city: other, serves: [home] })
  people.gil = await professional({ name: `Gil ${tag()}`, city: home, code: '252210', headline: 'Contador' })
  people.hugo = await professional({ name: `Hugo ${tag()}`, city: other })
  people.iara = await professional({
    name: `Iara ${tag()}`,
    city: empty,
    code: '252210',
    headline: 'Contadora',
  })
  // Bia's followers: one through the real follow route, one more as a row.
  // Following a profile asks for a confirmed address (decisions/0092).
  const fan = await professional({
    name: `Fã ${tag()}`,
    city: other,
    code: '351405',
    headline: 'Escrevente',
    confirmed: true,
  })
  const followed = await postJson(
    '/ajax/seguir',
    { id: people.bia.id, tipo: 'usuario' },
    { Cookie: await sessionCookie(fan.id) },
  )
  expect(followed.status).toBe(200)
  await followedBy(people.bia.id, 1)
  await followedBy(people.eva.id, 5)
})

const page = async (path: string) => {
  const response = await get(path)
  return { status: response.status, html: await response.text() }
}
const names = (...keys: string[]) => keys.map((key) => people[key]?.name)

describe('directory lists (spec §2)', () => {
  it('/{profissão}/{cidade}: the profession in the city, most complete first, then most followed, then oldest', async () => {
    const { status, html } = await page(`/advogado/${home.slug}`)
    expect(status).toBe(200)
    // Eva has the most followers but nothing filled in; Fábio serves the city (service cities count 14).
    expect(cardNames(html)).toEqual(names('ana', 'bia', 'caio', 'davi', 'fabio', 'eva'))
    expect(html).toContain(`<title>Advogados em ${home.name} – AC | JurisEdge</title>`)
    expect(html).toContain('6 profissionais')
    expect(html).toContain(`Atende em ${home.name}`)
    expect(html).toContain(`${other.name} – AC`)
    expect(html).toContain('2 serviços')
    expect(canonicalOf(html)).toBe(`${ORIGIN_URL}/advogado/${home.slug}`)
  })

  it('/cidade/{cidade}: every profession found in the city', async () => {
    const { status, html } = await page(`/cidade/${home.slug}`)
    expect(status).toBe(200)
    expect(cardNames(html)).toEqual(names('ana', 'bia', 'caio', 'davi', 'fabio', 'eva', 'gil'))
    expect(html).toContain(`<title>Profissionais em ${home.name} – AC | JurisEdge</title>`)
  })

  it('/{profissão}: each professional once, by their own city', async () => {
    const { status, html } = await page('/contador')
    expect(status).toBe(200)
    const mine = cardNames(html).filter((name) => names('gil', 'iara').includes(name))
    expect(mine.sort()).toEqual(names('gil', 'iara').sort())
    expect(html).toContain('<title>Contadores no Brasil | JurisEdge</title>')
    expect(canonicalOf(html)).toBe(`${ORIGIN_URL}/contador`)
  })

  it('the listing lives with the profile: a new follower moves a professional up at once', async () => {
    const again = await page(`/advogado/${home.slug}`)
    expect(cardNames(again.html).indexOf(people.caio?.name ?? '')).toBeLessThan(
      cardNames(again.html).indexOf(people.davi?.name ?? ''),
    )
    await followedBy(people.davi?.id ?? 0, 3)
    const after = cardNames((await page(`/advogado/${home.slug}`)).html)
    expect(after.slice(0, 4)).toEqual(names('ana', 'davi', 'bia', 'caio'))
  })

  it('JSON-LD: an ItemList of Person with title, city and profile address', async () => {
    const { html } = await page(`/advogado/${home.slug}`)
    const list = jsonLd(html).find((item) => item['@type'] === 'ItemList') as {
      name: string
      url: string
      itemListElement: { position: number; item: Record<string, unknown> }[]
    }
    expect(list.name).toBe(`Advogados em ${home.name} – AC`)
    expect(list.url).toBe(`${ORIGIN_URL}/advogado/${home.slug}`)
    const first = list.itemListElement[0]
    expect(first?.position).toBe(1)
    expect(first?.item).toMatchObject({
      '@type': 'Person',
      name: people.ana?.name,
      jobTitle: 'Advogada',
      address: { '@type': 'PostalAddress', addressLocality: home.name, addressRegion: 'AC' },
    })
    expect(String(first?.item.url)).toMatch(/^http:\/\/teste[a-z0-9]+\.localhost:\d+$/)
  })
})

describe('pagination (`page`)', () => {
  it('20 a page, numbered links with aria-current, its own canonical; past the end is a 404', async () => {
    const city = await makeCity('AC')
    for (let i = 0; i < 21; i++)
      await professional({ name: `Escrevente ${String(i).padStart(2, '0')} ${tag()}`, city, code: '351405' })
    const first = await page(`/escrevente/${city.slug}`)
    expect(cardNames(first.html)).toHaveLength(20)
    expect(first.html).toContain('21 profissionais')
    expect(first.html).toMatch(
      /href="\/escrevente\/[^"?]+\?page=2"[^>]*rel="next"|rel="next"[^>]*href="\/escrevente\/[^"?]+\?page=2"/,
    )
    expect(canonicalOf(first.html)).toBe(`${ORIGIN_URL}/escrevente/${city.slug}`)

    const second = await page(`/escrevente/${city.slug}?page=2`)
    expect(second.status).toBe(200)
    expect(cardNames(second.html)).toHaveLength(1)
    expect(second.html).toMatch(
      /aria-label="Página 2" aria-current="page"|aria-current="page"[^>]*aria-label="Página 2"/,
    )
    expect(canonicalOf(second.html)).toBe(`${ORIGIN_URL}/escrevente/${city.slug}?page=2`)
    expect(second.html).toContain(`– página 2 | JurisEdge</title>`)
    // Page 1 spelled out has the same canonical as none; nonsense reads as page 1.
    expect(canonicalOf((await page(`/escrevente/${city.slug}?page=1`)).html)).toBe(canonicalOf(first.html))
    expect((await page(`/escrevente/${city.slug}?page=abc`)).status).toBe(200)

    const past = await page(`/escrevente/${city.slug}?page=3`)
    expect(past.status).toBe(404)
    expect(past.html).toContain('Página não encontrada')
    expect((await page(`/escrevente/${city.slug}?page=999999`)).status).toBe(404)
  })
})

describe('unknown slugs and bad addresses', () => {
  it('are the Portuguese 404 page, never a 500', async () => {
    for (const path of [
      '/nao-e-profissao',
      `/nao-e-profissao/${home.slug}`,
      '/advogado/cidade-que-nao-existe-ac',
      '/advogado/SAO-PAULO',
      '/cidade/nenhuma-zz',
      '/cidade/%E2%80%AE',
      '/cidade',
      '/advogado/x/y',
    ]) {
      const { status, html } = await page(path)
      expect(status, path).toBe(404)
      expect(html, path).toContain('Página não encontrada')
    }
  })

  it('existing routes still answer: static segments outrank the directory', async () => {
    for (const path of [
      '/busca?q=ana',
      '/diarios',
      '/jurisprudencia',
      '/legislacao',
      '/login',
      '/profissionais',
    ])
      expect((await get(path)).status, path).toBe(200)
  })
})

describe('the empty page helps', () => {
  it('offers the profession in other cities of the UF, the capital and everyone in the city', async () => {
    const iaraInCapital = await professional({ name: `Contadora ${tag()}`, city: rioBranco, code: '252210' })
    expect(iaraInCapital.id).toBeGreaterThan(0)
    const { status, html } = await page(`/contador/${other.slug}`)
    expect(status).toBe(200)
    expect(html).toContain(`Ainda não há contadores em ${other.name} – AC.`)
    expect(html).toContain(`href="/contador/${home.slug}"`)
    expect(html).toContain(`href="/contador/${empty.slug}"`)
    expect(html).toContain('Contadores em Rio Branco – AC, a capital')
    expect(html).toContain(`href="/contador/rio-branco-ac"`)
    expect(html).toContain(`href="/cidade/${other.slug}"`)
    expect(html).toContain('href="/contador"')
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>')
  })
})

describe('the filter bar: a GET form answered with the URL of what was chosen', () => {
  const filter = (query: Record<string, string>) =>
    get(`/profissionais?${new URLSearchParams(query)}`, { redirect: 'manual' })
  const target = async (query: Record<string, string>) => {
    const response = await filter(query)
    expect(response.status, JSON.stringify(query)).toBe(302)
    return response.headers.get('location')
  }

  it('builds each URL form, from the picked city or from "Cidade/UF" typed without JavaScript', async () => {
    const code = String(home.code)
    expect(await target({ profissao: 'advogado', cidade: code, cidade_nome: `${home.name}/AC` })).toBe(
      `/advogado/${home.slug}`,
    )
    expect(await target({ profissao: '', cidade: code, cidade_nome: `${home.name}/AC` })).toBe(
      `/cidade/${home.slug}`,
    )
    expect(await target({ profissao: 'tabeliao', cidade: '', cidade_nome: '' })).toBe('/tabeliao')
    expect(await target({ profissao: '', cidade: '', cidade_nome: '' })).toBe('/profissionais')
    expect(await target({ profissao: 'contador', cidade: '', cidade_nome: `${home.name}/AC` })).toBe(
      `/contador/${home.slug}`,
    )
    expect(await target({ profissao: 'contador', cidade_nome: `${home.name.toUpperCase()} - ac` })).toBe(
      `/contador/${home.slug}`,
    )
  })

  it('an unknown city or profession is a 400 with the message by its field, never a 500', async () => {
    const unknown = await filter({ profissao: 'advogado', cidade: '', cidade_nome: 'Atlântida/ZZ' })
    expect(unknown.status).toBe(400)
    const text = await unknown.text()
    expect(text).toContain('Não encontramos essa cidade.')
    expect(text).toMatch(/<option value="advogado" selected="">/)
    const badCode = await filter({ profissao: '', cidade: '9999999', cidade_nome: '' })
    expect(badCode.status).toBe(400)
    const badProfession = await filter({ profissao: 'astronauta', cidade: '', cidade_nome: '' })
    expect(badProfession.status).toBe(400)
    expect(await badProfession.text()).toContain('Escolha uma profissão da lista.')
    const tooLong = await filter({ profissao: 'a'.repeat(500), cidade_nome: 'b'.repeat(5000) })
    expect(tooLong.status).toBe(400)
    expect(await tooLong.text()).toContain('Não foi possível ler o filtro.')
  })
})

describe('the directory home (/profissionais)', () => {
  it('lists the professions with counts and the largest cities, with the filter bar', async () => {
    await env.SUGGESTIONS.delete(DIRECTORY_HOME_KEY)
    const { status, html } = await page('/profissionais')
    expect(status).toBe(200)
    expect(html).toContain('<title>Encontre um profissional do Direito | JurisEdge</title>')
    expect(html).toContain('href="/advogado"')
    expect(html).toContain('href="/auxiliar-juridico"')
    expect(html).toContain(`href="/cidade/${home.slug}"`)
    expect(html).toContain('<label for="diretorio-profissao">Profissão</label>')
    expect(html).toContain('Todas as profissões')
    expect(html).toContain('name="cidade_nome"')
    expect(canonicalOf(html)).toBe(`${ORIGIN_URL}/profissionais`)
  })
})
