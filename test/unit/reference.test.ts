import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { cities, occupations } from '~/db/schema-corpus'
import { MAX_IMAGE_BYTES } from '~/domain/images/images.server'
import { cityFromGeo, resolveCityInput } from '~/domain/reference/cities.server'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'

// The test database has the migrations (so the reference data of 0008) but no IBGE cities or
// CBO occupations: the few rows the stories need, with real codes and seed-style slugs.
const CITIES = [
  { code: 3509502, name: 'Campinas', uf: 'SP', slug: 'campinas-sp' },
  { code: 3550308, name: 'São Paulo', uf: 'SP', slug: 'sao-paulo-sp' },
  { code: 1303908, name: 'São Paulo de Olivença', uf: 'AM', slug: 'sao-paulo-de-olivenca-am' },
  { code: 3548708, name: 'São Bernardo do Campo', uf: 'SP', slug: 'sao-bernardo-do-campo-sp' },
  { code: 3516200, name: 'Franca', uf: 'SP', slug: 'franca-sp' },
  { code: 4106902, name: 'Curitiba', uf: 'PR', slug: 'curitiba-pr' },
  { code: 5300108, name: 'Brasília', uf: 'DF', slug: 'brasilia-df' },
  { code: 2611606, name: 'Recife', uf: 'PE', slug: 'recife-pe' },
  { code: 3170206, name: 'Uberlândia', uf: 'MG', slug: 'uberlandia-mg' },
  { code: 2408003, name: 'Mossoró', uf: 'RN', slug: 'mossoro-rn' },
  { code: 3118601, name: 'Contagem', uf: 'MG', slug: 'contagem-mg' },
  { code: 2109908, name: 'Santa Helena', uf: 'MA', slug: 'santa-helena-ma' },
  { code: 4115804, name: 'Santa Helena', uf: 'PR', slug: 'santa-helena-pr' },
]
const OCCUPATIONS = [
  { code: '241005', title: 'Advogado', slug: 'advogado' },
  { code: '241035', title: 'Advogado (direito do trabalho)', slug: 'advogado-direito-do-trabalho' },
  { code: '241205', title: 'Advogado da união', slug: 'advogado-da-uniao' },
  { code: '252210', title: 'Contador', slug: 'contador' },
  { code: '242405', title: 'Defensor público', slug: 'defensor-publico' },
  { code: '351440', title: 'Árbitro extrajudicial', slug: 'arbitro-extrajudicial' },
]

type Item = { label: string; inputLabel: string; value: string | number; slug: string }

async function items(path: string): Promise<Item[]> {
  const res = await get(path)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('application/json')
  return (await res.json()) as Item[]
}

function expectShape(list: Item[]) {
  for (const item of list) {
    expect(Object.keys(item).sort()).toEqual(['inputLabel', 'label', 'slug', 'value'])
    expect(item.inputLabel).not.toMatch(/[<>]/)
    // At most one span, nothing else as markup.
    expect(item.label.replace(/<span class="muted">[^<]*<\/span>/, '')).not.toMatch(/[<>]/)
  }
}

beforeAll(async () => {
  const { db } = deps()
  await db.insert(cities).values(CITIES).onConflictDoNothing()
  await db.insert(occupations).values(OCCUPATIONS).onConflictDoNothing()
})

