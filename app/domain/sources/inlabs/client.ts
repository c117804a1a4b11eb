import { strFromU8, unzipSync } from 'fflate'
import { parseDou } from '~/domain/corpus/import/formats/dou'
import type { GazetteArticleRecord } from '~/domain/corpus/store/gazettes.server'
import { failIfNotOk, sourceUrl } from '../answers'
import { type PageRequest, type PageResult, type SourceClient, SourceError } from '../types'

/** The day's files INLABS publishes: the three sections and their extra editions. */
export const INLABS_SECTIONS = ['DO1', 'DO2', 'DO3', 'DO1E', 'DO2E', 'DO3E'] as const
/** The session cookie `logar.php` sets (Imprensa-Nacional/inlabs' scripts read it by name). */
export const INLABS_COOKIE = 'inlabs_session_cookie'

const DAY = 86_400_000
function daysOf(window: PageRequest['window']): string[] {
  const days: string[] = []
  for (let t = Date.parse(`${window.from}T00:00:00Z`); t <= Date.parse(`${window.to}T00:00:00Z`); t += DAY)
    days.push(new Date(t).toISOString().slice(0, 10))
  return days
}

/** `query.secoes` narrows the sections (comma-separated), in INLABS' names. */
function sectionsOf(request: PageRequest): string[] {
  const asked = (request.query?.secoes ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean)
  return asked.length ? INLABS_SECTIONS.filter((s) => asked.includes(s)) : [...INLABS_SECTIONS]
}

/** A session: the form POST of the official scripts (`email`, `password`), its cookie kept. */
async function login(
  http: Parameters<SourceClient<unknown>['fetchPage']>[0],
  baseUrl: string,
  credentials: Record<string, string>,
) {
  const email = credentials.INLABS_EMAIL ?? ''
  const password = credentials.INLABS_SENHA ?? ''
  if (!email || !password)
    throw new SourceError('inlabs', 'auth', 'INLABS_EMAIL e INLABS_SENHA não configurados')
  const response = await http(sourceUrl(baseUrl, 'logar.php'), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    },
    body: new URLSearchParams({ email, password }).toString(),
    // Its redirect carries the cookie; following it would drop the header.
    redirect: 'manual',
  })
  if (response.status === 429 || response.status >= 500) await failIfNotOk('inlabs', response)
  await response.body?.cancel()
  const cookies = response.headers.getSetCookie?.() ?? [response.headers.get('set-cookie') ?? '']
  for (const cookie of cookies) {
    const value = new RegExp(`(?:^|[;,]\\s*)${INLABS_COOKIE}=([^;]+)`).exec(cookie)?.[1]
    if (value) return value
  }
  throw new SourceError('inlabs', 'auth', 'o INLABS recusou o login: confira INLABS_EMAIL e INLABS_SENHA')
}

/**
 * DOU through INLABS (Imprensa-Nacional/inlabs): a login (`POST {INLABS_URL}/logar.php`), then
 * one section's ZIP of one day (`GET {INLABS_URL}/index.php?p=<day>&dl=<day>-<section>.zip`)
 * per page: page n walks the window's days × sections in order. Each XML matéria is read by the
 * DOU importer's own reader. No file for a section that day (404) is an empty page.
 */
export const inlabsClient: SourceClient<GazetteArticleRecord> = {
  id: 'inlabs',
  async fetchPage(http, config, request) {
    const page = Math.max(1, Math.trunc(request.page) || 1)
    const days = daysOf(request.window)
    const sections = sectionsOf(request)
    const total = days.length * sections.length
    const result: PageResult<GazetteArticleRecord> = {
      records: [],
      skipped: [],
      next: page < total ? { ...request, page: page + 1 } : null,
    }
    if (page > total) return result
    const day = days[Math.floor((page - 1) / sections.length)] as string
    const section = sections[(page - 1) % sections.length] as string
    const file = `${day}-${section}.zip`

    const cookie = await login(http, config.baseUrl, config.credentials)
    const response = await http(sourceUrl(config.baseUrl, 'index.php', { p: day, dl: file }), {
      // The official scripts send this header with every download.
      headers: { cookie: `${INLABS_COOKIE}=${cookie}`, origem: '736372697074' },
    })
    if (response.status === 404) {
      await response.body?.cancel()
      return result
    }
    await failIfNotOk('inlabs', response)
    const bytes = new Uint8Array(await response.arrayBuffer())
    const declared = Number(response.headers.get('content-length') ?? Number.NaN)
    if (Number.isFinite(declared) && declared !== bytes.length)
      throw new SourceError(
        'inlabs',
        'truncated',
        `${file} incompleto (${bytes.length} de ${declared} bytes)`,
      )
    // "PK": a ZIP. INLABS answers its login page (HTML) to a session it does not accept.
    if (bytes[0] !== 0x50 || bytes[1] !== 0x4b)
      throw /html/i.test(response.headers.get('content-type') ?? '')
        ? new SourceError('inlabs', 'auth', `o INLABS não aceitou a sessão ao baixar ${file}`)
        : new SourceError('inlabs', 'shape', `${file} não é um arquivo ZIP`)
    let entries: Record<string, Uint8Array>
    try {
      entries = unzipSync(bytes)
    } catch {
      throw new SourceError('inlabs', 'truncated', `${file} não abre: ZIP incompleto ou corrompido`)
    }
    const xml = Object.entries(entries).filter(([name]) => /\.xml$/i.test(name))
    for (const [name, data] of xml.sort(([a], [b]) => a.localeCompare(b))) {
      const parsed = parseDou({ name, content: strFromU8(data) })
      result.records.push(...parsed.records)
      result.skipped.push(...parsed.issues.map((issue) => ({ reason: issue.reason, ref: `${file}/${name}` })))
    }
    // Not one matéria in the format the reader knows: the format changed, nothing is skipped quietly.
    if (xml.length && !result.records.length && result.skipped.every((s) => /<article>|XML/.test(s.reason)))
      throw new SourceError('inlabs', 'shape', `${file}: nenhuma matéria no XML do INLABS (o formato mudou)`)
    return result
  },
}
