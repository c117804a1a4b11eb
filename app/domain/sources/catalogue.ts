import { mergeLawsuits } from '~/domain/corpus/import/formats/datajud'
import type { ImportCounts } from '~/domain/corpus/import/types'
import type { LawsuitRecord } from '~/domain/corpus/store/lawsuits.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import type { ImportTarget } from '~/domain/corpus/store/target.server'
import { t } from '~/i18n/pt-BR'
import { datajudClient } from './datajud'
import type { Manners } from './polite-fetch'
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
 * Every source the engine fetches. DJEN, Querido Diário and INLABS join as one entry each, the
 * same shape (their clients are built to the contract in types.ts).
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
]

export function sourceEntry(id: string): SourceEntry | undefined {
  return SOURCES.find((s) => s.id === id)
}

/** Every var and secret the catalogue names: the only ones `Deps.sourceVar` reads. */
export const SOURCE_VARS = new Set([
  ...SOURCES.flatMap((s) => [s.urlVar, ...s.secrets, ...(s.follow ? [s.follow.scopesVar] : [])]),
  'LAWSUIT_RECHECK_MINUTES',
])
