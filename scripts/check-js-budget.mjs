// `npm run check:js-budget`: the gzipped JavaScript of each page (issue 18, decisions/0036, 0040).
//
// An anonymous reader's first visit gets only the inline bootstrap of hydration on intent
// (workers/lib/hydrate-on-intent.ts; the e2e test hydrate-on-intent.spec.ts checks that these
// pages request no script): that is what the 90 KB target is held against.
//
// The application itself, which loads at the first intent and at once for a logged-in reader, is
// summed from the build's Remix manifest: the client entry and, for every route from the root to
// the page, its module and the chunks it imports (exactly the document's <link rel=modulepreload>
// list). React 18 with Remix's runtime alone is about 83 KB of it, so each page has a ceiling at
// what it weighs now and the check fails when a page grows past it (a ratchet). Exits 1 when a
// page is over its ceiling or a first visit over the target.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { routes } from '../app/api/routes.ts'
import { BOOTSTRAP } from '../workers/lib/hydrate-on-intent.ts'

const TARGET_KB = 90
const CLIENT = join('build', 'client')

/**
 * Page, route, ceiling in KB gz (what it weighs now, rounded up; +0.3 for the hydration guard,
 * decisions/0044; +0.2 on every page for the profile-link bridge in the root, decisions/0054;
 * +0.2–0.4 for what the reader typed while the page hydrated and the empty-search focus,
 * decisions/0056; +1.0–2.1 for every 4xx's own error copy in the root, errors at the field and
 * the refused form's values brought back, the badge that follows the list (decisions/0059), the
 * plain-text descriptions and the lawsuit's data labels (decisions/0058); +0.8 for the login
 * modal's server-drawn form that the application takes over (decisions/0056); +0.3 on the lawsuit
 * page for the registry's typed `call` beside its follow button (decisions/0062); +0.2–0.4 for the
 * footer's coverage link, the lawsuit's "Solicitar remoção" and the follow button's busy state
 * (decisions/0066, 0067); +0.2 on the
 * home and lawsuit pages (+0.7–0.8 on the others, within their ceilings) for the header's
 * notifications box, the search box and the share buttons calling through it, then +0.3 as the
 * data tables and the photo moved: search and matéria 110.5 and 103.5 (decisions/0070; traced
 * since to every route shipping on every page, see shippedUnusedRoutes, and gone: −0.2, which
 * monitoring's seven routes took back); +0.1–0.5 where both meet (the registry's client in the header beside the
 * coverage link and the busy follow), measured after merging issues 29 and 30); +0.3–0.4 on
 * search, lawsuit and article for the one paths module (every entity page's address, now a chunk
 * of its own that the header shares) and the one date-format module (decisions/0095); +0.1–0.5 on
 * search, lawsuit and gazette after merging issue 38 (the plural helper's chunk, 0.1 KB; the
 * lawsuit page's instances and secret-party note; the search page's paging limit note); +0.5 on
 * the lawsuit page for issue 40's 404 that offers to monitor a number the site lacks (its own
 * ErrorBoundary, 0.1 KB; the movements' plain words are read in the loader and ship no table).
 */
export const PAGES = [
  ['início e perfil (a mesma rota; o perfil no subdomínio)', 'routes/_index', 112],
  ['busca', 'routes/busca', 111.5],
  ['processo', 'routes/processos.$numero', 109],
  ['diário', 'routes/diarios.$slug', 109],
  ['matéria', 'routes/diarios.materia.$id', 104],
  ['artigo', 'routes/artigos.$slugId', 110],
]

export function readManifest() {
  const assets = join(CLIENT, 'assets')
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
  if (!file)
    throw new Error('check-js-budget: build/client/assets/manifest-*.js não existe; rode npm run build.')
  const text = readFileSync(join(assets, file), 'utf8')
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
  return { manifest: JSON.parse(json) }
}

