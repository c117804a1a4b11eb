// `npm run check:js-budget`: the gzipped JavaScript an anonymous first visit downloads, per page
// (issue 18, decisions/0036), from the build's Remix manifest: the manifest itself, the client
// entry and, for every route from the root to the page, its module and the chunks it imports.
// Remix emits exactly these as <script>/<link rel=modulepreload> on a document (the e2e test
// `js-budget.spec.ts` checks the same in Chromium). Exits 1 when a page is over its budget.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 90
const CLIENT = join('build', 'client')

export const PAGES = [
  ['início', 'routes/_index'],
  ['busca', 'routes/busca'],
  ['processo', 'routes/processos.$numero'],
  ['diário', 'routes/diarios.$slug'],
  ['matéria', 'routes/diarios.materia.$id'],
  ['perfil (mesma rota do início, no subdomínio)', 'routes/_index'],
  ['artigo', 'routes/artigos.$slugId'],
]

export function readManifest() {
  const assets = join(CLIENT, 'assets')
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
  if (!file) throw new Error('check-js-budget: build/client/assets/manifest-*.js não existe; rode npm run build.')
  const text = readFileSync(join(assets, file), 'utf8')
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
  return { manifest: JSON.parse(json), path: `/assets/${file}` }
}

/** Every script a first document load of `routeId` fetches, in no particular order. */
export function scriptsOf(manifest, manifestPath, routeId) {
  const files = new Set([manifestPath, manifest.entry.module, ...manifest.entry.imports])
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]
    if (!route) throw new Error(`check-js-budget: rota ${id} não está no manifesto.`)
    files.add(route.module)
    for (const chunk of route.imports ?? []) files.add(chunk)
  }
  return [...files]
}

const gzBytes = (path) => gzipSync(readFileSync(join(CLIENT, path)), { level: 9 }).length

function main() {
  const { manifest, path } = readManifest()
  const rows = PAGES.map(([page, routeId]) => {
    const files = scriptsOf(manifest, path, routeId)
    const bytes = files.reduce((sum, file) => sum + gzBytes(file), 0)
    return { página: page, rota: routeId, arquivos: files.length, 'KB gz': +(bytes / 1024).toFixed(1) }
  })
  console.table(rows)
  const over = rows.filter((row) => row['KB gz'] > BUDGET_KB)
  if (over.length) {
    console.error(`check-js-budget: acima de ${BUDGET_KB} KB gz: ${over.map((r) => r.página).join(', ')}`)
    process.exit(1)
  }
  console.log(`check-js-budget: todas as páginas dentro de ${BUDGET_KB} KB de JavaScript gz.`)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
