import { Hono } from 'hono'
import {
  addMovement,
  FAULTS,
  recordedNumbers,
  search,
  setFaults,
  takeFault,
} from '~/fixtures/sources/datajud-standin'
import { formatCnj } from '~/lib/cnj'
import { escapeHtml } from '~/lib/html'
import { z } from '~/schemas/zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'

/**
 * The stand-in for CNJ's DataJud public API in development and tests (issue 40, decisions/0021,
 * 0100): `POST /__dev/datajud/api_publica_{alias}/_search` with `Authorization: APIKey …`, the
 * recorded answers in Elasticsearch's format. `/__dev/datajud` is a page to add "the next
 * movement" to a recorded lawsuit; `POST /__dev/datajud/falhas` makes the next answers fail
 * (429 with Retry-After, 500, a timeout, a cut body, a changed field) for the fault tests.
 */
export const devDatajudApi = new Hono<AppEnv>()

const kvOf = (env: Env) => {
  if (!env.DEV_STANDINS)
    throw new Error('DEV_STANDINS (KV) não está declarado: só existe em desenvolvimento.')
  return env.DEV_STANDINS
}

const HANG_KEY = 'datajud:espera'

devDatajudApi.post('/__dev/datajud/:index/_search', async (c) => {
  const kv = kvOf(c.env)
  const index = c.req.param('index')
  if (!index.startsWith('api_publica_'))
    return c.json(
      { error: { type: 'index_not_found_exception', reason: `no such index [${index}]` }, status: 404 },
      404,
    )
  if (c.req.header('Authorization') !== `APIKey ${c.env.DATAJUD_API_KEY}`)
    return c.json({ error: 'unauthorized', message: 'API key inválida' }, 401)
  let query: Parameters<typeof search>[2]
  try {
    query = (await c.req.json()) as Parameters<typeof search>[2]
  } catch {
    return c.json({ error: { type: 'parsing_exception', reason: 'corpo JSON inválido' }, status: 400 }, 400)
  }
  const fault = await takeFault(kv)
  if (fault === '429') return c.json({ error: 'Too Many Requests' }, 429, { 'Retry-After': '2' })
  if (fault === '500') return c.json({ error: 'Internal Server Error' }, 500)
  if (fault === 'timeout') {
    const ms = Number(await kv.get(HANG_KEY)) || 35_000
    await new Promise((resolve) => setTimeout(resolve, ms))
  }
  const answer = await search(kv, index.slice('api_publica_'.length), query)
  if (fault === 'corte') {
    const full = new TextEncoder().encode(JSON.stringify(answer))
    return new Response(full.slice(0, Math.floor(full.length / 2)), {
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(full.length) },
    })
  }
  if (fault === 'campo') {
    // Elasticsearch 6's bare total, keys in another order and a field the client does not know:
    // a client that reads by name stores the same lawsuits.
    const changed = {
      ...answer,
      hits: {
        ...answer.hits,
        total: answer.hits.total.value,
        hits: answer.hits.hits.map((h) => ({
          ...h,
          _source: { campoNovo: 'x', ...Object.fromEntries(Object.entries(h._source).reverse()) },
        })),
      },
    }
    return c.json(changed)
  }
  return c.json(answer)
})

const faultsInput = z.object({
  falhas: z.array(z.enum(FAULTS)).max(50),
  /** How long a 'timeout' answer waits (ms). */
  esperaMs: z.coerce.number().int().min(0).max(120_000).optional(),
})

devDatajudApi.post('/__dev/datajud/falhas', async (c) => {
  const input = await readInput(c, faultsInput)
  const kv = kvOf(c.env)
  await setFaults(kv, input.falhas)
  if (input.esperaMs !== undefined) await kv.put(HANG_KEY, String(input.esperaMs))
  return c.json({ status: 'success', falhas: input.falhas })
})

const movementInput = z.object({
  numero: z.string().transform((v) => v.replace(/\D/g, '')),
  nome: z.string().trim().min(1).max(200),
  codigo: z.coerce.number().int().min(1).max(999_999),
})

devDatajudApi.post('/__dev/datajud/movimentos', async (c) => {
  const input = await readInput(c, movementInput)
  const kv = kvOf(c.env)
  if (!(await recordedNumbers(kv)).some((r) => r.cnj === input.numero))
    return c.json(
      { status: 'error', errors: ['Este número não está nas respostas gravadas do DataJud.'] },
      404,
    )
  await addMovement(kv, input.numero, {
    codigo: input.codigo,
    nome: input.nome,
    dataHora: new Date().toISOString(),
  })
  if (c.req.header('Accept')?.includes('application/json')) return c.json({ status: 'success' })
  return c.redirect(`/__dev/datajud?adicionado=${input.numero}`, 303)
})

devDatajudApi.get('/__dev/datajud', async (c) => {
  const numbers = await recordedNumbers(kvOf(c.env))
  const added = c.req.query('adicionado')
  const options = numbers
    .map(
      (n) => `<option value="${n.cnj}">${formatCnj(n.cnj)} (${escapeHtml(n.alias.toUpperCase())})</option>`,
    )
    .join('')
  return c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>DataJud de teste</title></head>
<body><main><h1>DataJud de teste</h1>
<p>Substitui a API pública do DataJud (CNJ) em desenvolvimento, com as respostas gravadas em ../shared/data/datajud
(${numbers.length} processos; o <code>npm run seed</code> as carrega). Acrescente uma movimentação a um processo gravado:
a próxima verificação do site (a cada 5 minutos, ou <code>npm run cron</code>) a encontra e avisa quem monitora o processo.</p>
${added ? `<p role="status">Movimentação acrescentada ao processo ${escapeHtml(formatCnj(added))}.</p>` : ''}
<form method="post" action="/__dev/datajud/movimentos">
<p><label for="numero">Processo</label><br><select id="numero" name="numero" required>${options}</select></p>
<p><label for="nome">Movimentação</label><br><input id="nome" name="nome" value="Juntada de Petição" required></p>
<p><label for="codigo">Código (TPU)</label><br><input id="codigo" name="codigo" inputmode="numeric" value="85" required></p>
<p><button type="submit">Acrescentar movimentação</button></p>
</form></main></body></html>`)
})
