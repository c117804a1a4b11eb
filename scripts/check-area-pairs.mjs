// Part of `npm run check:deps` (decisions/0096): no two areas of app/domain import each other.
// dependency-cruiser's rules see one import at a time (and its folder-level `circular` counts
// every longer circle and the corpus's own subfolders), so this cruises app/domain once with the
// same options, folds the imports to areas and fails on any pair that imports both ways.
//
// A pair not undone yet would be listed below with the area decided to sit below; the list only
// shrinks (a listed pair that no longer imports both ways fails too) and is empty since 0099.
// `node scripts/check-area-pairs.mjs --list` prints every pair with its imports (the ADR's counts).
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

/** Pairs still importing each other, `[lower, upper]`: the lower's imports of the upper must go. */
export const NOT_UNDONE = []

const CONFIG = './.dependency-cruiser.cjs'
const areaOf = (path) => /^app\/domain\/([^/]+)\//.exec(path)?.[1]
const key = (a, b) => [a, b].sort().join(' ↔ ')

export async function areaPairs() {
  const options = await extractDepcruiseOptions(CONFIG)
  const tsConfig = extractTSConfig(options.tsConfig.fileName)
  // Only the graph is wanted here; the rules run in the `depcruise` step before this one.
  const { output } = await cruise(
    ['app/domain'],
    { ...options, ruleSet: undefined, validate: false },
    {},
    {
      tsConfig,
    },
  )
  /** `from>to` → the file imports behind it. */
  const edges = new Map()
  for (const module of output.modules) {
    const from = areaOf(module.source)
    if (!from) continue
    for (const dependency of module.dependencies) {
      const to = areaOf(dependency.resolved)
      if (!to || to === from) continue
      const list = edges.get(`${from}>${to}`) ?? []
      list.push(`${module.source} → ${dependency.resolved}`)
      edges.set(`${from}>${to}`, list)
    }
  }
  const pairs = new Map()
  for (const [edge, imports] of edges) {
    const [from, to] = edge.split('>')
    const back = edges.get(`${to}>${from}`)
    if (back && from < to) pairs.set(key(from, to), [...imports, ...back])
  }
  return pairs
}

const pairs = await areaPairs()
if (process.argv.includes('--list')) {
  console.log(`${pairs.size} pairs of app/domain areas import each other`)
  for (const [pair, imports] of [...pairs].sort()) console.log(`\n${pair}\n  ${imports.join('\n  ')}`)
}
const allowed = new Set(NOT_UNDONE.map(([lower, upper]) => key(lower, upper)))
const problems = []
for (const [pair, imports] of pairs)
  if (!allowed.has(pair)) problems.push(`${pair} import each other:\n  ${imports.join('\n  ')}`)
for (const pair of allowed)
  if (!pairs.has(pair)) problems.push(`${pair} no longer import each other: take the pair off NOT_UNDONE`)
if (problems.length) {
  console.error(
    `check-area-pairs (decisions/0096): decide which area sits below and move what both need down.\n`,
  )
  console.error(problems.join('\n\n'))
  process.exit(1)
}
