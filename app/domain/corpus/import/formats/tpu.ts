import { type TpuRow, upsertTpu } from '../../store/documents.server'
import type { Target } from '../../store/target.server'
import { parseCsv } from '../text'
import { addCounts, emptyCounts, type ImportFile, type ImportIssue, type ImportResult } from '../types'

type Kind = 'classes' | 'assuntos' | 'movimentos'

/**
 * CNJ TPU tables as CSV: classes and assuntos carry `codnivel1..5` (NULL when unused) plus
 * `codclasse,descclasse` or `codassunto,descassunto`; movimentos carry `codigo,descricao`.
 * The kind is read from the header, so any file name works.
 */
export function parseTpu(file: ImportFile): { kind: Kind | null; rows: TpuRow[]; issues: ImportIssue[] } {
  const [header, ...lines] = parseCsv(file.content)
  const issues: ImportIssue[] = []
  if (!header)
    return {
      kind: null,
      rows: [],
      issues: [{ file: file.name, position: 'cabeçalho', reason: 'arquivo vazio' }],
    }
  const names = header.map((h) => h.trim().toLowerCase())
  const kind: Kind | null = names.includes('codclasse')
    ? 'classes'
    : names.includes('codassunto')
      ? 'assuntos'
      : names.includes('codigo') && names.includes('descricao')
        ? 'movimentos'
        : null
  if (!kind) {
    return {
      kind,
      rows: [],
      issues: [
        { file: file.name, position: 'cabeçalho', reason: `cabeçalho desconhecido: ${header.join(',')}` },
      ],
    }
  }
  const codeCol = names.indexOf(
    kind === 'classes' ? 'codclasse' : kind === 'assuntos' ? 'codassunto' : 'codigo',
  )
  const nameCol = names.indexOf(
    kind === 'classes' ? 'descclasse' : kind === 'assuntos' ? 'descassunto' : 'descricao',
  )
  const levelCols = names.map((n, i) => (/^codnivel\d$/.test(n) ? i : -1)).filter((i) => i >= 0)
  const rows: TpuRow[] = []
  for (const [index, line] of lines.entries()) {
    const position = `linha ${index + 2}`
    const code = Number(line[codeCol])
    const name = (line[nameCol] ?? '').trim()
    if (!Number.isInteger(code) || code <= 0) {
      issues.push({ file: file.name, position, reason: `código inválido: "${line[codeCol] ?? ''}"` })
    } else if (!name) {
      issues.push({ file: file.name, position, reason: 'descrição vazia' })
    } else {
      const path = levelCols
        .map((i) => line[i])
        .filter((v) => v && v !== 'NULL')
        .join('/')
      rows.push({ code, name, path })
    }
  }
  return { kind, rows, issues }
}

export async function importTpu(target: Target, files: ImportFile[]): Promise<ImportResult> {
  let counts = emptyCounts()
  const issues: ImportIssue[] = []
  for (const file of files) {
    const parsed = parseTpu(file)
    issues.push(...parsed.issues)
    counts = addCounts(counts, { skipped: parsed.issues.length })
    if (parsed.kind) counts = addCounts(counts, await upsertTpu(target, parsed.kind, parsed.rows))
  }
  return { counts, issues }
}
