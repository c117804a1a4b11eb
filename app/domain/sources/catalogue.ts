import { mergeLawsuits } from '~/domain/corpus/import/formats/datajud'
import type { DjenRecord } from '~/domain/corpus/import/formats/djen'
import type { ImportCounts } from '~/domain/corpus/import/types'
import type { GazetteArticleRecord } from '~/domain/corpus/store/gazettes.server'
import type { LawsuitRecord } from '~/domain/corpus/store/lawsuits.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import type { ImportTarget } from '~/domain/corpus/store/target.server'
import { t } from '~/i18n/pt-BR'
import { datajudClient } from './datajud'
import { djenClient } from './djen/client'
import { storeDjen } from './djen/store.server'
import { inlabsClient } from './inlabs/client'
import { storeInlabs } from './inlabs/store.server'
import type { Manners } from './polite-fetch'
import { queridoDiarioClient } from './querido-diario/client'
import { storeQueridoDiario } from './querido-diario/store.server'
import type { SourceClient, SourceId } from './types'

/**
 * A public source, declared once (issue 40, decisions/0100): where it is read from (a
 * wrangler.toml var; locally our own stand-in), its credentials (secrets), how often and how much,
 * how politely, how it pages, its client (the protocol) and how its records are stored (the same
 * writer `npm run import` uses for that format, idempotent, on the shard the map names).
 */
export type SourceEntry<R = unknown> = {
  id: SourceId
  /** pt-BR, for /cobertura and /revisao/fontes. */
  name: string
  /** The var holding the base address: `{urlVar}` + the API's own paths. */
  urlVar: string
  /** Secret names the client reads from `SourceConfig.credentials`. */
  secrets: string[]
  /** Minutes between plans (a multiple of the 5-minute tick). */
  everyMinutes: number
  /** New jobs at most per tick and per day (a job is a window or a lookup, `pagesPerJob` pages at most). */
  budget: { jobsPerTick: number; jobsPerDay: number; pagesPerJob: number }
  manners: Pick<Manners, 'perMinute' | 'timeoutMs'>
  /** How a window is walked, for the reviewers' page and docs/scale.md. */
  paging: 'search_after' | 'pagina' | 'offset' | 'arquivo-do-dia'
  /** The `npm run import` format whose writer stores these records. */
  importer: string
  client: SourceClient<R>
  store: (target: ImportTarget, records: R[]) => Promise<ImportCounts>
  /**
   * Followed by date window: the var listing the scopes (courts, territories, sections), one
   * window per `windowDays` from `startDaysBack` days ago, cursor in D1; `query` is each window's
   * question to the API.
   */
  follow?: {
    scopesVar: string
    windowDays: number
    startDaysBack: number
    query: (scope: string) => Record<string, string>
  }
}

/** Keeps each entry's record type tied to its client and store. */
function source<R>(entry: SourceEntry<R>): SourceEntry {
  return entry as unknown as SourceEntry
}

/**
 * Every source the engine fetches, one entry each, the same shape (decisions/0100, the clients of
 * 0101). Rates: DataJud's documented limit halved, Querido Diário's documented 60 a minute,
 * conservative ones of ours where the API only says it limits (DJEN answers 429 and
 * `x-ratelimit-*`; INLABS says nothing). What people follow is planned first (plan.server.ts).
 */
export const SOURCES: SourceEntry[] = [
  source<LawsuitRecord>({
    id: 'datajud',
    name: t('sources.datajud.name'),
    urlVar: 'DATAJUD_URL',
    secrets: ['DATAJUD_API_KEY'],
    everyMinutes: 5,
    // CNJ's terms of use: at most 120 requests a minute per key; we keep to half.
    budget: { jobsPerTick: 50, jobsPerDay: 20_000, pagesPerJob: 50 },
    manners: { perMinute: 60, timeoutMs: 30_000 },
    paging: 'search_after',
    importer: 'datajud',
    client: datajudClient,
    store: (target, records) => upsertLawsuits(target, mergeLawsuits(records)),
    follow: {
      scopesVar: 'DATAJUD_COURTS',
      windowDays: 1,
      startDaysBack: 7,
      query: (alias) => ({ alias }),
    },
  }),
  source<DjenRecord>({
    id: 'djen',
    name: t('sources.djen.name'),
    urlVar: 'DJEN_URL',
    secrets: [],
    // Every tick: an OAB is asked again each OAB_RECHECK_MINUTES (decisions/0100, "what people
    // follow, first"); 30 requests a minute are 43,200 a day, the day's budget below.
    everyMinutes: 5,
    budget: { jobsPerTick: 100, jobsPerDay: 40_000, pagesPerJob: 100 },
    manners: { perMinute: 30, timeoutMs: 30_000 },
    paging: 'pagina',
    importer: 'djen',
    client: djenClient,
    store: storeDjen,
    follow: {
      scopesVar: 'DJEN_COURTS',
      windowDays: 1,
      startDaysBack: 7,
      query: (court) => ({ siglaTribunal: court }),
    },
  }),
  source<GazetteArticleRecord>({
    id: 'querido-diario',
    name: t('sources.queridoDiario.name'),
    urlVar: 'QUERIDO_DIARIO_URL',
    secrets: [],
    // Name monitors once a day; a page is 1 + 10 requests (each gazette's text) at 60 a minute.
    everyMinutes: 30,
    budget: { jobsPerTick: 30, jobsPerDay: 2_000, pagesPerJob: 50 },
    manners: { perMinute: 60, timeoutMs: 30_000 },
    paging: 'offset',
    importer: 'diario',
    client: queridoDiarioClient,
    store: storeQueridoDiario,
    follow: {
      scopesVar: 'QUERIDO_DIARIO_TERRITORIES',
      windowDays: 1,
      startDaysBack: 7,
      query: (territory) => ({ territory_ids: territory }),
    },
  }),
  source<GazetteArticleRecord>({
    id: 'inlabs',
    name: t('sources.inlabs.name'),
    urlVar: 'INLABS_URL',
    secrets: ['INLABS_EMAIL', 'INLABS_SENHA'],
    // The DOU's day is one file per section: each section's yesterday, once, from the cursor.
    everyMinutes: 60,
    budget: { jobsPerTick: 6, jobsPerDay: 60, pagesPerJob: 10 },
    manners: { perMinute: 12, timeoutMs: 60_000 },
    paging: 'arquivo-do-dia',
    importer: 'dou',
    client: inlabsClient,
    store: storeInlabs,
    follow: {
      scopesVar: 'INLABS_SECTIONS',
      windowDays: 1,
      startDaysBack: 1,
      query: (section) => ({ secoes: section }),
    },
  }),
]

export function sourceEntry(id: string): SourceEntry | undefined {
  return SOURCES.find((s) => s.id === id)
}

/** Every var and secret the catalogue names: the only ones `Deps.sourceVar` reads. */
export const SOURCE_VARS = new Set([
  ...SOURCES.flatMap((s) => [s.urlVar, ...s.secrets, ...(s.follow ? [s.follow.scopesVar] : [])]),
  'LAWSUIT_RECHECK_MINUTES',
  'OAB_RECHECK_MINUTES',
])
