import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { renameField, saveStandInRecords, standInRecords, withFaults } from './dev-sources'

/**
 * The stand-in for CNJ's Comunica API (comunicaapi.pje.jus.br, DJEN), decisions/0101: the query
 * `GET /api/v1/comunicacao` with its filters, windows, pages and limits, answering the API's own
 * `{status, message, count, items}` from the communications it holds (the recorded answers of
 * ../shared/data/djen, put there by `npm run seed`, plus any added through the route below).
 */
type Item = Record<string, unknown>

const MAX_PAGE_SIZE = 100
const fold = (value: unknown) =>
  String(value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .trim()
const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '')
const dateOf = (item: Item) => String(item.data_disponibilizacao ?? '')

const lawyersOf = (item: Item) =>
  (Array.isArray(item.destinatarioadvogados) ? item.destinatarioadvogados : []).map(
    (entry) => ((entry as Item | null)?.advogado ?? {}) as Item,
  )
const partiesOf = (item: Item) =>
  (Array.isArray(item.destinatarios) ? item.destinatarios : []).map((d) => (d ?? {}) as Item)

const querySchema = z.object({
  numeroOab: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
  ufOab: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional(),
  nomeParte: z.string().min(1).max(200).optional(),
  nomeAdvogado: z.string().min(1).max(200).optional(),
  numeroProcesso: z.string().min(1).max(30).optional(),
  siglaTribunal: z.string().min(2).max(20).optional(),
  texto: z.string().min(1).max(200).optional(),
  dataDisponibilizacaoInicio: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  dataDisponibilizacaoFim: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  pagina: z.coerce.number().int().min(1).default(1),
  itensPorPagina: z.coerce.number().int().min(1).default(5),
})
type Query = z.infer<typeof querySchema>

function matches(item: Item, q: Query): boolean {
  const date = dateOf(item)
  if (q.dataDisponibilizacaoInicio && date < q.dataDisponibilizacaoInicio) return false
  if (q.dataDisponibilizacaoFim && date > q.dataDisponibilizacaoFim) return false
  if (q.siglaTribunal && fold(item.siglaTribunal) !== fold(q.siglaTribunal)) return false
  if (q.numeroProcesso && digits(item.numero_processo) !== digits(q.numeroProcesso)) return false
  if (q.numeroOab || q.ufOab || q.nomeAdvogado) {
    const found = lawyersOf(item).some(
      (l) =>
        (!q.numeroOab || Number(digits(l.numero_oab)) === Number(q.numeroOab)) &&
        (!q.ufOab || fold(l.uf_oab) === fold(q.ufOab)) &&
        (!q.nomeAdvogado || fold(l.nome).includes(fold(q.nomeAdvogado))),
    )
    if (!found) return false
  }
  if (q.nomeParte && !partiesOf(item).some((p) => fold(p.nome).includes(fold(q.nomeParte)))) return false
  if (q.texto && !fold(item.texto).includes(fold(q.texto))) return false
  return true
}

const error = (message: string) =>
  Response.json({ status: 'error', message, count: 0, items: [] }, { status: 422 })

const addSchema = z.object({ items: z.array(z.record(z.string(), z.unknown())).min(1).max(500) })

export const devDjenApi = new Hono<AppEnv>()
  .get('/__dev/djen/api/v1/comunicacao', async (c) => {
    const kv = c.env.SESSIONS
    return withFaults(
      c,
      'djen',
      async () => {
        const parsed = querySchema.safeParse(c.req.query())
        if (!parsed.success) return error('Parâmetros inválidos.')
        const q = parsed.data
        if (q.itensPorPagina > MAX_PAGE_SIZE)
          return error(`itensPorPagina deve ser no máximo ${MAX_PAGE_SIZE}.`)
        // The API's rule: a search names something (a court, a text, a party, a lawyer, an OAB, a
        // lawsuit) or asks for at most 5 items a page.
        const named =
          q.siglaTribunal || q.texto || q.nomeParte || q.nomeAdvogado || q.numeroOab || q.numeroProcesso
        if (!named && q.itensPorPagina > 5)
          return error(
            'Informe um filtro (tribunal, texto, parte, advogado, OAB ou processo) ou até 5 itens.',
          )
        const all = (await standInRecords<Item>(kv, 'djen'))
          .filter((item) => matches(item, q))
          // Newest first, as the API lists them.
          .sort((a, b) =>
            dateOf(a) === dateOf(b) ? Number(b.id) - Number(a.id) : dateOf(a) < dateOf(b) ? 1 : -1,
          )
        const start = (q.pagina - 1) * q.itensPorPagina
        return Response.json({
          status: 'success',
          message: 'Sucesso',
          count: all.length,
          items: all.slice(start, start + q.itensPorPagina),
        })
      },
      renameField('items', 'itens'),
    )
  })
  // Development: a communication "arrives" (the API's own item shape; `id` and the dates are
  // filled in when missing), so `npm start` shows a new one reaching the product.
  .post('/__dev/djen/comunicacoes', async (c) => {
    const { items } = await readInput(c, addSchema)
    const kv = c.env.SESSIONS
    const stored = await standInRecords<Item>(kv, 'djen')
    let next = Math.max(0, ...stored.map((i) => Number(i.id) || 0)) + 1
    const today = new Date().toISOString().slice(0, 10)
    const added = items.map((raw) => {
      const date = typeof raw.data_disponibilizacao === 'string' ? raw.data_disponibilizacao : today
      const [y, m, d] = date.split('-')
      return {
        ...raw,
        id: raw.id ?? next++,
        data_disponibilizacao: date,
        datadisponibilizacao: `${d}/${m}/${y}`,
      }
    })
    const ids = new Set(added.map((i) => String(i.id)))
    await saveStandInRecords(kv, 'djen', [...stored.filter((i) => !ids.has(String(i.id))), ...added])
    return c.json({ status: 'success', ids: added.map((i) => i.id) }, 201)
  })
  .delete('/__dev/djen/comunicacoes', async (c) => {
    await saveStandInRecords(c.env.SESSIONS, 'djen', [])
    return c.json({ status: 'success' })
  })
