import { asc } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { auditLog } from '~/db/schema-trust'

// The audit trail as CSV for the data protection officer (decisions/0067): every row, oldest
// first, in a spreadsheet's dialect (comma, CRLF, UTF-8 with BOM) and safe to open in one.

const HEADER = [
  'id',
  'data_hora_utc',
  'quem_id',
  'quem_nome',
  'assunto',
  'assunto_id',
  'acao',
  'motivo',
  'detalhes',
]

/**
 * Where a spreadsheet may start a cell inside a value: its start, and after any character some
 * spreadsheet splits on (the comma of this file, pt-BR Excel's semicolon, a tab, a line break).
 * Quoting keeps a value one cell for a reader that honours it; one that splits on `;` anyway
 * (pt-BR Excel opening this comma file) would still see `Maria;=1+1;` as three cells.
 */
const CELL_STARTING_FORMULA = /(^|[,;\t\r\n])([ "]*)([=+\-@\t\r])/g

/**
 * One CSV field: quoted, inner quotes doubled, and every place a cell could start with a formula
 * character (=, +, -, @, tab, carriage return: CSV/formula injection, OWASP) given an apostrophe
 * before it, so a reason typed as `=HYPERLINK(…)` or a name with `;=1+1;` stays text however the
 * file is split (issue 38 §5).
 */
export function csvField(value: unknown): string {
  let neutral = value == null ? '' : typeof value === 'string' ? value : String(value)
  // Until nothing changes: a neutralised tab or CR can itself be where the next cell starts (`;\t=`).
  for (let before = ''; before !== neutral; ) {
    before = neutral
    neutral = neutral.replace(CELL_STARTING_FORMULA, "$1$2'$3")
  }
  return `"${neutral.replace(/"/g, '""')}"`
}

export const csvLine = (values: unknown[]) => values.map(csvField).join(',')

export async function auditCsv(deps: { db: Database }): Promise<string> {
  const rows = await deps.db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      // The name as it was when they acted, kept with the row (migration 0036).
      actorName: auditLog.actorName,
      subjectKind: auditLog.subjectKind,
      subjectId: auditLog.subjectId,
      action: auditLog.action,
      reason: auditLog.reason,
      details: auditLog.details,
    })
    .from(auditLog)
    .orderBy(asc(auditLog.id))
  const lines = [csvLine(HEADER)]
  for (const row of rows)
    lines.push(
      csvLine([
        row.id,
        new Date(row.createdAt).toISOString(),
        row.actorId,
        row.actorName,
        row.subjectKind,
        row.subjectId,
        row.action,
        row.reason,
        row.details ? JSON.stringify(row.details) : '',
      ]),
    )
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
