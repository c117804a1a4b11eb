import { type ProvisionKind, type StatuteRecord, upsertStatute } from '../../store/documents.server'
import type { Target } from '../../store/target.server'
import { parseCsv } from '../text'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'

/**
 * Constituição Federal de 1988 as published by abjur/constituicao (CSV, one row per device):
 * `classe,texto,titulo,capitulo,secao,subsecao,artigo,paragrafo,inciso,alinea`, `NA` when empty.
 * Devices take their numbers from the columns (they match the text throughout). Headings
 * (`classe` = `titartb`) take kind and number from their text instead: upstream, the heading
 * "CAPÍTULO IV" of Título VIII carries the columns of the row before it (cap. 3, seç. 3, art. 217).
 */

const REQUIRED = ['classe', 'texto', 'artigo', 'paragrafo', 'inciso', 'alinea'] as const

/** Every `classe` seen upstream; heading variants are resolved from the text. */
const HEADING_CLASSES = new Set(['titartb', 'titulo', 'capitulo', 'secao', 'subsecao'])
const DEVICE_LABEL = new Map([
  ['artigo', 'artigo'],
  ['paragrafo', 'parágrafo'],
  ['inciso', 'inciso'],
  ['alinea', 'alínea'],
])

const LEVELS = ['titulo', 'capitulo', 'secao', 'subsecao'] as const
type Level = (typeof LEVELS)[number]
const PREFIX: Record<Level, string> = { titulo: 'tit', capitulo: 'cap', secao: 'sec', subsecao: 'sub' }
const HEADING = /^(TITULO|CAPITULO|SECAO|SUBSECAO)\s+([IVXLCDM]+)\b/
const ADCT = /^ATO DAS DISPOSICOES CONSTITUCIONAIS TRANSITORIAS\b/

const BASE = {
  urn: 'urn:lex:br:federal:constituicao:1988-10-05;1988',
  slug: 'constituicao-federal-1988',
  kind: 'Constituição',
  number: null,
  date: '1988-10-05',
  title: 'Constituição da República Federativa do Brasil de 1988',
  sphere: 'federal',
} as const

type Provision = StatuteRecord['provisions'][number]

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .trim()
}

function romanToInt(roman: string): number {
  const value: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 }
  let total = 0
  for (let i = 0; i < roman.length; i++) {
    const current = value[roman[i] as string] ?? 0
    const next = value[roman[i + 1] as string] ?? 0
    total += current < next ? -current : current
  }
  return total
}

