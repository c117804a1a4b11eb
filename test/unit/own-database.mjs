// Test files that read the whole database (a count over every row, the first page of a listing,
// the suggestion lists of a common prefix, a page the edge cache may hold from another file, an
// import's "nothing changed"). They run apart, each in a runtime and storage of its own
// (scripts/unit-tests.mjs, decisions/0068); every other file shares its runtime with others, so
// its tests never assume an empty database.
export const OWN_DATABASE = [
  'directory',
  'fts',
  'import-diario',
  'import-dou',
  'import-jurisprudencia',
  'remask-demo',
  'search-common-terms',
  'search-filters',
  'search-page-limit',
  'search-party-impacts',
  'search-plans',
  'search-results',
  'shards',
  'shards-cursors',
  'shards-importers',
  'shards-lookups',
  'shards-pages',
  'shards-privacy',
  'shards-privacy-seed',
  'shards-product',
  'shards-common-terms',
  'shards-ranking',
  'shards-newest-periods',
  'shards-rounds',
  'shards-rounds-people',
  'shards-search',
  'shards-split',
  'shards-window',
  'shards-window-writes',
  'sources-datajud',
  'sources-faults',
  'spelling',
  'subdomains',
  'suggestions',
  'suggestions-prefixes',
].map((name) => `test/unit/${name}.test.ts`)

// Of those, the files that never touch a corpus shard's binding (CORPUS_1…4): their setup
// migrates the primary only (test/unit/setup.ts), a fifth of the work in a runtime of their own.
// A file that starts using a shard fails loudly ("no such table") until it leaves this list.
export const WITHOUT_CORPUS_SHARDS = [
  'directory',
  'fts',
  'import-diario',
  'import-dou',
  'import-jurisprudencia',
  'remask-demo',
  'search-common-terms',
  'search-filters',
  'search-page-limit',
  'search-party-impacts',
  'search-results',
  'spelling',
  'subdomains',
  'suggestions',
  'suggestions-prefixes',
].map((name) => `test/unit/${name}.test.ts`)
