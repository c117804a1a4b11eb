// The D1 bindings every migration goes to (decisions/0072): the primary and the corpus shards.
// Each database gets the same migrations, so a shard can hold any corpus table; the ones a
// database does not use stay empty, which costs nothing.
export const DATABASES = ['DB', 'CORPUS_1', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4']
