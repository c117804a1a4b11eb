import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { search as searchEndpoint } from '~/api/endpoints/open'
import { users } from '~/db/schema'
import { apiKeys } from '~/db/schema-accounts'
import { createKey } from '~/domain/api-keys/keys.server'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { makeCity, professional } from './directory-helpers'
import { createUser, decisionRecord, deps, get, postJson, sessionCookie } from './helpers'
import { apiGet, apiKey } from './open-api-helpers'

// The open API (/api/v2, issue 29, decisions/0063): keys, problem details, cursor pages, secrecy,
// CORS, the per-key limit and usage count, the generated document and its reference page.

const run = Date.now() % 100_000
const lawsuit = (n: number, secrecyLevel: number, names: string[]) => ({
  cnj: buildCnj(n, 2024, 8, 26, 1),
  court: 'TJSP',
  className: 'Procedimento Comum Cível',
  secrecyLevel,
  source: 'teste',
  subjects: [],
  movements: [],
  parties: names.map((name, i) => ({
    pole: i ? ('passivo' as const) : ('ativo' as const),
    name,
    lawyers: [],
  })),
})

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  return (await response.json()) as {
    type: string
    title: string
    status: number
    detail: string
    errors?: { field: string; message: string }[]
  }
}

describe('keys of the open API', () => {
  it('refuses a call without a key, with a bad one and with a revoked one, in Portuguese problem details', async () => {
    const none = await apiGet('/api/v2/busca/p?q=teste')
    expect(none.status).toBe(401)
    const missing = await problemOf(none)
    expect(missing).toMatchObject({ status: 401, title: 'Chave de API necessária' })
    expect(missing.detail).toContain('Authorization: Bearer')

    const bogus = await apiGet('/api/v2/busca/p?q=teste', 'je_naoexiste')
    expect(bogus.status).toBe(401)
    expect((await problemOf(bogus)).detail).toBe('Chave de API inválida ou revogada.')

    const { key, id } = await apiKey()
    expect((await apiGet('/api/v2/busca/p?q=teste', key)).status).toBe(200)
    await deps().db.update(apiKeys).set({ revokedAt: Date.now() }).where(eq(apiKeys.id, id))
    expect((await apiGet('/api/v2/busca/p?q=teste', key)).status).toBe(401)
  })

  it('gives no key to an account whose e-mail is not confirmed, and a key it already had stops working', async () => {
    const unconfirmed = await createUser({ emailConfirmedAt: null })
    const cookie = { Cookie: await sessionCookie(unconfirmed.id) }
    const refused = await postJson('/ajax/conta/api/chaves', { nome: 'Planilha' }, cookie)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      status: 'error',
      errors: [
        'Confirme seu e-mail antes de criar uma chave de API: abra o link que enviamos para o seu endereço.',
      ],
    })
    expect(await deps().db.select().from(apiKeys).where(eq(apiKeys.userId, unconfirmed.id))).toEqual([])
    // The page says why and how, instead of a form that fails.
    const page = await (await get('/conta/api', { headers: cookie })).text()
    expect(page).toContain('Para criar chaves de API, confirme antes o seu e-mail')
    expect(page).toContain(unconfirmed.email)
    expect(page).not.toContain('Criar chave')

    // Confirmed, it gets one; a key held while unconfirmed (made before this rule) does not work.
    const { key, userId } = await apiKey()
    expect((await apiGet('/api/v2/busca/p?q=teste', key)).status).toBe(200)
    await deps().db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, userId))
    expect((await apiGet('/api/v2/busca/p?q=teste', key)).status).toBe(401)
  })

  it('keeps at most 10 active keys per user when 15 are asked for at once', async () => {
    const { userId } = await apiKey()
    const asked = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) => createKey(deps(), userId, { nome: `Corrida ${i}` })),
    )
    expect(asked.filter((a) => a.status === 'fulfilled')).toHaveLength(9) // plus the first
    const active = await deps()
      .db.select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    expect(active).toHaveLength(10)
  })

  it('counts every call on its key and stamps its last use; the secret itself is not stored', async () => {
    const { key, id } = await apiKey()
    for (let i = 0; i < 3; i++) expect((await apiGet('/api/v2/busca/i?q=teste', key)).status).toBe(200)
    const [row] = await deps().db.select().from(apiKeys).where(eq(apiKeys.id, id))
    expect(row?.usageCount).toBe(3)
    expect(row?.lastUsedAt).toBeGreaterThan(Date.now() - 60_000)
    expect(row?.secretHash).not.toContain(key)
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/)
    expect(key.startsWith(row?.prefix ?? 'x')).toBe(true)
  })

  it('answers 429 problem details with Retry-After past the per-key limit, and other keys go on', async () => {
    const { key } = await apiKey()
    let limited: Response | null = null
    // 60 a minute; the binding's window is fixed, so two windows can take up to 120 in a row.
    for (let i = 0; i < 130 && !limited; i++) {
      const response = await apiGet('/api/v2/busca/i?q=limite', key)
      if (response.status === 429) limited = response
      else expect(response.status).toBe(200)
    }
    expect(limited, 'the limit was never reached').not.toBeNull()
    const answer = limited as Response
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await problemOf(answer)).toMatchObject({ status: 429, title: 'Muitas requisições' })
    const other = await apiKey()
    expect((await apiGet('/api/v2/busca/i?q=limite', other.key)).status).toBe(200)
  })
})

