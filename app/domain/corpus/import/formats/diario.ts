import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { cities } from '~/db/schema-corpus'
import { titleCasePt } from '~/lib/labels'
import { type GazetteArticleRecord, upsertGazetteArticles } from '../../store/gazettes.server'
import { importTarget, type Target } from '../../store/target.server'
import { slugify, stripBom } from '../text'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'
import { splitGazetteText } from './diario-split'

export type Metadata = Record<string, unknown>
type Edition = { citySlug: string; uf: string; date: string; number: string }
/**
 * An edition as a source describes it (Querido Diário's API: the municipality's name and UF, the
 * date, the number, whether extra), instead of as the file name spells it.
 */
export type DiarioEdition = Edition & { cityName?: string; extra?: boolean }

const TEXT = /\.txt$/i
const METADATA = /(\.tika_metadata)?\.json$/i
// Querido Diário file names: <city>_<uf>_<yyyy-mm-dd>_ed<number>, the city with underscores.
const NAME = /^(.+)_([a-z]{2})_(\d{4}-\d{2}-\d{2})(?:_ed([\w-]+))?$/i

const stemOf = (name: string) => name.replace(TEXT, '').replace(METADATA, '')
const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** City, UF, date and number from the file name, the gaps filled from Tika's metadata. */
function editionOf(stem: string, text: string, meta: Metadata | null): Edition | null {
  const match = NAME.exec(stem)
  // Tika: Author "Prefeitura de Pratânia - SP", title "Diário Oficial Eletrônico 136".
  const author = /(?:munic[íi]pio|prefeitura)(?: municipal)? de (.+?)\s*[-–/]\s*([A-Z]{2})$/i.exec(
    str(meta?.Author ?? meta?.['meta:author']).trim(),
  )
  const citySlug = match?.[1] ? slugify(match[1]) : author?.[1] ? slugify(author[1]) : ''
  const uf = (match?.[2] ?? author?.[2] ?? '').toUpperCase()
  const created = str(meta?.['Creation-Date'] ?? meta?.['dcterms:created']).slice(0, 10)
  const date = match?.[3] ?? (/^\d{4}-\d{2}-\d{2}$/.test(created) ? created : '')
  const number =
    match?.[4] ??
    /(\d+)\s*$/.exec(str(meta?.title ?? meta?.['dc:title']))?.[1] ??
    /edi[çc][ãa]o\s+n?[º°.]?\s*(\d+)/i.exec(text)?.[1] ??
    ''
  return citySlug && uf && date ? { citySlug, uf, date, number } : null
}

/** "sao-jose-dos-campos" → "Sao Jose dos Campos": the last resort, accents unknown. */
const titleCase = (slug: string) => titleCasePt(slug.replace(/-/g, ' '))

/**
 * The accented city name: the gazette's own header ("Município de Pratânia/SP"), Tika's author,
 * or the name the source gave.
 */
function cityName(edition: DiarioEdition, text: string, meta: Metadata | null): string {
  const candidates = [
    ...text.matchAll(/munic[íi]pio de ([^\n/]{2,60}?)\s*\/\s*([A-Z]{2})\b/gi),
    ...str(meta?.Author).matchAll(/prefeitura(?: municipal)? de (.+?)\s*[-–/]\s*([A-Z]{2})$/gi),
  ]
  for (const [, name, uf] of candidates)
    if (name && uf?.toUpperCase() === edition.uf && slugify(name) === edition.citySlug) return name.trim()
  return edition.cityName?.trim() || titleCase(edition.citySlug)
}

const gazetteName = (city: string, uf: string) => `Diário Oficial do Município de ${city}/${uf}`

function parseMetadata(file: ImportFile, issues: ImportIssue[]): Metadata | null {
  try {
    const value: unknown = JSON.parse(stripBom(file.content))
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Metadata
  } catch {
    // reported below
  }
  issues.push({ file: file.name, position: 'metadados', reason: 'metadados não são um objeto JSON válido' })
  return null
}

/**
 * One edition's text as matérias: what an imported file and a fetched gazette are both read by.
 * `given` is the edition as the source describes it; without it the file name (and Tika's
 * metadata) say which edition this is.
 */
