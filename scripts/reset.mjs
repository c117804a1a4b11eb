// Wipes all local state (D1, KV, R2, queues) of `npm start` and of the end-to-end server.
import { rmSync } from 'node:fs'

for (const dir of ['.wrangler/state', '.wrangler/e2e']) rmSync(dir, { recursive: true, force: true })
console.log('Estado local apagado. `npm start` recria o banco com os dados de demonstração.')
