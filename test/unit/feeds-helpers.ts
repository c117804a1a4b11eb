import { env, SELF } from 'cloudflare:test'
import type { PageRequest, PoliteFetch, SourceClient, SourceConfig } from '~/domain/sources/types'
import { BASE, ORIGIN, postJson } from './helpers'

/**
 * The clients are driven against their stand-ins through the real Worker (decisions/0101): each
 * request is a `SELF.fetch`, counted, as the engine's polite fetch would send it.
 */
export function workerFetch(): PoliteFetch & { urls: string[] } {
  const urls: string[] = []
  const http = async (url: string, init?: RequestInit) => {
    urls.push(url)
    return SELF.fetch(url, init)
  }
  return Object.assign(http, { urls })
}

export const config = (baseUrl: string, credentials: Record<string, string> = {}): SourceConfig => ({
  baseUrl,
  credentials,
})
export const configs = {
  djen: () => config(env.DJEN_URL),
  queridoDiario: () => config(env.QUERIDO_DIARIO_URL),
  inlabs: () =>
    config(env.INLABS_URL, { INLABS_EMAIL: env.INLABS_EMAIL ?? '', INLABS_SENHA: env.INLABS_SENHA ?? '' }),
}

/** Every page of a request, as the engine would queue them one after the other. */
export async function fetchAll<R>(
  client: SourceClient<R>,
  http: PoliteFetch,
  cfg: SourceConfig,
  first: PageRequest,
) {
  const records: R[] = []
  const skipped: { reason: string; ref?: string }[] = []
  const pages: number[] = []
  let request: PageRequest | null = first
  while (request) {
    pages.push(request.page)
    const result = await client.fetchPage(http, cfg, request)
    records.push(...result.records)
    skipped.push(...result.skipped)
    request = result.next
  }
  return { records, skipped, pages }
}

/** Sets a stand-in's fault for its next `vezes` answers (workers/api/dev-sources.ts). */
export async function setFault(fault: Record<string, string | number>) {
  const response = await postJson('/__dev/fontes/falha', fault)
  if (!response.ok) throw new Error(`falha não definida: ${response.status} ${await response.text()}`)
}

export async function clearFaults() {
  await SELF.fetch(`${BASE}/__dev/fontes/falha`, { method: 'DELETE', headers: ORIGIN })
}
