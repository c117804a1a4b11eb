import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { renameField, saveStandInRecords, standInRecords, withFaults } from './dev-sources'

/**
 * The stand-in for Querido Diário's API (okfn-brasil/querido-diario-api), decisions/0101:
 * `GET /api/gazettes` with its filters, windows, offset/size paging and sort, answering
 * `{total_gazettes, gazettes}` from the gazettes it holds (the recorded edition of
 * ../shared/data/diarios, put there by `npm run seed`, plus any added through the route below),
 * and each gazette's text at its `txt_url`.
 */
export type StandInGazette = {
  id: string
  territory_id: string
  territory_name: string
  state_code: string
  date: string
  edition: string | null
  is_extra_edition: boolean
  scraped_at: string
  text: string
}

const BASE = '/__dev/querido-diario'
const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** OpenSearch's simple query string, as the API uses it: quoted phrases and words, any of them. */
function termsOf(querystring: string): string[] {
  const terms: string[] = []
  for (const [, phrase, word] of querystring.matchAll(/"([^"]+)"|(\S+)/g)) {
    const term = fold((phrase ?? word ?? '').replace(/^[+|-]/, '').trim())
    if (term) terms.push(term)
  }
  return terms
}

function excerptsOf(text: string, terms: string[], size: number, count: number): string[] {
  const folded = fold(text)
  const out: string[] = []
  for (const term of terms) {
    const at = folded.indexOf(term)
    if (at < 0 || out.length >= count) continue
    const start = Math.max(0, at - Math.floor((size - term.length) / 2))
    out.push(text.slice(start, start + size))
  }
  return out
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const querySchema = z.object({
  querystring: z.string().max(500).default(''),
  published_since: date.optional(),
  published_until: date.optional(),
  offset: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(0).max(10_000).default(10),
  excerpt_size: z.coerce.number().int().min(1).max(10_000).default(500),
  number_of_excerpts: z.coerce.number().int().min(0).max(100).default(1),
  sort_by: z.enum(['relevance', 'descending_date', 'ascending_date']).default('relevance'),
})

const addSchema = z.object({
  territory_id: z.string().regex(/^\d{7}$/),
  territory_name: z.string().trim().min(1).max(100),
  state_code: z.string().regex(/^[A-Za-z]{2}$/),
  date: date.optional(),
  edition: z.string().trim().max(20).optional(),
  is_extra_edition: z.coerce.boolean().default(false),
  texto: z.string().min(1).max(60_000),
})

export const devQueridoDiarioApi = new Hono<AppEnv>()
  .get('/__dev/querido-diario/api/gazettes', async (c) => {
    const kv = c.env.SESSIONS
    return withFaults(
      c,
      'querido-diario',
      async () => {
        const parsed = querySchema.safeParse(c.req.query())
        // FastAPI's answer to a bad parameter.
        if (!parsed.success) return Response.json({ detail: 'Invalid query parameters' }, { status: 422 })
        const q = parsed.data
        const territories = c.req.queries('territory_ids') ?? []
        const terms = termsOf(q.querystring)
        const found = (await standInRecords<StandInGazette>(kv, 'querido-diario'))
          .filter(
            (g) =>
              (!territories.length || territories.includes(g.territory_id)) &&
              (!q.published_since || g.date >= q.published_since) &&
              (!q.published_until || g.date <= q.published_until) &&
              (!terms.length || terms.some((t) => fold(g.text).includes(t))),
          )
          // By date; the same day's gazettes in the order they arrived (a stable sort), so paging
          // by offset never skips or repeats one.
          .sort((a, b) =>
            q.sort_by === 'ascending_date' ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date),
          )
        const origin = new URL(c.req.url).origin
        return Response.json({
          total_gazettes: found.length,
          gazettes: found.slice(q.offset, q.offset + q.size).map((g) => ({
            territory_id: g.territory_id,
            date: g.date,
            scraped_at: g.scraped_at,
            url: `${origin}${BASE}/arquivos/${g.id}.pdf`,
            territory_name: g.territory_name,
            state_code: g.state_code,
            excerpts: excerptsOf(g.text, terms, q.excerpt_size, q.number_of_excerpts),
            ...(g.edition ? { edition: g.edition } : {}),
            is_extra_edition: g.is_extra_edition,
            txt_url: `${origin}${BASE}/arquivos/${g.id}.txt`,
          })),
        })
      },
      renameField('gazettes', 'diarios'),
    )
  })
  .get(`${BASE}/arquivos/:file{[\\w-]+\\.txt}`, async (c) => {
    const kv = c.env.SESSIONS
    const id = c.req.param('file').replace(/\.txt$/, '')
    return withFaults(c, 'querido-diario', async () => {
      const gazette = (await standInRecords<StandInGazette>(kv, 'querido-diario')).find((g) => g.id === id)
      if (!gazette) return new Response('Not Found', { status: 404 })
      const bytes = new TextEncoder().encode(gazette.text)
      return new Response(bytes, {
        headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(bytes.length) },
      })
    })
  })
  // Development: a gazette "arrives" (its text and what the API says of it), so `npm start`
  // shows a new one reaching the product.
  .post(`${BASE}/diarios`, async (c) => {
    const input = await readInput(c, addSchema)
    const kv = c.env.SESSIONS
    const stored = await standInRecords<StandInGazette>(kv, 'querido-diario')
    const gazette: StandInGazette = {
      id: crypto.randomUUID(),
      territory_id: input.territory_id,
      territory_name: input.territory_name,
      state_code: input.state_code.toUpperCase(),
      date: input.date ?? new Date().toISOString().slice(0, 10),
      edition: input.edition || null,
      is_extra_edition: input.is_extra_edition,
      scraped_at: new Date().toISOString().slice(0, 19),
      text: input.texto,
    }
    await saveStandInRecords(kv, 'querido-diario', [...stored, gazette])
    return c.json({ status: 'success', id: gazette.id }, 201)
  })
  .delete(`${BASE}/diarios`, async (c) => {
    await saveStandInRecords(c.env.SESSIONS, 'querido-diario', [])
    return c.json({ status: 'success' })
  })
