import { type Context, Hono } from 'hono'
import { z } from '~/schemas/zod'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'

/**
 * What the public sources' stand-ins share (decisions/0101): their records, kept in the local
 * SESSIONS KV under `dev:fontes:` (filled by `npm run seed` from the recorded answers in
 * ../shared/data, and by each stand-in's "add" route), and the fault switch the fetch engine's
 * fault tests drive.
 */
export type StandInSource = 'djen' | 'querido-diario' | 'inlabs'
const SOURCES = ['djen', 'querido-diario', 'inlabs'] as const

const recordsKey = (source: StandInSource) => `dev:fontes:${source}`
const faultKey = (source: StandInSource) => `dev:fontes:falha:${source}`

export async function standInRecords<T>(kv: KVNamespace, source: StandInSource): Promise<T[]> {
  return (await kv.get<T[]>(recordsKey(source), 'json')) ?? []
}

export async function saveStandInRecords<T>(kv: KVNamespace, source: StandInSource, records: T[]) {
  await kv.put(recordsKey(source), JSON.stringify(records))
}

/**
 * A fault the next `vezes` answers of a stand-in give, then it answers normally again (so a
 * retrying engine ends with what a fault-free run gives):
 * - `429`: Too Many Requests with `Retry-After: retry_after` seconds;
 * - `500`: Internal Server Error;
 * - `lento`: the normal answer after `atraso_ms` (the engine's timeout);
 * - `corte`: the normal answer with only its first half (a cut body);
 * - `campo`: the normal answer with its envelope's main field renamed (a changed API).
 * With `caminho`, only answers whose path and query contain it (e.g. `.txt`: a gazette's text, not
 * the search; `numeroOab=123456`: one OAB's pages, not another monitor's fetched meanwhile) take
 * the fault.
 */
export const FAULTS = ['429', '500', 'lento', 'corte', 'campo'] as const
export const faultSchema = z.object({
  fonte: z.enum(SOURCES),
  tipo: z.enum(FAULTS),
  vezes: z.coerce.number().int().min(1).max(1000).default(1),
  retry_after: z.coerce.number().int().min(0).max(3600).default(1),
  atraso_ms: z.coerce.number().int().min(0).max(120_000).default(5000),
  caminho: z.string().trim().max(200).optional(),
})
export type Fault = z.infer<typeof faultSchema>

/** The fault this answer gives (counting it down), or null. */
async function takeFault(kv: KVNamespace, source: StandInSource, path: string): Promise<Fault | null> {
  const fault = await kv.get<Fault>(faultKey(source), 'json')
  if (!fault || (fault.caminho && !path.includes(fault.caminho))) return null
  if (fault.vezes <= 1) await kv.delete(faultKey(source))
  else await kv.put(faultKey(source), JSON.stringify({ ...fault, vezes: fault.vezes - 1 }))
  return fault
}

/**
 * A stand-in's answer through the fault switch. `answer` builds the normal one; `changed` is the
 * same answer with a field the client relies on renamed (the `campo` fault).
 */
export async function withFaults(
  c: Context<AppEnv>,
  source: StandInSource,
  answer: () => Promise<Response>,
  changed: (response: Response) => Promise<Response> = async (response) => response,
): Promise<Response> {
  const url = new URL(c.req.url)
  const fault = await takeFault(c.env.SESSIONS, source, `${url.pathname}${url.search}`)
  if (!fault) return answer()
  switch (fault.tipo) {
    case '429':
      return new Response('Too Many Requests', {
        status: 429,
        headers: { 'retry-after': String(fault.retry_after) },
      })
    case '500':
      return new Response('Internal Server Error', { status: 500 })
    case 'lento':
      await scheduler.wait(fault.atraso_ms)
      return answer()
    case 'corte': {
      const response = await answer()
      // The declared length stays that of the whole body, as when a connection drops mid-way.
      const bytes = new Uint8Array(await response.arrayBuffer())
      return new Response(bytes.slice(0, Math.floor(bytes.length / 2)), {
        status: response.status,
        headers: response.headers,
      })
    }
    case 'campo':
      return changed(await answer())
  }
}

/** Renames one top-level field of a JSON answer (the `campo` fault of the JSON APIs). */
export function renameField(from: string, to: string) {
  return async (response: Response) => {
    const body = (await response.json()) as Record<string, unknown>
    const { [from]: value, ...rest } = body
    return Response.json({ ...rest, [to]: value }, { status: response.status })
  }
}

/** `POST /__dev/fontes/falha` sets a source's fault; `DELETE` clears every source's. */
export const devSourcesApi = new Hono<AppEnv>()
  .post('/__dev/fontes/falha', async (c) => {
    const fault = await readInput(c, faultSchema)
    await c.env.SESSIONS.put(faultKey(fault.fonte), JSON.stringify(fault))
    // The form of /__dev/fontes goes back to its page; a test gets the fault as set.
    if (c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded'))
      return c.redirect(
        `/__dev/fontes?ok=${encodeURIComponent(`Falha ${fault.tipo} ligada em ${fault.fonte} (${fault.vezes}×).`)}`,
        303,
      )
    return c.json({ status: 'success', falha: fault })
  })
  .delete('/__dev/fontes/falha', async (c) => {
    await Promise.all(SOURCES.map((source) => c.env.SESSIONS.delete(faultKey(source))))
    return c.json({ status: 'success' })
  })
