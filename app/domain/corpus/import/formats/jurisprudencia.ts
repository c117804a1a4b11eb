import { parseIsoDate, toIsoDate } from '~/lib/dates'
import { courtOf, formatCnj, isValidCnj } from '../../cnj'
import type { Corpus } from '../../shards.server'
import { type DecisionRecord, upsertDecisions } from '../../store/documents.server'
import { brDateToIso, checksumOf, parseCsv, slugify } from '../text'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'

/**
 * TJAL ementas from the Lage-Freitas et al. dataset (RFC 4180 CSV, 14 columns). Upstream fills
 * unknown values with '-', 'nan' or 'None'; those become null here.
 */

const COLUMNS = [
  'ementa_filepath',
  'process_number',
  'process_type',
  'orgao_julgador',
  'publish_date',
  'judgment_date',
  'judge_relator',
  'ementa_text',
  'decisions',
  'decision_description',
  'decision_text',
  'decision_label',
  'decision_unanimity_text',
  'decision_unanimity',
] as const
type Column = (typeof COLUMNS)[number]

/** The dataset has no court column: every row is TJAL, also the fallback for odd numbers. */
const DEFAULT_COURT = 'TJAL'

/**
 * Procedural classes of a court of appeal, matched (accents and case folded) at the start of
 * one of the ementa's leading keywords ("PENAL. PROCESSUAL PENAL. HABEAS CORPUS. …").
 * More specific names come first: "APELAÇÃO CÍVEL" before "APELAÇÃO".
 */
const CLASSES: [RegExp, string][] = [
  [/^EMBARGOS DE DECLARACAO\b/, 'Embargos de Declaração'],
  [/^EMBARGOS INFRINGENTES\b/, 'Embargos Infringentes'],
  [/^AGRAVO INTERNO\b/, 'Agravo Interno'],
  [/^AGRAVO REGIMENTAL\b/, 'Agravo Regimental'],
  [/^AGRAVO (DE )?INSTRUMENTO\b/, 'Agravo de Instrumento'],
  [/^AGRAVO EM EXECUCAO\b/, 'Agravo em Execução Penal'],
  [/^APELAC(AO|OES) CIVE(L|IS)\b/, 'Apelação Cível'],
  [/^APELAC(AO|OES) CRIMIN(AL|AIS)\b/, 'Apelação Criminal'],
  [/^(RECURSO DE )?APELAC(AO|OES)\b/, 'Apelação'],
  [/^HABEAS CORPUS\b/, 'Habeas Corpus'],
  [/^MANDADO DE SEGURANCA\b/, 'Mandado de Segurança'],
  [/^RECURSO EM SENTIDO ESTRITO\b/, 'Recurso em Sentido Estrito'],
  [/^REMESSA NECESSARIA\b/, 'Remessa Necessária'],
  [/^REEXAME NECESSARIO\b/, 'Reexame Necessário'],
  [/^CONFLITO (NEGATIVO |POSITIVO )?DE COMPETENCIA\b/, 'Conflito de Competência'],
  [/^ACAO RESCISORIA\b/, 'Ação Rescisória'],
  [/^REVISAO CRIMINAL\b/, 'Revisão Criminal'],
]

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
}

/** "Null" markers of the dataset ('-', 'nan', 'None', '-2') and blanks. */
function clean(value: string | undefined): string | null {
  const text = (value ?? '').trim()
  return text === '' || /^(-|-2|nan|none|null)$/i.test(text) ? null : text
}

/** The class named in the first keywords of the ementa, else at the start of the decision. */
export function classOf(summary: string, decision: string | null): string | null {
  const keywords = fold(summary)
    .split(/\.\s+|:\s+|;\s+|\s[-–—]\s/)
    .slice(0, 6)
  // Decisions often open with a numbering ("2- Habeas corpus prejudicado").
  if (decision)
    keywords.push(
      fold(decision)
        .trim()
        .replace(/^(?:\d+|[IVX]+)(?:\s*[-–.)]\s*|\s+)/, ''),
    )
  for (const keyword of keywords) {
    const found = CLASSES.find(([pattern]) => pattern.test(keyword.trim()))
    if (found) return found[1]
  }
  return null
}

/** yyyy-mm-dd from dd/mm/yyyy or yyyy-mm-dd, only when it is a calendar date. */
function isoDate(value: string | null): string | null {
  if (!value) return null
  const iso = parseIsoDate(value.trim())
  return brDateToIso(value) ?? (iso ? toIsoDate(iso) : null)
}

export function parseJurisprudencia(file: ImportFile): { records: DecisionRecord[]; issues: ImportIssue[] } {
  const [header, ...lines] = parseCsv(file.content)
  const names = (header ?? []).map((h) => h.trim().toLowerCase())
  const missing = COLUMNS.filter((name) => !names.includes(name))
  if (!header || missing.length) {
    const reason = header
      ? `cabeçalho inesperado: esperadas as 14 colunas do conjunto TJAL, faltam ${missing.join(', ')}`
      : 'arquivo vazio'
    return { records: [], issues: [{ file: file.name, position: 'cabeçalho', reason }] }
  }
  const col = Object.fromEntries(COLUMNS.map((name) => [name, names.indexOf(name)])) as Record<Column, number>

  const records: DecisionRecord[] = []
  const issues: ImportIssue[] = []
  const seen = new Map<string, number>()
  for (const [index, line] of lines.entries()) {
    const position = `linha ${index + 2}`
    const skip = (reason: string) => issues.push({ file: file.name, position, reason })
    const get = (name: Column) => clean(line[col[name]])
    if (line.length !== header.length) {
      skip(`linha com ${line.length} campos, esperados ${header.length}`)
      continue
    }
    const rawNumber = get('process_number')
    const summary = (line[col.ementa_text] ?? '').trim()
    if (!rawNumber) {
      skip('número do processo ausente')
      continue
    }
    if (!summary || clean(summary) === null) {
      skip('ementa vazia')
      continue
    }

    const digits = rawNumber.replace(/\D/g, '')
    const valid = isValidCnj(rawNumber)
    const court = (valid && courtOf(digits)) || DEFAULT_COURT
    const fullText = get('decision_text') ?? get('decision_description')
    // Same process and ementa → same decision, whatever the order of the rows.
    const externalId = `${court.toLowerCase()}:${digits || slugify(rawNumber)}:${checksumOf(summary).slice(0, 8)}`
    const first = seen.get(externalId)
    if (first !== undefined) {
      skip(`decisão repetida: mesmo processo e mesma ementa da linha ${first}`)
      continue
    }
    seen.set(externalId, index + 2)
    records.push({
      externalId,
      court,
      className: classOf(summary, fullText),
      number: valid ? formatCnj(digits) : rawNumber,
      rapporteur: get('judge_relator'),
      judgingBody: get('orgao_julgador'),
      judgedAt: isoDate(get('judgment_date')),
      publishedAt: isoDate(get('publish_date')),
      summary,
      fullText,
      outcome: get('decision_label'),
    })
  }
  return { records, issues }
}

export async function importJurisprudencia(corpus: Corpus, files: ImportFile[]): Promise<ImportResult> {
  let counts = emptyCounts()
  const issues: ImportIssue[] = []
  for (const file of files) {
    const parsed = parseJurisprudencia(file)
    issues.push(...parsed.issues)
    counts = addCounts(counts, { skipped: parsed.issues.length })
    counts = addCounts(counts, await upsertDecisions(corpus, parsed.records))
  }
  return { counts, issues }
}