export function readDiarioText(
  text: ImportFile,
  meta: Metadata | null,
  issues: ImportIssue[],
  given?: DiarioEdition,
): GazetteArticleRecord[] {
  const content = stripBom(text.content)
  if (!content.trim()) {
    issues.push({ file: text.name, position: 'texto', reason: 'arquivo de texto vazio' })
    return []
  }
  const edition = given ?? editionOf(stemOf(text.name), content, meta)
  if (!edition) {
    issues.push({
      file: text.name,
      position: 'nome do arquivo',
      reason: 'município, UF ou data não identificados (esperado <cidade>_<uf>_<aaaa-mm-dd>_ed<número>)',
    })
    return []
  }
  const city = cityName(edition, content, meta)
  const base = {
    gazette: {
      slug: `dom-${edition.citySlug}-${edition.uf.toLowerCase()}`,
      name: gazetteName(city, edition.uf),
      sphere: 'municipal' as const,
      uf: edition.uf,
      cityCode: null,
    },
    edition: { date: edition.date, number: edition.number, extra: given?.extra ?? false },
    section: null,
    organ: null,
    lawsuitCnj: null,
  }
  const { materias, preamble } = splitGazetteText(content)
  // No heading at all: the edition is kept whole rather than lost.
  const parts: { kind: string | null; title: string; body: string; page: number | null }[] = materias.length
    ? materias
    : [
        {
          kind: null,
          title: `${base.gazette.name}, edição ${edition.number || edition.date}`,
          body: preamble,
          page: null,
        },
      ]
  if (!parts[0]?.body) {
    issues.push({
      file: text.name,
      position: 'texto',
      reason: 'nenhum texto aproveitável (só cabeçalhos e rodapés)',
    })
    return []
  }
  return parts.map(
    (m, i): GazetteArticleRecord => ({
      ...base,
      // Position in the edition: stable as long as the text and the rules are.
      externalId: `${edition.date}-${edition.number}-${i + 1}`,
      kind: m.kind,
      title: m.title,
      body: m.body,
      page: m.page,
    }),
  )
}

/**
 * Querido Diário municipal gazettes: the Tika text (`<stem>.txt`) and, optionally, its Tika
 * metadata (`<stem>.tika_metadata.json`), paired by file-name stem.
 */
export function parseDiario(files: ImportFile[]): { records: GazetteArticleRecord[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = []
  const records: GazetteArticleRecord[] = []
  const texts = files.filter((f) => TEXT.test(f.name))
  const metas = new Map(files.filter((f) => METADATA.test(f.name)).map((f) => [stemOf(f.name), f]))
  for (const file of files)
    if (!TEXT.test(file.name) && !METADATA.test(file.name))
      issues.push({
        file: file.name,
        position: 'arquivo',
        reason: 'esperado .txt (texto) ou .json (metadados)',
      })
  for (const [stem, meta] of metas)
    if (!texts.some((t) => stemOf(t.name) === stem))
      issues.push({
        file: meta.name,
        position: 'arquivo',
        reason: `metadados sem o texto correspondente (${stem}.txt)`,
      })
  for (const text of texts) {
    const metaFile = metas.get(stemOf(text.name))
    const meta = metaFile ? parseMetadata(metaFile, issues) : null
    records.push(...readDiarioText(text, meta, issues))
  }
  return { records, issues }
}

/** Name and IBGE code from the `cities` table when it has the municipality (it may be empty). */
async function withKnownCities(db: Database, records: GazetteArticleRecord[]) {
  const known = new Map<string, { code: number; name: string } | null>()
  for (const record of records) {
    const { gazette } = record
    const uf = gazette.uf ?? ''
    if (!known.has(gazette.slug)) {
      const rows = await db
        .select({ code: cities.code, name: cities.name })
        .from(cities)
        .where(eq(cities.uf, uf))
      const city = rows.find((c) => `dom-${slugify(c.name)}-${uf.toLowerCase()}` === gazette.slug)
      known.set(gazette.slug, city ?? null)
    }
    const city = known.get(gazette.slug)
    if (city) record.gazette = { ...gazette, name: gazetteName(city.name, uf), cityCode: city.code }
  }
  return records
}

/** Stores matérias read by `readDiarioText`, from a file or a fetched gazette alike. Idempotent. */
export async function storeDiarioRecords(target: Target, records: GazetteArticleRecord[]) {
  return upsertGazetteArticles(target, await withKnownCities(importTarget(target).db, records))
}

export async function importDiario(target: Target, files: ImportFile[]): Promise<ImportResult> {
  const { records, issues } = parseDiario(files)
  const counts = addCounts(emptyCounts(), { skipped: issues.length })
  return { counts: addCounts(counts, await storeDiarioRecords(target, records)), issues }
}
