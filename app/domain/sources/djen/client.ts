import { type DjenRecord, readDjenItem } from '~/domain/corpus/import/formats/djen'
import { isRecord, readJson, sourceUrl } from '../answers'
import { type PageResult, type SourceClient, SourceError } from '../types'

/** The Comunica API's largest page (its swagger: `itensPorPagina` up to 100). */
export const DJEN_PAGE_SIZE = 100
/** A search reaches at most 10,000 results (the swagger's note): narrower windows for more. */
export const DJEN_MAX_RESULTS = 10_000
/** The filters the engine may pass in `PageRequest.query`, named as the API names them. */
export const DJEN_FILTERS = ['numeroOab', 'ufOab', 'nomeParte', 'numeroProcesso', 'siglaTribunal'] as const

/**
 * CNJ Comunica (DJEN): `GET {DJEN_URL}/api/v1/comunicacao`, one window of `dataDisponibilizacao`
 * and one page (`pagina`, from 1) per request. Each item is read by the DJEN importer's own
 * record reader, so a fetched communication is stored exactly like one of an imported file.
 */
export const djenClient: SourceClient<DjenRecord> = {
  id: 'djen',
  async fetchPage(http, config, request) {
    const page = Math.max(1, Math.trunc(request.page) || 1)
    const filters = Object.fromEntries(DJEN_FILTERS.map((name) => [name, request.query?.[name]]))
    const url = sourceUrl(config.baseUrl, 'api/v1/comunicacao', {
      ...filters,
      dataDisponibilizacaoInicio: request.window.from,
      dataDisponibilizacaoFim: request.window.to,
      pagina: String(page),
      itensPorPagina: String(DJEN_PAGE_SIZE),
    })
    const body = await readJson('djen', await http(url, { headers: { accept: 'application/json' } }))
    if (!isRecord(body) || !Array.isArray(body.items) || typeof body.count !== 'number')
      throw new SourceError('djen', 'shape', 'resposta sem count e items: o formato da API mudou')
    const result: PageResult<DjenRecord> = { records: [], skipped: [], next: null }
    for (const [index, raw] of body.items.entries()) {
      const record = readDjenItem(raw)
      // A cancelled item is no matéria, but it still withdraws an intimação's deadline.
      if (typeof record.item !== 'string' || record.communication) result.records.push(record)
      if (typeof record.item === 'string') {
        const id =
          isRecord(raw) && (typeof raw.id === 'number' || typeof raw.id === 'string') ? String(raw.id) : null
        result.skipped.push({ reason: record.item, ref: id ?? `página ${page}, item ${index + 1}` })
      }
    }
    const seen = page * DJEN_PAGE_SIZE
    if (body.items.length >= DJEN_PAGE_SIZE && seen < body.count) {
      if (seen < DJEN_MAX_RESULTS) result.next = { ...request, page: page + 1 }
      // Past the API's cap the rest is unreachable in this window: said, never silently lost.
      else
        result.skipped.push({
          reason: `a busca passa de ${DJEN_MAX_RESULTS} comunicações (${body.count}): divida a janela de datas`,
        })
    }
    return result
  },
}
