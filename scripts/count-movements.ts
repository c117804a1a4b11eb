/**
 * `npm run count:movements [-- DIR]`: the TPU movement codes of the DataJud samples
 * (../shared/data/datajud by default), most frequent first, and whether the plain-Portuguese table
 * (app/i18n/pt-BR/movements.ts, issue 41 §4) explains each. Exits 1 when a named code is missing.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MOVEMENT_WORDS } from '../app/i18n/pt-BR/movements'

const dir = process.argv[2] ?? join(process.env.SHARED_DATA_DIR ?? '../shared/data', 'datajud')
const counts = new Map<number, { n: number; name: string }>()
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const body = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    hits?: { hits?: { _source?: { movimentos?: { codigo?: number; nome?: string }[] } }[] }
  }
  for (const hit of body.hits?.hits ?? [])
    for (const m of hit._source?.movimentos ?? []) {
      if (typeof m.codigo !== 'number') continue
      const seen = counts.get(m.codigo) ?? { n: 0, name: m.nome ?? '' }
      seen.n += 1
      counts.set(m.codigo, seen)
    }
}
const ranked = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)
let missing = 0
for (const [code, { n, name }] of ranked) {
  const covered = code in MOVEMENT_WORDS
  if (!covered && name.trim()) missing++
  console.log(
    `${covered ? 'ok     ' : name.trim() ? 'FALTA  ' : 'sem nome'} ${String(code).padStart(8)} ${String(n).padStart(6)}  ${name}`,
  )
}
console.log(
  `\n${ranked.length} códigos nas amostras, ${ranked.filter(([c]) => c in MOVEMENT_WORDS).length} explicados; ${Object.keys(MOVEMENT_WORDS).length} na tabela.`,
)
process.exit(missing ? 1 : 0)
