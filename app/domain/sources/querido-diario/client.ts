import { readDiarioText } from '~/domain/corpus/import/formats/diario'
import { slugify } from '~/domain/corpus/import/text'
import type { ImportIssue } from '~/domain/corpus/import/types'
import type { GazetteArticleRecord } from '~/domain/corpus/store/gazettes.server'
import { failIfNotOk, isRecord, readJson, sourceUrl } from '../answers'
import { type PageResult, type SourceClient, SourceError } from '../types'

/**
 * Gazettes per page. The API takes any `size` ("use with caution"); each gazette costs one more
 * request for its text, so a page is 1 + 10 requests at the API's reference rate (60 a minute).
 */
export const QUERIDO_DIARIO_PAGE_SIZE = 10

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

type Gazette = {
  territoryId: string
  territoryName: string
  uf: string
  date: string
  edition: string
  extra: boolean
  txtUrl: string
}

function readGazette(raw: unknown): Gazette | string {
  if (!isRecord(raw)) return 'diário em formato inesperado'
  const territoryId = str(raw.territory_id)
  if (!/^\d{7}$/.test(territoryId)) return `código IBGE do município inválido: "${territoryId}"`
  const date = str(raw.date)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return `data de publicação inválida: "${date}"`
  const uf = str(raw.state_code).toUpperCase()
  const territoryName = str(raw.territory_name)
  if (!/^[A-Z]{2}$/.test(uf) || !territoryName) return 'município ou UF ausentes'
  const txtUrl = str(raw.txt_url)
  // The API lists a gazette before its text is extracted: it comes back on a later fetch.
  if (!txtUrl) return 'texto ainda não extraído pelo Querido Diário'
  return {
    territoryId,
    territoryName,
    uf,
    date,
    edition: str(raw.edition),
    extra: raw.is_extra_edition === true,
    txtUrl,
  }
}

/** The text of a gazette; a body shorter than its Content-Length was cut on the way. */
async function readText(response: Response): Promise<string> {
  await failIfNotOk('querido-diario', response)
  const bytes = new Uint8Array(await response.arrayBuffer())
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared !== bytes.length)
    throw new SourceError(
      'querido-diario',
      'truncated',
      `texto incompleto (${bytes.length} de ${declared} bytes)`,
    )
  return new TextDecoder().decode(bytes)
}

/**
 * Querido Diário (okfn-brasil/querido-diario-api): `GET {QUERIDO_DIARIO_URL}/api/gazettes`, one
 * window of publication dates and one page (`offset`, by `size`) per request, oldest first so
 * paging is stable; then each gazette's text from its `txt_url`, read by the importer's own
 * reader (split into matérias) with the edition the API describes.
 * `PageRequest.query`: `querystring` and `territory_ids` (comma-separated IBGE codes).
 */
export const queridoDiarioClient: SourceClient<GazetteArticleRecord> = {
  id: 'querido-diario',
  async fetchPage(http, config, request) {
    const page = Math.max(1, Math.trunc(request.page) || 1)
    const url = new URL(
      sourceUrl(config.baseUrl, 'api/gazettes', {
        querystring: request.query?.querystring,
        published_since: request.window.from,
        published_until: request.window.to,
        offset: String((page - 1) * QUERIDO_DIARIO_PAGE_SIZE),
        size: String(QUERIDO_DIARIO_PAGE_SIZE),
        sort_by: 'ascending_date',
      }),
    )
    for (const id of (request.query?.territory_ids ?? '').split(',').filter(Boolean))
      url.searchParams.append('territory_ids', id.trim())
    const body = await readJson(
      'querido-diario',
      await http(url.toString(), { headers: { accept: 'application/json' } }),
    )
    if (!isRecord(body) || !Array.isArray(body.gazettes) || typeof body.total_gazettes !== 'number')
      throw new SourceError(
        'querido-diario',
        'shape',
        'resposta sem total_gazettes e gazettes: o formato da API mudou',
      )

    const result: PageResult<GazetteArticleRecord> = { records: [], skipped: [], next: null }
    for (const [index, raw] of body.gazettes.entries()) {
      const gazette = readGazette(raw)
      const ref = isRecord(raw)
        ? `${str(raw.territory_id)} ${str(raw.date)} ed. ${str(raw.edition) || '?'}`
        : `página ${page}, diário ${index + 1}`
      if (typeof gazette === 'string') {
        result.skipped.push({ reason: gazette, ref })
        continue
      }
      const answer = await http(gazette.txtUrl, { headers: { accept: 'text/plain' } })
      // A text gone from the CDN is this gazette's problem, not the page's: the others go in.
      if (answer.status === 404) {
        await answer.body?.cancel()
        result.skipped.push({ reason: 'texto do diário não encontrado (404)', ref })
        continue
      }
      const text = await readText(answer)
      const issues: ImportIssue[] = []
      const records = readDiarioText({ name: `${ref}.txt`, content: text }, null, issues, {
        citySlug: slugify(gazette.territoryName),
        uf: gazette.uf,
        date: gazette.date,
        number: gazette.edition,
        cityName: gazette.territoryName,
        extra: gazette.extra,
      })
      result.records.push(...records)
      result.skipped.push(...issues.map((issue) => ({ reason: issue.reason, ref })))
    }
    if (
      (page - 1) * QUERIDO_DIARIO_PAGE_SIZE + body.gazettes.length < body.total_gazettes &&
      body.gazettes.length > 0
    )
      result.next = { ...request, page: page + 1 }
    return result
  },
}