describe('cities autocomplete', () => {
  it('finds "São Paulo" typed without accent or capitals, the city itself first', async () => {
    const list = await items('/ajax/busca-cidades?cidade_nome=sao%20paulo')
    expectShape(list)
    expect(list.map((i) => i.inputLabel)).toEqual(['São Paulo/SP', 'São Paulo de Olivença/AM'])
    expect(list[0]).toEqual({
      label: 'São Paulo <span class="muted">SP</span>',
      inputLabel: 'São Paulo/SP',
      value: 3550308,
      slug: 'sao-paulo-sp',
    })
  })

  it('matches the start of any word of the name, and "Cidade/UF" as typed', async () => {
    expect((await items('/ajax/busca-cidades?cidade_nome=BERNARDO')).map((i) => i.value)).toEqual([3548708])
    expect((await items('/ajax/busca-cidades?cidade_nome=uberl%C3%82ndia')).map((i) => i.value)).toEqual([
      3170206,
    ])
    expect((await items('/ajax/busca-cidades?cidade_nome=Campinas%2FSP')).map((i) => i.value)).toEqual([
      3509502,
    ])
  })

  it('answers [] under 2 characters, for a missing parameter and for punctuation only', async () => {
    for (const query of ['cidade_nome=s', 'cidade_nome=', '', 'cidade_nome=%25%25', 'cidade_nome=%20a%20']) {
      expect(await items(`/ajax/busca-cidades?${query}`)).toEqual([])
    }
  })

  it('is cacheable for a short time', async () => {
    const res = await get('/ajax/busca-cidades?cidade_nome=cam')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })
})

describe('institutions, professional titles and communities autocompletes', () => {
  it('finds institutions by name without accents and by acronym', async () => {
    const byName = await items('/ajax/busca-instituicoes?instituicao_nome=universidade%20de%20sao%20paulo')
    expectShape(byName)
    expect(byName[0]?.inputLabel).toBe('Universidade de São Paulo (USP)')
    expect(byName[0]?.label).toBe('Universidade de São Paulo <span class="muted">USP · São Paulo/SP</span>')

    const byAcronym = await items('/ajax/busca-instituicoes?instituicao_nome=puc-sp')
    expect(byAcronym[0]?.inputLabel).toBe('Pontifícia Universidade Católica de São Paulo (PUC-SP)')
    const mackenzie = await items('/ajax/busca-instituicoes?instituicao_nome=MACKENZIE')
    expect(mackenzie.map((i) => i.inputLabel)).toContain('Universidade Presbiteriana Mackenzie (Mackenzie)')
    const many = await items('/ajax/busca-instituicoes?instituicao_nome=universidade')
    expect(many).toHaveLength(10)
    expect(await items('/ajax/busca-instituicoes?instituicao_nome=u')).toEqual([])
  })

  it('finds CBO titles with the code as value, prefix matches first', async () => {
    const list = await items('/ajax/busca-titulos-profissionais?titulo=advog')
    expectShape(list)
    expect(list.map((i) => i.value)).toEqual(['241005', '241205', '241035'])
    expect(list[0]).toEqual({
      label: 'Advogado <span class="muted">CBO 241005</span>',
      inputLabel: 'Advogado',
      value: '241005',
      slug: 'advogado',
    })
    expect((await items('/ajax/busca-titulos-profissionais?titulo=ARBITRO')).map((i) => i.value)).toEqual([
      '351440',
    ])
    expect((await items('/ajax/busca-titulos-profissionais?titulo=trabalho')).map((i) => i.value)).toEqual([
      '241035',
    ])
    expect(await items('/ajax/busca-titulos-profissionais?titulo=a')).toEqual([])
    // Titles are masculine in the CBO; the feminine a woman types finds them (decisions/0018).
    expect((await items('/ajax/busca-titulos-profissionais?titulo=Advogada')).map((i) => i.value)).toContain(
      '241005',
    )
  })

  it('finds communities of every kind, themes too', async () => {
    const list = await items('/ajax/busca-comunidades?comunidade_nome=tribut%C3%81rio')
    expectShape(list)
    expect(list.map((i) => i.inputLabel)).toContain('Direito Tributário')
    const law = await items('/ajax/busca-comunidades?comunidade_nome=direito')
    expect(law[0]).toMatchObject({ inputLabel: 'Direito', label: 'Direito <span class="muted">Curso</span>' })
    const lawyer = await items('/ajax/busca-comunidades?comunidade_nome=advogado')
    expect(lawyer[0]).toMatchObject({
      inputLabel: 'Advogado',
      label: 'Advogado <span class="muted">Profissão</span>',
    })
  })
})