describe('lookups', () => {
  it('finds a lawsuit by its number, masked or not, and never a secret one', async () => {
    const { key } = await apiKey()
    const name = `Teodomiro Api ${run}`
    await upsertLawsuits(deps().db, [
      lawsuit(run * 10 + 1, 0, [name, 'Banco Exemplo S.A.']),
      lawsuit(run * 10 + 2, 3, [name]),
    ])
    const open = buildCnj(run * 10 + 1, 2024, 8, 26, 1)
    const masked = await apiGet(`/api/v2/processos/${formatCnj(open)}`, key)
    expect(masked.status).toBe(200)
    expect(await masked.json()).toMatchObject({
      number: formatCnj(open),
      court: 'TJSP',
      className: 'Procedimento Comum Cível',
      parties: [
        { pole: 'ativo', name, lawyers: [] },
        { pole: 'passivo', name: 'Banco Exemplo S.A.' },
      ],
      url: expect.stringContaining(`/processos/${formatCnj(open)}`),
    })
    expect((await apiGet(`/api/v2/processos/${open}`, key)).status).toBe(200)

    const secret = await apiGet(`/api/v2/processos/${buildCnj(run * 10 + 2, 2024, 8, 26, 1)}`, key)
    expect(secret.status).toBe(404)
    expect((await problemOf(secret)).detail).toBe('Processo não encontrado.')

    const bad = await apiGet('/api/v2/processos/123', key)
    expect(bad.status).toBe(422)
    expect((await problemOf(bad)).errors?.[0]?.field).toBe('numero')
  })
})

describe('search pages', () => {
  it('walks every result once with the cursor, in a stable order, with the pages’ filters', async () => {
    const { key } = await apiKey()
    const word = `ermenegildocursor${run}`
    await upsertDecisions(
      singleDatabaseCorpus(deps().db),
      Array.from({ length: 25 }, (_, i) =>
        decisionRecord(`api${run}`, `${i}`, `Servidão ${word} número ${i}.`),
      ),
    )
    const q = word
    const first = await apiGet(`/api/v2/busca/jr?q=${q}&tribunal=TJSP`, key)
    expect(first.status).toBe(200)
    const page1 = (await first.json()) as {
      total: number
      items: { id: number }[]
      nextCursor: string | null
    }
    expect(page1.total).toBe(25)
    expect(page1.items).toHaveLength(20)
    expect(page1.nextCursor).toBeTruthy()
    const again = (await (await apiGet(`/api/v2/busca/jr?q=${q}&tribunal=TJSP`, key)).json()) as typeof page1
    expect(again.items.map((i) => i.id)).toEqual(page1.items.map((i) => i.id))

    const second = await apiGet(`/api/v2/busca/jr?q=${q}&tribunal=TJSP&cursor=${page1.nextCursor}`, key)
    const page2 = (await second.json()) as typeof page1
    expect(page2.items).toHaveLength(5)
    expect(page2.nextCursor).toBeNull()
    const ids = [...page1.items, ...page2.items].map((i) => i.id)
    expect(new Set(ids).size).toBe(25)

    // The same filter as the page: another court has none of them.
    const other = (await (await apiGet(`/api/v2/busca/jr?q=${q}&tribunal=TJRJ`, key)).json()) as typeof page1
    expect(other.total).toBe(0)

    // A cursor belongs to its query.
    const stray = await apiGet(`/api/v2/busca/jr?q=outra&cursor=${page1.nextCursor}`, key)
    expect(stray.status).toBe(422)
    expect((await problemOf(stray)).errors).toEqual([
      { field: 'cursor', message: expect.stringContaining('Cursor') },
    ])
  })

  it('refuses an unknown category, a missing term and a future date with each field’s message', async () => {
    const { key } = await apiKey()
    const category = await problemOf(await apiGet('/api/v2/busca/x?q=a', key))
    expect(category).toMatchObject({
      status: 422,
      errors: [{ field: 'categoria', message: expect.stringContaining('Categoria') }],
    })
    const term = await problemOf(await apiGet('/api/v2/busca/p', key))
    expect(term.errors?.map((e) => e.field)).toEqual(['q'])
    const future = await problemOf(await apiGet('/api/v2/busca/d?q=portaria&de=2999-01-01', key))
    expect(future.errors).toEqual([{ field: 'de', message: 'A data não pode estar no futuro.' }])
    const shape = await problemOf(await apiGet('/api/v2/busca/d?q=portaria&ate=01/01/2020', key))
    expect(shape.errors?.map((e) => e.field)).toEqual(['ate'])
  })
})

