import { env } from 'cloudflare:test'
import { createDb } from '~/db/client.server'
import { corpusShards } from '~/db/schema-shards'
import { declareShards, SHARD_MAP_KEY } from '~/domain/corpus/shards.server'

/**
 * The spread the shard test files share (decisions/0075, 0081): DOU and gazettes in CORPUS_1,
 * lawsuits in CORPUS_2, case law and legislation in CORPUS_3, people and companies in CORPUS_4.
 * A file that publishes it runs apart (own-database.mjs).
 */
export const TEST_SPREAD = [
  { shard: 1, family: 'dou', binding: 'CORPUS_1' },
  { shard: 2, family: 'diario:', binding: 'CORPUS_1' },
  { shard: 4, family: 'processo:', binding: 'CORPUS_2' },
  { shard: 5, family: 'jurisprudencia:', binding: 'CORPUS_3' },
  { shard: 6, family: 'legislacao', binding: 'CORPUS_3' },
  { shard: 8, family: 'entidades', binding: 'CORPUS_4' },
] as const

/** Replaces the primary's map by `entries` and publishes it, as the product declares shards. */
export async function publishSpread(
  entries: readonly { shard: number; family: string; binding: string }[] = TEST_SPREAD,
) {
  const db = createDb(env.DB)
  await db.delete(corpusShards)
  const map = await declareShards({ db, pageVersions: env.PAGE_VERSIONS }, entries)
  if (!map) throw new Error('the spread map was not declared')
  return map
}

/** Back to the degenerate map: no rows, no published key. */
export async function forgetSpread() {
  await createDb(env.DB).delete(corpusShards)
  await env.PAGE_VERSIONS.delete(SHARD_MAP_KEY)
}