describe('specialties of an occupation', () => {
  it('lists the specialties of the lawyer occupation as {id, titulo}, alphabetically', async () => {
    const res = await get('/ajax/ocupacao/241005/especialidades')
    expect(res.status).toBe(200)
    const list = (await res.json()) as { id: number; titulo: string }[]
    expect(list.length).toBeGreaterThan(20)
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['id', 'titulo'])
    expect(list.map((s) => s.titulo)).toContain('Direito Tributário')
    const titles = list.map((s) => s.titulo)
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'pt-BR')))
  })

  it('answers [] for an unknown or malformed code', async () => {
    for (const id of ['999999', 'abc', '2410051']) {
      const res = await get(`/ajax/ocupacao/${id}/especialidades`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual([])
    }
  })
})

describe('city by IP', () => {
  it('matches the runtime city to the IBGE city in the same UF, ignoring accents', async () => {
    const found = await cityFromGeo(deps(), { country: 'BR', city: 'Sao Paulo', regionCode: 'SP' })
    expect(found).toEqual({ city: { id: 3550308, nome: 'São Paulo', uf: 'SP' }, approximate: false })
    const mossoro = await cityFromGeo(deps(), { country: 'BR', city: 'Mossoro', regionCode: 'RN' })
    expect(mossoro?.city.id).toBe(2408003)
  })

  it('falls back to the UF capital when only the region is known or the city is not in it', async () => {
    expect(await cityFromGeo(deps(), { country: 'BR', regionCode: 'PR' })).toEqual({
      city: { id: 4106902, nome: 'Curitiba', uf: 'PR' },
      approximate: true,
    })
    const wrongUf = await cityFromGeo(deps(), { country: 'BR', city: 'Campinas', regionCode: 'DF' })
    expect(wrongUf).toEqual({ city: { id: 5300108, nome: 'Brasília', uf: 'DF' }, approximate: true })
  })

  it('gives nothing outside Brazil or without a region (offline wrangler dev reports Austin, TX)', async () => {
    expect(await cityFromGeo(deps(), { country: 'US', city: 'Austin', regionCode: 'TX' })).toBeNull()
    expect(await cityFromGeo(deps(), { country: 'BR', city: 'Campinas' })).toBeNull()
    expect(await cityFromGeo(deps(), undefined)).toBeNull()
  })

  it('answers the spec shape from request.cf, and status error in Portuguese when there is no city', async () => {
    const res = await get('/ajax/cidade-por-ip', {
      cf: { country: 'BR', city: 'Campinas', regionCode: 'SP' },
    } as RequestInit)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(await res.json()).toEqual({
      status: 'success',
      cidade: { id: 3509502, nome: 'Campinas', uf: 'SP' },
      aproximada: false,
    })

    const abroad = await get('/ajax/cidade-por-ip', { cf: { country: 'PT', city: 'Lisboa' } } as RequestInit)
    expect(abroad.status).toBe(200)
    expect(await abroad.json()).toMatchObject({
      status: 'error',
      errors: ['Não foi possível identificar sua cidade pela sua conexão.'],
    })
  })
})

describe('typed city without JavaScript', () => {
  it('reads "Cidade/UF", "Cidade - UF", an IBGE code and a name unique in Brazil', async () => {
    const d = deps()
    expect((await resolveCityInput(d, 'Campinas/SP'))?.id).toBe(3509502)
    expect((await resolveCityInput(d, 'sao paulo - sp'))?.id).toBe(3550308)
    expect((await resolveCityInput(d, '3516200'))?.nome).toBe('Franca')
    expect((await resolveCityInput(d, 'Uberlândia'))?.uf).toBe('MG')
  })

  it('refuses an ambiguous name, an unknown city and a wrong UF', async () => {
    const d = deps()
    expect(await resolveCityInput(d, 'Santa Helena')).toBeNull()
    expect((await resolveCityInput(d, 'Santa Helena/PR'))?.id).toBe(4115804)
    expect(await resolveCityInput(d, 'Gotham/SP')).toBeNull()
    expect(await resolveCityInput(d, 'Campinas/RJ')).toBeNull()
    expect(await resolveCityInput(d, '')).toBeNull()
  })
})