/** Every script a first document load of `routeId` fetches, in no particular order. */
export function scriptsOf(manifest, routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports])
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]
    if (!route) throw new Error(`check-js-budget: rota ${id} não está no manifesto.`)
    files.add(route.module)
    for (const chunk of route.imports ?? []) files.add(chunk)
  }
  return [...files]
}

const gzBytes = (path) => gzipSync(readFileSync(join(CLIENT, path)), { level: 9 }).length

function* browserSources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* browserSources(path)
    else if (/\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name)) yield path
  }
}

/**
 * The routes (app/api/routes.ts) that no module of app/ outside app/api/ names, whose path is
 * in the browser build all the same. Rollup drops the properties of `routes` nobody reads, so a
 * page carries only the routes some page calls; one construct makes it keep them all (a route
 * passed to a call inside a `try` block: Rollup's tryCatchDeoptimization), which is how the
 * untraced +0.3 KB gz of decisions/0070 came: every route, the open API's included, on every page.
 */
export function shippedUnusedRoutes() {
  const named = new Set()
  for (const file of browserSources('app')) {
    if (file.startsWith(join('app', 'api'))) continue
    for (const match of readFileSync(file, 'utf8').matchAll(/\broutes\.([A-Za-z0-9_]+)/g)) named.add(match[1])
  }
  const assets = join(CLIENT, 'assets')
  const build = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(assets, name), 'utf8'))
    .join('\n')
  // A route is kept as its `route(id, method, path)` call, whatever the minifier names it.
  return Object.values(routes).filter(
    (route) => !named.has(route.id) && build.includes(`"${route.id}","${route.method}","${route.path}"`),
  )
}

function main() {
  const { manifest } = readManifest()
  const firstVisit = +(gzipSync(BOOTSTRAP, { level: 9 }).length / 1024).toFixed(1)
  const framework = [manifest.entry.module, ...manifest.entry.imports].reduce((sum, f) => sum + gzBytes(f), 0)
  const rows = PAGES.map(([page, routeId, ceiling]) => {
    const files = scriptsOf(manifest, routeId)
    const bytes = files.reduce((sum, file) => sum + gzBytes(file), 0)
    return {
      página: page,
      '1ª visita anônima (KB gz)': firstVisit,
      meta: TARGET_KB,
      'aplicação: arquivos': files.length,
      'aplicação: KB gz': +(bytes / 1024).toFixed(1),
      'aplicação: teto': ceiling,
    }
  })
  console.table(rows)
  console.log(`React + Remix (entrada e runtime): ${(framework / 1024).toFixed(1)} KB gz em toda página.`)
  // The catalogue's own keys appear in the browser build only if the whole catalogue shipped
  // (scripts/vite/inline-messages.ts replaces each call by its message).
  const assets = join(CLIENT, 'assets')
  const withCatalogue = readdirSync(assets).filter(
    (name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes('"site.tagline"'),
  )
  if (withCatalogue.length) {
    console.error(`check-js-budget: o catálogo inteiro de mensagens está em ${withCatalogue.join(', ')}`)
    process.exit(1)
  }
  const unused = shippedUnusedRoutes()
  if (unused.length) {
    console.error(
      `check-js-budget: rotas que nenhuma página chama estão no pacote do navegador (${unused.map((r) => r.id).join(', ')}): o objeto routes perdeu a poda de propriedades do Rollup (uma chamada dentro de try? decisions/0070)`,
    )
    process.exit(1)
  }
  const over = rows.filter((row) => row['aplicação: KB gz'] > row['aplicação: teto'])
  if (over.length) {
    console.error(`check-js-budget: acima do teto: ${over.map((r) => r.página).join(', ')}`)
    process.exit(1)
  }
  if (firstVisit > TARGET_KB) {
    console.error(`check-js-budget: a primeira visita anônima passa da meta de ${TARGET_KB} KB`)
    process.exit(1)
  }
  console.log(
    `check-js-budget: primeira visita anônima ${firstVisit} KB gz em cada página (meta ${TARGET_KB} KB); a aplicação, carregada na primeira intenção, não cresceu.`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) main()