describe('the directory', () => {
  it('pages a profession in a city with the cursor, in the pages’ order, each professional once', async () => {
    const { key } = await apiKey()
    const city = await makeCity()
    const made: Awaited<ReturnType<typeof professional>>[] = []
    for (let i = 0; i < 22; i++) made.push(await professional({ city, specialties: i % 3 }))
    const base = `/api/v2/profissionais?profissao=advogado&cidade=${city.slug}`
    type Page = {
      total: number
      items: { id: number; url: string }[]
      nextCursor: string | null
      city: { slug: string }
    }
    const first = (await (await apiGet(base, key)).json()) as Page
    expect(first.total).toBe(22)
    expect(first.city.slug).toBe(city.slug)
    expect(first.items).toHaveLength(20)
    const second = (await (await apiGet(`${base}&cursor=${first.nextCursor}`, key)).json()) as Page
    expect(second.items).toHaveLength(2)
    expect(second.nextCursor).toBeNull()
    const ids = [...first.items, ...second.items].map((item) => item.id)
    expect([...ids].sort()).toEqual(made.map((user) => user.id).sort())
    // The page's order: the most complete profiles (more specialties) first.
    const page = await get(`/advogado/${city.slug}`)
    const html = await page.text()
    const firstOnPage = made.find(
      (user) =>
        html.indexOf(user.name) >= 0 &&
        html.indexOf(user.name) === Math.min(...made.map((u) => html.indexOf(u.name)).filter((x) => x >= 0)),
    )
    expect(first.items[0]?.id).toBe(firstOnPage?.id)

    const unknown = await apiGet('/api/v2/profissionais?profissao=astronauta', key)
    expect(unknown.status).toBe(404)
  })
})

describe('browsers and the document', () => {
  it('keeps the site’s own older calls under /api/v2 in the product’s shape, not problems', async () => {
    const unknown = await apiGet('/api/v2/nada')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ status: 'error', errors: ['Recurso não encontrado.'] })
  })

  it('lets a page on any origin call it, without cookies', async () => {
    const preflight = await apiGet('/api/v2/busca/p?q=a', undefined, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://outro-site.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()
    const { key } = await apiKey()
    const call = await apiGet('/api/v2/busca/p?q=a', key, {
      headers: { Origin: 'https://outro-site.example' },
    })
    expect(call.status).toBe(200)
    expect(call.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('publishes an OpenAPI 3.1 document of the public endpoints only, with no key', async () => {
    const response = await apiGet('/api/v2/openapi.json')
    expect(response.status).toBe(200)
    const doc = (await response.json()) as {
      openapi: string
      paths: Record<string, Record<string, { operationId: string }>>
    }
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/v2/busca/{categoria}']?.get?.operationId).toBe(searchEndpoint.id)
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/v2/busca/{categoria}',
        '/api/v2/processos/{numero}',
        '/api/v2/materias/{id}',
        '/api/v2/jurisprudencia/{id}',
        '/api/v2/legislacao/{slug}/{dispositivo}',
        '/api/v2/pessoas/{slug}',
        '/api/v2/empresas/{slug}',
        '/api/v2/profissionais',
      ].sort(),
    )
  })

  it('has a reference page in Portuguese without a script', async () => {
    const response = await apiGet('/api/v2/docs')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="pt-BR"')
    for (const text of [
      'Um processo pelo número CNJ',
      'Buscar em uma categoria',
      'Authorization: Bearer',
      'nextCursor',
    ])
      expect(html).toContain(text)
    expect(html).not.toMatch(/<script/i)
  })
})
