import {
  type GazetteArticleRecord,
  type GazetteRef,
  upsertGazetteArticles,
} from '../../store/gazettes.server'
import type { Target } from '../../store/target.server'
import { brDateToIso, htmlToText, stripBom } from '../text'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'
import { elementText, startTagAttributes } from './xml-lite'

const DOU: GazetteRef = { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' }

/** INLABS `pubName` → section: DO1..DO3 are the three seções, a trailing E marks an extra edition. */
function sectionOf(pubName: string): string | null {
  const match = /^DO([123])(E?)$/i.exec(pubName)
  if (!match) return pubName || null
  return `Seção ${match[1]}${match[2] ? ' Extra' : ''}`
}

/**
 * Table cells in INLABS HTML wrap their text in <p>, which `htmlToText` would turn into one line
 * per cell. Cells become inline and are joined with " | ", so each table row reads as one line.
 */
function flattenTables(html: string): string {
  return html
    .replace(/<(t[dh])\b[^>]*>([\s\S]*?)<\/\1\s*>/gi, (_, tag: string, inner: string) => {
      const text = inner.replace(/<\s*\/?\s*(p|div|br)\b[^>]*>/gi, ' ')
      return `<${tag}>${text}</${tag}>`
    })
    .replace(/<\/t[dh]\s*>\s*(?=<t[dh]\b)/gi, ' | ')
}

const clean = (text: string | null) =>
  htmlToText(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()

type Parsed = { record: GazetteArticleRecord; issue?: never } | { record?: never; issue: string }

function parseArticle(content: string): Parsed {
  const xml = stripBom(content).trim()
  if (!xml.startsWith('<')) return { issue: 'não é um arquivo XML' }
  const attrs = startTagAttributes(xml, 'article')
  if (!attrs) return { issue: 'elemento <article> ausente' }
  const externalId = (attrs.idMateria ?? '').trim()
  if (!externalId) return { issue: 'atributo idMateria ausente' }
  const date = brDateToIso(attrs.pubDate)
  if (!date) return { issue: `data de publicação (pubDate) ausente ou inválida: "${attrs.pubDate ?? ''}"` }
  const body = htmlToText(flattenTables(elementText(xml, 'Texto') ?? ''))
  if (!body) return { issue: `matéria ${externalId} sem texto (<Texto> vazio)` }

  const pubName = (attrs.pubName ?? '').trim()
  const kind = (attrs.artType ?? '').trim() || null
  const page = (attrs.numberPage ?? '').trim()
  return {
    record: {
      gazette: DOU,
      edition: { date, number: (attrs.editionNumber ?? '').trim(), extra: /E$/i.test(pubName) },
      section: sectionOf(pubName),
      externalId,
      kind,
      organ: (attrs.artCategory ?? '').trim() || null,
      title:
        clean(elementText(xml, 'Identifica')) ||
        clean(elementText(xml, 'Titulo')) ||
        `${kind ?? 'Matéria'} ${externalId}`,
      body,
      page: /^\d+$/.test(page) ? Number(page) : null,
      lawsuitCnj: null,
    },
  }
}

/**
 * INLABS XML of the Diário Oficial da União: one matéria per file, its metadata in the attributes
 * of <article> and its text as HTML in <Texto>. Editions and sections are grouped by the store.
 */
export function parseDou(file: ImportFile): { records: GazetteArticleRecord[]; issues: ImportIssue[] } {
  const parsed = parseArticle(file.content)
  if (parsed.issue !== undefined)
    return { records: [], issues: [{ file: file.name, position: 'article', reason: parsed.issue }] }
  return { records: [parsed.record], issues: [] }
}

/** Stores DOU matérias read by `parseDou`, from a file or a fetched INLABS ZIP alike. Idempotent. */
export function storeDouRecords(target: Target, records: GazetteArticleRecord[]) {
  return upsertGazetteArticles(target, records)
}

export async function importDou(target: Target, files: ImportFile[]): Promise<ImportResult> {
  const records: GazetteArticleRecord[] = []
  const issues: ImportIssue[] = []
  for (const file of files) {
    const parsed = parseDou(file)
    records.push(...parsed.records)
    issues.push(...parsed.issues)
  }
  const counts = addCounts(emptyCounts(), { skipped: issues.length })
  return { counts: addCounts(counts, await storeDouRecords(target, records)), issues }
}
