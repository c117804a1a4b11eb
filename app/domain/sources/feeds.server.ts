import { addCounts, emptyCounts, type ImportCounts } from '~/domain/corpus/import/types'
import type { Target } from '~/domain/corpus/store/target.server'
import { djenClient } from './djen/client'
import { storeDjen } from './djen/store.server'
import { inlabsClient } from './inlabs/client'
import { storeInlabs } from './inlabs/store.server'
import { queridoDiarioClient } from './querido-diario/client'
import { storeQueridoDiario } from './querido-diario/store.server'
import type { PageResult, SourceClient, SourceConfig, SourceId } from './types'

/** The vars and secrets the three feeds read (wrangler.toml, decisions/0101). */
export type FeedVars = {
  DJEN_URL: string
  QUERIDO_DIARIO_URL: string
  INLABS_URL: string
  INLABS_EMAIL?: string
  INLABS_SENHA?: string
}

/** A source's client, where its records are stored, and its address and credentials. */
export type Feed<R> = {
  client: SourceClient<R>
  store: (target: Target, records: R[]) => Promise<ImportCounts>
  config: (vars: FeedVars) => SourceConfig
  /**
   * At most this many requests a minute to the source's host: the documented rate where there is
   * one (Querido Diário: 60), a conservative one of ours where the API only says it limits
   * (DJEN answers 429 and `x-ratelimit-*`; INLABS says nothing).
   */
  requestsPerMinute: number
}

const feed = <R>(value: Feed<R>) => value as Feed<unknown>

/**
 * DJEN, Querido Diário and INLABS, ready for the fetch engine's catalogue (DataJud is the
 * engine's own): the engine fetches a page with `client`, then stores it with `storePage`.
 */
export const FEEDS: Partial<Record<SourceId, Feed<unknown>>> = {
  djen: feed({
    client: djenClient,
    store: storeDjen,
    config: (v) => ({ baseUrl: v.DJEN_URL, credentials: {} }),
    requestsPerMinute: 30,
  }),
  'querido-diario': feed({
    client: queridoDiarioClient,
    store: storeQueridoDiario,
    config: (v) => ({ baseUrl: v.QUERIDO_DIARIO_URL, credentials: {} }),
    requestsPerMinute: 60,
  }),
  inlabs: feed({
    client: inlabsClient,
    store: storeInlabs,
    config: (v) => ({
      baseUrl: v.INLABS_URL,
      credentials: { INLABS_EMAIL: v.INLABS_EMAIL ?? '', INLABS_SENHA: v.INLABS_SENHA ?? '' },
    }),
    requestsPerMinute: 12,
  }),
}

/** Stores one fetched page; what the client skipped is counted as skipped, as the import does. */
export async function storePage<R>(
  feed: Feed<R>,
  target: Target,
  page: PageResult<R>,
): Promise<ImportCounts> {
  const counts = addCounts(emptyCounts(), { skipped: page.skipped.length })
  return page.records.length ? addCounts(counts, await feed.store(target, page.records)) : counts
}
