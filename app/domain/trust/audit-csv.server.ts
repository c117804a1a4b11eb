import { asc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
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
 * One CSV field: quoted, inner quotes doubled. A value a spreadsheet would read as a formula (=,
 * +, -, @, tab, carriage return first: CSV/formula injection, OWASP) gets a leading apostrophe,
 * so a reason typed as `=HYPERLINK(…)` stays text.
 */
export function csvField(value: unknown): string {
  let text = value == null ? '' : typeof value === 'string' ? value : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export const csvLine = (values: unknown[]) => values.map(csvField).join(',')

export async function auditCsv(deps: { db: Database }): Promise<string> {
  const rows = await deps.db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.name,
      subjectKind: auditLog.subjectKind,
      subjectId: auditLog.subjectId,
      action: auditLog.action,
      reason: auditLog.reason,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
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
