import { decisionBatches, statuteBatches } from './documents'
import { gazetteBatches } from './gazettes'
import { type LawsuitRef, lawsuitBatches } from './lawsuits'
import { type Batch, createRng, entityBatches, makeCompanies, makePeople, plan } from './plan'

export type { Batch }
export { plan }

/**
 * The demo corpus as a stream of row batches in dependency order (entities, lawsuits, gazettes,
 * case law, statutes). Pure and deterministic: the same seed and scale give the same rows, so
 * it can be written anywhere (node:sqlite for `npm run seed`, D1 in tests).
 */
export function* generateCorpus({ seed, scale }: { seed: number; scale: number }): Generator<Batch> {
  const counts = plan(scale)
  const rng = createRng(seed)
  const people = makePeople(rng, counts.people)
  const companies = makeCompanies(rng, counts.companies, seed)
  yield* entityBatches(people, companies, rng)
  const refs: LawsuitRef[] = []
  yield* lawsuitBatches(rng, counts.lawsuits, people, companies, refs)
  yield* gazetteBatches(rng, counts.articles, people, companies, refs)
  yield* decisionBatches(rng, counts.decisions, refs)
  yield* statuteBatches(rng, counts.statutes)
}

/** Rows that count as "documents" (what --scale measures). */
export const DOCUMENT_TABLES = [
  'people',
  'companies',
  'lawsuits',
  'gazette_articles',
  'decisions',
  'statutes',
] as const
