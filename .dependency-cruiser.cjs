// The import rules of app/ and workers/ (decisions/0061): no file circle, and imports only go down
// the layers below. `npm run check:deps` runs it in CI (part of `npm test`). Tests and scripts
// are not cruised: they may import anything.

/** The layers of app/, lowest first; each may import its own and the lower ones. */
const LAYERS = [
  { name: 'lib', path: '^app/(lib|i18n|styles)/' },
  { name: 'schemas', path: '^app/schemas/' },
  // The endpoint registry's declarations (decisions/0062); its browser client `call` is ui code.
  { name: 'api', path: '^app/api/' },
  { name: 'db', path: '^app/db/' },
  { name: 'domain', path: '^app/domain/' },
  { name: 'server', path: '^app/server/' },
  { name: 'ui', path: '^app/ui/' },
  { name: 'components', path: '^app/components/' },
  {
    name: 'pages',
    path: '^app/(routes/|root\\.tsx$|routes\\.ts$|entry\\.(client|server)\\.tsx$|load-context\\.ts$|deps\\.server\\.ts$)',
  },
]
const below = (index) => LAYERS.slice(0, index + 1).map((layer) => layer.path)

/** Seed, demo and bench generators: only tests, scripts and the development entry import them. */
const FIXTURES = '^app/fixtures/'
/** The development-only Worker entry and its routers (decisions/0021). */
const DEV_ENTRY = '^workers/(app\\.dev\\.ts$|api/dev[^/]*\\.ts$)'

const layerRules = LAYERS.map((layer, index) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.path} imports only its own layer and the ones below it (decisions/0061).`,
  severity: 'error',
  from: { path: layer.path },
  to: {
    path: '^app/',
    pathNot: [
      ...below(index),
      // The browser's components read a loader's or a row's shape, never server code.
      ...(layer.name === 'ui' || layer.name === 'components' ? ['^app/(db|server)/'] : []),
    ],
  },
}))

/**
 * Areas of app/domain that imported each other, with the one decided to sit below (decisions/0096):
 * `[lower, upper]`, the lower never imports the upper. `scripts/check-area-pairs.mjs` (the next
 * step of `check:deps`) keeps any other pair of areas from importing each other.
 */
const AREAS_BELOW = [
  ['users', 'auth'], // auth's flows use the accounts (hashing moved to users, limits to limits/)
  ['trust', 'auth'], // gov.br's sign-in saves the identity trust verifies (trust owns its type)
  ['claims', 'auth'], // gov.br's sign-in accepts claims (the mails' layout moved to mail/)
  ['auth', 'merge'], // merge uses auth's tokens and mails (the ticket's address moved to auth)
  ['reference', 'directory'], // the directory filters by reference's cities
  ['reference', 'users'], // accounts read occupations (the photo's use-case moved to profiles)
  ['corpus', 'removal'], // removal hides corpus pages (the de-indexed filter moved to corpus)
  // decisions/0099: privacy's name rules below the corpus, which stores masked data (the masking
  // use-cases moved to corpus/masking); the suggestions index reads the corpus and privacy; the
  // lists' key format below both; the cache's versions below the corpus that purges pages.
  ['privacy', 'corpus'],
  ['privacy', 'suggestions'],
  ['corpus', 'suggestions'],
  ['suggestion-lists', 'privacy'],
  ['suggestion-lists', 'suggestions'],
  ['cache', 'corpus'],
]
const areaRules = AREAS_BELOW.map(([lower, upper]) => ({
  name: `area-${lower}-below-${upper}`,
  comment: `app/domain/${lower} sits below app/domain/${upper}: it never imports it (decisions/0096).`,
  severity: 'error',
  from: { path: `^app/domain/${lower}/` },
  to: { path: `^app/domain/${upper}/` },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file circle anywhere: a module and what it imports can be read bottom-up.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...areaRules,
    {
      name: 'corpus-internals-stay-inside',
      comment:
        "The shard map, the ownership helpers, the copies and the id ranges are the corpus layer's own: other areas read and write through readCorpus/writeCorpus (corpus/access.server.ts, decisions/0099). Search is the corpus's other engine; seeds and the development entry place rows themselves.",
      severity: 'error',
      from: { path: '^(app|workers)/', pathNot: ['^app/domain/(corpus|search)/', FIXTURES, DEV_ENTRY] },
      to: {
        path: '^app/domain/corpus/(shard-map\\.ts|read/(across-shards|owned-shards)\\.server\\.ts|store/(copies\\.server|shard-ids|stored\\.server)\\.ts)$',
      },
    },
    {
      name: 'browser-reads-server-types-only',
      comment: 'ui and components may name a type from app/db or app/server, never import their code.',
      severity: 'error',
      from: { path: '^app/(ui|components)/' },
      to: { path: '^app/(db|server)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'app-never-imports-workers',
      comment: 'workers/ is the adapter around app/; app/ never knows it.',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^workers/' },
    },
    {
      name: 'workers-import-the-lower-layers',
      comment:
        'workers/ calls the domain with schemas, db, lib and i18n, and builds its deps; never pages, components or Remix helpers.',
      severity: 'error',
      from: { path: '^workers/' },
      to: {
        path: '^app/',
        pathNot: [...below(4), '^app/deps\\.server\\.ts$', FIXTURES],
      },
    },
    {
      name: 'fixtures-stay-out-of-production',
      comment: 'Generators are for seeds, demos, benches and tests (decisions/0061).',
      severity: 'error',
      from: { path: '^(app|workers)/', pathNot: [FIXTURES, DEV_ENTRY] },
      to: { path: FIXTURES },
    },
    {
      name: 'fixtures-unreachable-from-production-entries',
      comment: 'Nothing the production Worker or the Remix build starts from reaches a generator.',
      severity: 'error',
      from: { path: '^(workers/app\\.ts|app/root\\.tsx|app/routes\\.ts|app/entry\\.(client|server)\\.tsx)$' },
      to: { path: FIXTURES, reachable: true },
    },
    {
      name: 'fixtures-import-below-pages',
      comment: 'Generators build data with the domain; they never import pages, components or workers/.',
      severity: 'error',
      from: { path: FIXTURES },
      to: { path: '^(app|workers)/', pathNot: [...below(4), FIXTURES] },
    },
    {
      name: 'resolvable',
      comment: 'An import the cruiser cannot resolve would escape every rule above.',
      severity: 'error',
      from: { path: '^(app|workers)/' },
      // The Remix build (workers/remix.ts) exists only after `npm run build`.
      to: { couldNotResolve: true, dependencyTypesNot: ['core'], pathNot: '^\\.\\./build/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The Remix build is generated from app/ (cruised as source), not a module of ours.
    exclude: { path: '^build/' },
    // Type-only imports count: a type import upward is still a dependency on the upper layer.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
  },
}
