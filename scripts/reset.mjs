// Wipes all local state (D1, KV, R2, queues) of `npm start` and of the end-to-end server; with
// JURISEDGE_STATE set, only that folder (decisions/0060).
import { rmSync } from 'node:fs'
import { stateDir, wipeable } from './lib/state.mjs'

const dirs = process.env.JURISEDGE_STATE?.trim() ? [stateDir()] : ['.wrangler/state', '.wrangler/e2e']
for (const dir of dirs) {
  if (!wipeable(dir)) {
    console.error(`reset: "${dir}" não é uma pasta de estado local; nada foi apagado.`)
    process.exit(1)
  }
  rmSync(dir, { recursive: true, force: true })
}
console.log(
  `Estado local apagado (${dirs.join(', ')}). \`npm start\` recria o banco com os dados de demonstração.`,
)