// Real images: a 1×1 PNG and a complete 1×1 baseline JPEG (made by Chromium's canvas.toDataURL).
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgj/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgACKLf//Z'
const dataUrl = (mime: string, base64: string) => `data:${mime};base64,${base64}`

async function photoKeyOf(userId: number): Promise<string | null> {
  const [row] = await deps().db.select({ key: users.photoKey }).from(users).where(eq(users.id, userId))
  return row?.key ?? null
}

describe('POST /ajax/editar-perfil (profile photo)', () => {
  it('stores a PNG, points the user at it, serves it with a year of cache, and deletes the old one', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const first = await postJson(
      '/ajax/editar-perfil',
      { item: 'imagem', imagem: dataUrl('image/png', PNG_BASE64) },
      { Cookie: cookie },
    )
    expect(first.status).toBe(200)
    const body = (await first.json()) as { status: string; url: string }
    expect(body.status).toBe('success')
    expect(body.url).toMatch(/^\/imagens\/perfil\/[0-9a-f]{32}\.png$/)
    const firstKey = await photoKeyOf(user.id)
    expect(`/imagens/${firstKey}`).toBe(body.url)

    const served = await get(body.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(
      Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0)),
    )

    const second = await postJson(
      '/ajax/editar-perfil',
      { item: 'imagem', imagem: dataUrl('image/jpeg', JPEG_BASE64) },
      { Cookie: cookie },
    )
    expect(second.status).toBe(200)
    const next = (await second.json()) as { url: string }
    expect(next.url).toMatch(/\.jpg$/)
    expect(await photoKeyOf(user.id)).not.toBe(firstKey)
    expect(await env.IMAGES.head(firstKey ?? '')).toBeNull()
    expect((await get(next.url)).headers.get('content-type')).toBe('image/jpeg')
  })

  it('refuses a renamed text file with 422 and the spec message, and keeps the photo', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    await postJson(
      '/ajax/editar-perfil',
      { item: 'imagem', imagem: dataUrl('image/png', PNG_BASE64) },
      { Cookie: cookie },
    )
    const before = await photoKeyOf(user.id)
    const objectsBefore = (await env.IMAGES.list({ prefix: 'perfil/' })).objects.length

    const text = btoa('isto não é uma imagem'.normalize('NFD').replace(/\p{M}/gu, ''))
    for (const imagem of [dataUrl('image/png', text), 'nao-e-data-url', dataUrl('image/png', '')]) {
      const res = await postJson('/ajax/editar-perfil', { item: 'imagem', imagem }, { Cookie: cookie })
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({
        status: 'error',
        errors: ['Selecione uma imagem em JPG, JPEG ou PNG com menos de 4MB'],
      })
    }
    expect(await photoKeyOf(user.id)).toBe(before)
    expect((await env.IMAGES.list({ prefix: 'perfil/' })).objects.length).toBe(objectsBefore)
  })

  it('refuses an image over 4,194,304 bytes with 422', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1)
    big.set(Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0)))
    let binary = ''
    for (let i = 0; i < big.length; i += 0x8000) binary += String.fromCharCode(...big.subarray(i, i + 0x8000))
    const res = await postJson(
      '/ajax/editar-perfil',
      { item: 'imagem', imagem: dataUrl('image/png', btoa(binary)) },
      { Cookie: cookie },
    )
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: string[] }).errors).toEqual([
      'Selecione uma imagem em JPG, JPEG ou PNG com menos de 4MB',
    ])
    expect(await photoKeyOf(user.id)).toBeNull()
  })

  it('asks an anonymous visitor to log in (401) and stores nothing', async () => {
    const res = await postJson('/ajax/editar-perfil', {
      item: 'imagem',
      imagem: dataUrl('image/png', PNG_BASE64),
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({
      status: 'error',
      errors: ['Você precisa entrar para continuar.'],
    })
  })

  it('answers 422 in Portuguese for another item', async () => {
    const user = await createUser()
    const res = await postJson(
      '/ajax/editar-perfil',
      { item: 'nome', imagem: 'x' },
      { Cookie: await sessionCookie(user.id) },
    )
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ status: 'error', errors: ['Item do perfil desconhecido.'] })
  })
})
