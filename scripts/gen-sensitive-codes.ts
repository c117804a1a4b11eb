/**
 * Prints the rows of the sensitive-code list (decisions/0064) as SQL: every code of the TPU tables
 * in ../shared/data/tpu/ that is one of SENSITIVE_ROOTS or lies under one, with its name, the
 * root it came from and the legal basis. A new list version is a new migration made of this
 * output (with its version number) plus the deletions of codes that left the list:
 *
 *   npm run gen:sensitive -- 2 > migrations/00NN_sensitive_codes_v2.sql   (then edit the header)
 */
import { readFileSync } from 'node:fs'
import { parseCsv } from '../app/domain/corpus/import/text'
import { SENSITIVE_ROOTS, type SensitiveKind } from '../app/domain/privacy/sensitive-roots'

const DATA = '../shared/data/tpu'
const version = Number(process.argv[2] ?? 1)

type Row = { code: number; name: string; path: number[] }
function read(file: string): Row[] {
  const [, ...rows] = parseCsv(readFileSync(`${DATA}/${file}`, 'utf8').replace(/^\uFEFF/, ''))
  return rows
    .filter((r) => r.length >= 7)
    .map((r) => ({
      code: Number(r[5]),
      name: String(r[6]).trim(),
      path: r
        .slice(0, 5)
        .filter((v) => v && v !== 'NULL')
        .map(Number),
    }))
}

const tables: Record<SensitiveKind, Row[]> = {
  classe: read('tpu-classes.csv'),
  assunto: read('tpu-assuntos.csv'),
}
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`
const out = new Map<string, string>()
for (const root of SENSITIVE_ROOTS) {
  const rows = tables[root.kind].filter((r) => r.code === root.code || r.path.includes(root.code))
  if (!rows.some((r) => r.code === root.code)) throw new Error(`${root.kind} ${root.code} fora da TPU`)
  for (const row of rows) {
    const key = `${root.kind}:${row.code}`
    if (out.has(key)) continue
    out.set(
      key,
      `(${quote(root.kind)}, ${row.code}, ${quote(row.name)}, ${root.code}, ${quote(root.basis)}, ${version})`,
    )
  }
}
const values = [...out.values()]
const lines: string[] = []
for (let i = 0; i < values.length; i += 50)
  lines.push(
    `INSERT OR REPLACE INTO \`sensitive_codes\` (\`kind\`, \`code\`, \`name\`, \`root\`, \`basis\`, \`version\`) VALUES\n${values.slice(i, i + 50).join(',\n')};`,
  )
console.log(lines.join('\n--> statement-breakpoint\n'))
console.error(
  `${values.length} códigos (${[...out.keys()].filter((k) => k.startsWith('classe')).length} classes)`,
)
