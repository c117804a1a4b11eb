// `npm run check:endpoints` (issue 29, decisions/0070): an endpoint's path is spelled in one place,
// its route in app/api/routes.ts. Any other file of app/ or workers/ holding a string that starts
// with `/ajax/…` or `/api/…` fails the check. Pages' own URLs (`/conta/perfil`) are not endpoints.
//
// The files whose calls have not moved onto the registry yet are listed below. The list only
// shrinks: a listed file that no longer spells a path also fails the check, so it stays true.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Not moved yet (decisions/0070 says by which area); remove a file once its calls use the registry. */
export const NOT_MOVED = []

/**
 * An endpoint path inside a string: a quote (or an origin put in a template, `${origin}/api/…`),
 * `/ajax/` or `/api/`, then at least one character of a path. The bare prefixes and the catch-alls (`'/api/*'`, the crawlers' `Disallow: /ajax/`) are
 * about the namespace, not an endpoint, and do not count.
 */
const ENDPOINT_STRING = /(?:['"`]|\$\{[^}]*\})\/(?:ajax|api)\/[A-Za-z0-9:$][^'"`\s]*/g

const ROOTS = ['app', 'workers']
const SKIP = 'app/api/'

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) yield path
  }
}

/** Per file (relative, with `/`), the endpoint strings it holds. */
export function endpointStrings(root = process.cwd()) {
  const found = new Map()
  for (const top of ROOTS)
    for (const path of sourceFiles(join(root, top))) {
      const file = relative(root, path).split('\\').join('/')
      if (file.startsWith(SKIP)) continue
      const hits = readFileSync(path, 'utf8').match(ENDPOINT_STRING)
      if (hits) found.set(file, hits)
    }
  return found
}

/** The check's complaints, empty when the rule holds. */
export function problems(found, notMoved = NOT_MOVED) {
  const out = []
  const listed = new Set(notMoved)
  for (const [file, hits] of found)
    if (!listed.has(file))
      out.push(`${file}: caminho de endpoint fora de app/api (${[...new Set(hits)].join(', ')})`)
  for (const file of listed)
    if (!found.has(file))
      out.push(`${file}: não tem mais caminho de endpoint; tire-o da lista NOT_MOVED do script`)
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = problems(endpointStrings())
  if (out.length) {
    console.error(out.join('\n'))
    console.error(
      `\ncheck-endpoint-paths: ${out.length} problema(s). Declare o endpoint em app/api/routes.ts e chame-o pelo registro (decisions/0070).`,
    )
    process.exit(1)
  }
  console.log(`check-endpoint-paths: ok (${NOT_MOVED.length} arquivo(s) ainda na lista dos não movidos).`)
}