/** Anchor piece from a number column: "5" → "5", "219-A" → "219a", "4-A" → "4a". */
function code(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Alíneas are numbered in the CSV (1 = a); the anchor uses the letter. */
function letter(value: string): string {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 26 ? String.fromCharCode(96 + n) : code(value)
}

/** "Texto vigente até a EC nº 108, de 26/08/2020": read from the upstream file name when present. */
function summaryFor(fileName: string): string {
  const match = /(\d{4})(\d{2})(\d{2})_EMC(\d+)/i.exec(fileName)
  const [year, month, day, amendment] = match ? match.slice(1) : ['2020', '08', '26', '108']
  return `Texto da Constituição da República Federativa do Brasil de 1988 vigente até a Emenda Constitucional nº ${Number(amendment)}, de ${day}/${month}/${year}.`
}

export function parseConstituicao(file: ImportFile): { record: StatuteRecord | null; issues: ImportIssue[] } {
  const [header, ...lines] = parseCsv(file.content)
  const names = (header ?? []).map((h) => h.trim().toLowerCase())
  const missing = REQUIRED.filter((name) => !names.includes(name))
  if (!header || missing.length) {
    const reason = header ? `colunas ausentes no cabeçalho: ${missing.join(', ')}` : 'arquivo vazio'
    return { record: null, issues: [{ file: file.name, position: 'cabeçalho', reason }] }
  }
  const col = Object.fromEntries(REQUIRED.map((name) => [name, names.indexOf(name)])) as Record<
    (typeof REQUIRED)[number],
    number
  >

  const issues: ImportIssue[] = []
  const provisions: Provision[] = []
  const seen = new Map<string, number>()
  // Open headings (título → subseção), the ADCT prefix, and where devices hang for depth.
  let headings: { level: Level; number: number }[] = []
  let prefix = ''
  let headingAnchor = ''
  const depthOf = new Map<string, number>()
  /** Parágrafo anchor per article and number, so incisos under "Parágrafo único" use `parunico`. */
  const paragraphs = new Map<string, string>()

  for (const [index, line] of lines.entries()) {
    const position = `linha ${index + 2}`
    const skip = (reason: string) => issues.push({ file: file.name, position, reason })
    const value = (name: (typeof REQUIRED)[number]) => {
      const raw = (line[col[name]] ?? '').trim()
      return raw === 'NA' ? '' : raw
    }
    const classe = value('classe').toLowerCase()
    const text = line[col.texto] ?? ''
    if (!text.trim() || text.trim() === 'NA') {
      skip('texto vazio')
      continue
    }

    let anchor: string
    let kind: ProvisionKind
    let depth: number
    if (HEADING_CLASSES.has(classe)) {
      const folded = fold(text)
      const match = HEADING.exec(folded)
      if (ADCT.test(folded)) {
        // The ADCT restarts article numbers at 1: everything after it is prefixed.
        headings = []
        prefix = 'adct_'
        anchor = 'adct'
        kind = 'titulo'
        depth = 0
      } else if (match) {
        const level = LEVELS[['TITULO', 'CAPITULO', 'SECAO', 'SUBSECAO'].indexOf(match[1] as string)] as Level
        const rank = LEVELS.indexOf(level)
        if (level === 'titulo') prefix = ''
        headings = headings.filter((h) => LEVELS.indexOf(h.level) < rank)
        headings.push({ level, number: romanToInt(match[2] as string) })
        anchor = prefix + headings.map((h) => `${PREFIX[h.level]}${h.number}`).join('_')
        kind = level
        depth = headings.length - 1
      } else {
        skip(`divisão não reconhecida no texto: "${text.slice(0, 60)}"`)
        continue
      }
      headingAnchor = anchor
    } else if (DEVICE_LABEL.has(classe)) {
      const article = value('artigo')
      const paragraph = value('paragrafo')
      const item = value('inciso')
      const sub = value('alinea')
      const own = { artigo: article, paragrafo: paragraph, inciso: item, alinea: sub }[classe]
      const label = DEVICE_LABEL.get(classe)
      if (!article || !own) {
        skip(article ? `${label} sem número` : `${label} sem número de artigo`)
        continue
      }
      kind = classe as ProvisionKind
      const articleAnchor = `${prefix}art${code(article)}`
      const key = `${articleAnchor}|${paragraph}`
      if (classe === 'paragrafo') {
        const single = fold(text).startsWith('PARAGRAFO UNICO')
        paragraphs.set(key, `${articleAnchor}_par${single ? 'unico' : code(paragraph)}`)
      }
      const paragraphAnchor = paragraph
        ? (paragraphs.get(key) ?? `${articleAnchor}_par${code(paragraph)}`)
        : articleAnchor
      // Where the device hangs (for depth): its heading, article, parágrafo or inciso.
      let parent: string
      if (classe === 'artigo') {
        parent = headingAnchor
        anchor = articleAnchor
      } else if (classe === 'paragrafo') {
        parent = articleAnchor
        anchor = paragraphAnchor
      } else if (classe === 'inciso') {
        parent = paragraphAnchor
        anchor = `${parent}_inc${code(item)}`
      } else {
        parent = item ? `${paragraphAnchor}_inc${code(item)}` : paragraphAnchor
        anchor = `${parent}_ali${letter(sub)}`
      }
      depth = parent ? (depthOf.get(parent) ?? depthOf.get(articleAnchor) ?? -1) + 1 : 0
    } else {
      skip(`classe desconhecida: "${line[col.classe] ?? ''}"`)
      continue
    }

    const first = seen.get(anchor)
    if (first !== undefined) {
      skip(`dispositivo repetido: a âncora ${anchor} já foi usada na linha ${first}`)
      continue
    }
    seen.set(anchor, index + 2)
    depthOf.set(anchor, depth)
    provisions.push({ anchor, kind, text, depth })
  }

  if (!provisions.length) return { record: null, issues }
  return { record: { ...BASE, summary: summaryFor(file.name), provisions }, issues }
}

export async function importConstituicao(target: Target, files: ImportFile[]): Promise<ImportResult> {
  let counts = emptyCounts()
  const issues: ImportIssue[] = []
  for (const file of files) {
    const parsed = parseConstituicao(file)
    issues.push(...parsed.issues)
    counts = addCounts(counts, { skipped: parsed.issues.length })
    if (parsed.record) counts = addCounts(counts, await upsertStatute(target, parsed.record))
  }
  return { counts, issues }
}
