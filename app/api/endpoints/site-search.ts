import { healthSchema, siteSearchSchema } from '~/schemas/search'
import { SEARCH_CATEGORIES } from '~/schemas/search-categories'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

// The site's own JSON search (the same search as `/busca`, by the same URL parameters; what
// `npm run bench` measures) and the health probe (load balancers, the e2e and bench servers).
// Neither refuses input: their only error answer is the site's 500.

const snippet = z.string().nullable()
const base = { id: z.number().int(), title: z.string(), href: z.string() }
const result = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('p'), ...base, lawsuits: z.number().int(), gazettes: z.number().int() }),
  z.object({
    kind: z.literal('i'),
    ...base,
    cnpj: z.string(),
    lawsuits: z.number().int(),
    gazettes: z.number().int(),
  }),
  z.object({
    kind: z.literal('d'),
    ...base,
    gazette: z.string(),
    date: z.string(),
    section: z.string().nullable(),
    snippet,
  }),
  z.object({
    kind: z.literal('en'),
    ...base,
    court: z.string(),
    className: z.string().nullable(),
    parties: z.array(z.string()),
    snippet,
  }),
  z.object({
    kind: z.literal('jr'),
    ...base,
    court: z.string(),
    className: z.string().nullable(),
    rapporteur: z.string().nullable(),
    date: z.string().nullable(),
    snippet,
  }),
  z.object({ kind: z.literal('leis'), ...base, summary: z.string(), snippet }),
])

const category = z.enum(SEARCH_CATEGORIES).exclude(['t'])
const option = z.array(z.object({ value: z.string(), label: z.string() }))

export const siteSearch = endpoint({
  ...routes.siteSearch,
  input: siteSearchSchema,
  output: actionSuccess({
    query: z.string(),
    category: z.enum(SEARCH_CATEGORIES),
    page: z.number().int().positive(),
    empty: z.boolean(),
    lawsuit: z.object({ href: z.string(), title: z.string() }).nullable(),
    sections: z.array(
      z.object({ category, total: z.number().int().nonnegative(), results: z.array(result) }),
    ),
    filters: z.object({
      uf: z.array(z.string()),
      cidade: z.string().nullable(),
      tribunal: z.array(z.string()),
      diario: z.string().nullable(),
      caderno: z.string().nullable(),
      tipo: z.number().int().nullable(),
      especie: z.string().nullable(),
      de: z.string().nullable(),
      ate: z.string().nullable(),
      ordem: z.enum(['relevancia', 'recentes']),
    }),
    options: z
      .object({
        uf: option,
        cidade: option,
        tribunal: option,
        diario: option,
        caderno: option,
        tipo: option,
        especie: option,
      })
      .partial(),
    spelling: z.string().nullable(),
    elsewhere: z.array(z.object({ category, total: z.number().int().nonnegative() })),
    /** The next page's cursor (`cursor=` of the next call) when the documents are in shards. */
    next: z.string().nullable(),
    /** The previous page's cursor (decisions/0083), when this page was reached by one. */
    previous: z.string().nullable(),
  }),
  error: actionError,
  access: 'anyone',
  limit: 'none',
  public: false,
  summary: 'A busca do site em JSON (os mesmos parâmetros de /busca)',
})

/** Answers only when D1 answers (a failure is the site's 500). Its shape predates `status: 'success'`. */
export const health = endpoint({
  ...routes.health,
  input: healthSchema,
  output: z.object({ status: z.literal('ok'), banco: z.boolean() }),
  error: actionError,
  access: 'anyone',
  limit: 'none',
  public: false,
  summary: 'O site e o banco respondem',
})
