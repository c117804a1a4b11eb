import { isValidCnj, STATE_COURTS, splitCnj } from '~/domain/corpus/cnj'
import { parseDatajud } from '~/domain/corpus/import/formats/datajud'
import type { LawsuitRecord } from '~/domain/corpus/store/lawsuits.server'
import { type PageRequest, type PageResult, type SourceClient, SourceError } from './types'

// CNJ's DataJud public API (https://datajud-wiki.cnj.jus.br/api-publica/): one Elasticsearch index
// per court, `POST {base}/api_publica_{alias}/_search` with `Authorization: APIKey {key}`.

/** Hits per page of a date window (Elasticsearch's `size`; DataJud answers up to 10,000). */
export const DATAJUD_PAGE_SIZE = 100

/** State military courts (segment 9) DataJud serves: MG, RS, SP. */
const MILITARY_STATE: Record<string, string> = { '13': 'tjmmg', '21': 'tjmrs', '26': 'tjmsp' }

/**
 * The index alias of the court a CNJ number belongs to (J.TR): 8.13 → tjmg, 4.05 → trf5,
 * 5.02 → trt2, 5.00 → tst, 6.26 → tre-sp, 6.00 → tse, 3.00 → stj, 7.xx → stm, 9.13 → tjmmg.
 * Null for a court DataJud does not serve (the STF, 1.00; the CNJ itself, 2.00).
 */
export function datajudAlias(cnj: string): string | null {
  if (!isValidCnj(cnj)) return null
  const { segment, court } = splitCnj(cnj)
  const n = Number(court)
  switch (segment) {
    case '3':
      return 'stj'
    case '4':
      return n >= 1 && n <= 6 ? `trf${n}` : null
    case '5':
      return n === 0 ? 'tst' : n <= 24 ? `trt${n}` : null
    case '6': {
      if (n === 0) return 'tse'
      const state = STATE_COURTS[court]
      return state ? `tre-${state.slice(2).toLowerCase()}` : null
    }
    case '7':
      return 'stm'
    case '8':
      return STATE_COURTS[court]?.toLowerCase() ?? null
    case '9':
      return MILITARY_STATE[court] ?? null
    default:
      return null
  }
}

/** An index alias as the request names it: lower-case letters, digits and one hyphen (tre-sp). */
const ALIAS = /^[a-z]{2,5}\d{0,2}(-[a-z]{2,3})?$/

/** The `_search` body: a number's documents, or a date window of updates in pages. */
export function datajudQuery(request: PageRequest): Record<string, unknown> {
  const numero = request.query?.numeroProcesso
  if (numero) return { size: DATAJUD_PAGE_SIZE, query: { match: { numeroProcesso: numero } } }
  const after = request.query?.searchAfter
  return {
    size: DATAJUD_PAGE_SIZE,
    query: {
      bool: {
        filter: [
          {
            range: {
              dataHoraUltimaAtualizacao: {
                gte: `${request.window.from}T00:00:00.000Z`,
                lte: `${request.window.to}T23:59:59.999Z`,
              },
            },
          },
        ],
      },
    },
    sort: [{ '@timestamp': { order: 'asc' } }],
    ...(after ? { search_after: JSON.parse(after) as unknown[] } : {}),
  }
}

type Hit = { sort?: unknown[] }

/**
 * The next page after `hits`. `search_after` is strictly after its value, and several documents
 * can share one `@timestamp` millisecond across a page's edge: the next page starts one
 * millisecond before the last value, so the edge's documents come again (stored once: the
 * importer is idempotent) and none is skipped. A page whose every hit shares one value cannot
 * overlap without repeating itself forever: it continues after that value.
 */
function nextPage(request: PageRequest, hits: Hit[]): PageRequest | null {
  if (request.query?.numeroProcesso || hits.length < DATAJUD_PAGE_SIZE) return null
  const first = hits[0]?.sort?.[0]
  const last = hits[hits.length - 1]?.sort?.[0]
  if (typeof last !== 'number')
    throw new SourceError('datajud', 'shape', 'página sem o valor de ordenação (sort)')
  const value = first === last ? last : last - 1
  return {
    ...request,
    page: request.page + 1,
    query: { ...request.query, searchAfter: JSON.stringify([value]) },
  }
}

export const datajudClient: SourceClient<LawsuitRecord> = {
  id: 'datajud',
  async fetchPage(http, config, request): Promise<PageResult<LawsuitRecord>> {
    const numero = request.query?.numeroProcesso
    const alias = request.query?.alias ?? (numero ? datajudAlias(numero) : null)
    if (!alias || !ALIAS.test(alias))
      throw new SourceError('datajud', 'shape', `tribunal sem índice no DataJud: ${alias ?? numero ?? '?'}`)
    const key = config.credentials.DATAJUD_API_KEY
    if (!key) throw new SourceError('datajud', 'auth', 'DATAJUD_API_KEY não configurada')
    const response = await http(`${config.baseUrl.replace(/\/+$/, '')}/api_publica_${alias}/_search`, {
      method: 'POST',
      headers: { Authorization: `APIKey ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(datajudQuery(request)),
    })
    const text = await response.text()
    // An index that does not exist (a court DataJud does not serve yet) answers 404: no records.
    if (response.status === 404) return { records: [], skipped: [], next: null }
    if (!response.ok) throw new SourceError('datajud', 'http', `HTTP ${response.status}`)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new SourceError('datajud', 'truncated', 'JSON incompleto ou inválido')
    }
    const hits = (body as { hits?: { hits?: unknown } } | null)?.hits?.hits
    if (!Array.isArray(hits)) throw new SourceError('datajud', 'shape', 'resposta sem a lista hits.hits')
    const parsed = parseDatajud({ name: `api_publica_${alias}`, content: text })
    return {
      records: parsed.records,
      skipped: parsed.issues.map((i) => ({ reason: i.reason, ref: i.position })),
      next: nextPage(request, hits as Hit[]),
    }
  },
}
