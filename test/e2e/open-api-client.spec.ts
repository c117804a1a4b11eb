import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import createClient from 'openapi-fetch'
import { GENERATED_TYPES, typesOf } from '../../scripts/gen-open-api-types'
import { expect, test } from './fixtures'
import type { paths } from './generated/open-api'

// The open API from the outside (issue 29 "Done means"): the document the site serves validates
// as OpenAPI 3.1, the standard generator's types made from it are the committed ones, and a
// client built on them (openapi-fetch) runs a search, a lawsuit lookup and a paged directory
// query against the local site with a key made in the product.

test.describe('a client generated from /api/v2/openapi.json', () => {
  test('validates, is current, and searches, looks a lawsuit up and pages the directory', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const origin = new URL(baseURL ?? '').origin
    const document = (await (await page.request.get('/api/v2/openapi.json')).json()) as { openapi: string }
    expect(document.openapi).toBe('3.1.0')
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')

    expect(await typesOf(document), `rode: npx tsx scripts/gen-open-api-types.ts`).toBe(
      readFileSync(GENERATED_TYPES, 'utf8'),
    )

    // A key, made through the product's own endpoint by the logged-in user.
    const made = await page.request.post('/ajax/conta/api/chaves', {
      data: { nome: 'Cliente gerado' },
      headers: { Origin: origin, Accept: 'application/json' },
    })
    expect(made.status()).toBe(200)
    const { chave } = (await made.json()) as { chave: string }

    const client = createClient<paths>({ baseUrl: origin, headers: { Authorization: `Bearer ${chave}` } })

    const found = await client.GET('/api/v2/busca/{categoria}', {
      params: { path: { categoria: 'en' }, query: { q: 'silva' } },
    })
    expect(found.response.status).toBe(200)
    expect(found.data?.total).toBeGreaterThan(0)
    expect(found.data?.items[0]?.url).toContain('/processos/')

    const lawsuit = await client.GET('/api/v2/processos/{numero}', {
      params: { path: { numero: '0712252-79.2020.8.07.0015' } },
    })
    expect(lawsuit.response.status).toBe(200)
    expect(lawsuit.data?.number).toBe('0712252-79.2020.8.07.0015')
    expect(lawsuit.data?.court).toBeTruthy()
    expect(lawsuit.data?.url).toBe(`${origin}/processos/0712252-79.2020.8.07.0015`)

    const missing = await client.GET('/api/v2/processos/{numero}', { params: { path: { numero: '123' } } })
    expect(missing.response.status).toBe(422)
    expect(missing.response.headers.get('content-type')).toContain('application/problem+json')
    expect(missing.error?.errors?.[0]?.field).toBe('numero')

    const first = await client.GET('/api/v2/profissionais', { params: { query: { profissao: 'advogado' } } })
    expect(first.response.status).toBe(200)
    expect(first.data?.items).toHaveLength(20)
    const cursor = first.data?.nextCursor
    expect(cursor).toBeTruthy()
    const second = await client.GET('/api/v2/profissionais', {
      params: { query: { profissao: 'advogado', cursor: cursor ?? undefined } },
    })
    expect(second.response.status).toBe(200)
    const ids = new Set([...(first.data?.items ?? []), ...(second.data?.items ?? [])].map((item) => item.id))
    expect(ids.size).toBe((first.data?.items.length ?? 0) + (second.data?.items.length ?? 0))
  })
})
