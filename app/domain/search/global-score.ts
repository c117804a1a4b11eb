import { idf, K1, lengthNorm, type ShardStats, saturate } from './global-stats.server'
import type { Candidate, ShardRound } from './shard-round.server'

// FTS5's bm25 with global statistics for a shard's candidates, and the bounds that make a merged
// page exact (decisions/0073): what `rankAcrossShards` rescores, asks more by and skips by.

/** The candidate's score with global statistics, from its local phrase scores (see the header). */
export function rescore(candidate: Candidate, local: ShardStats, global: ShardStats): number {
  const localNorm = lengthNorm(candidate.length, local.tokens / local.rows)
  const globalNorm = lengthNorm(candidate.length, global.tokens / global.rows)
  let score = 0
  candidate.phraseScores.forEach((phraseScore, i) => {
    const saturated = phraseScore / idf(local.rows, local.phraseDocs[i] ?? 0)
    // saturate() inverted: the phrase's weighted count in the row, a whole number.
    const count = Math.round((saturated * K1 * localNorm) / (K1 + 1 - saturated))
    score += idf(global.rows, global.phraseDocs[i] ?? 0) * saturate(count, globalNorm)
  })
  return score
}

/**
 * The most any document a shard did not send can score globally: its local score is at most
 * the K-th candidate's, and global/local is at most the largest IDF ratio times the largest
 * ratio of saturations, which the average lengths bound (between 1 and global/local average).
 */
export function bound(round: ShardRound, global: ShardStats): number {
  const last = round.candidates[round.candidates.length - 1]
  if (!last || round.candidates.length < round.window) return 0 // the shard sent every match
  let budget = last.local
  let most = 0
  for (const { ratio, ceiling } of phraseRatios(round.stats, global)) {
    const spent = Math.min(budget, ceiling / ratio)
    most += spent * ratio
    budget -= spent
    if (budget <= 0) break
  }
  return most
}

/**
 * Each phrase adds at most its ratio times its local part, and never more than its global IDF
 * times k1 + 1 (the saturation's ceiling); the local parts sum to at most the row's local score.
 * The most the phrases can add is then a fractional knapsack: the budget goes to the largest
 * ratios first. A phrase in most of a shard's rows has its local IDF clamped to 1e-6 (FTS5), so
 * its ratio is huge but its ceiling small: without the ceilings that shard would be asked for
 * more until it had sent every match (decisions/0082).
 */
function phraseRatios(local: ShardStats, global: ShardStats) {
  const lengthRatio = Math.max(1, global.tokens / global.rows / (local.tokens / local.rows))
  return local.phraseDocs
    .map((docs, i) => {
      const globalIdf = idf(global.rows, global.phraseDocs[i] ?? 0)
      return { ratio: (globalIdf / idf(local.rows, docs)) * lengthRatio, ceiling: globalIdf * (K1 + 1) }
    })
    .sort((a, b) => b.ratio - a.ratio)
}

/**
 * The highest FTS5 score (bm25 is negative: lower is better) a shard's row may have and still
 * reach a global score of `target`: `bound`'s knapsack inverted, the least local score whose
 * bound reaches the target. A shard short of candidates sends every row at or below it in one
 * more round (decisions/0108), rather than K × 4 more rows, round after round, each walking every
 * match again. Null when no row can reach it.
 */
export function reachOf(local: ShardStats, global: ShardStats, target: number): number | null {
  let need = target
  let least = 0
  for (const { ratio, ceiling } of phraseRatios(local, global)) {
    if (!(ratio > 0) || !Number.isFinite(ratio)) return null
    if (need <= ceiling) {
      least += need / ratio
      // A hair of slack for floating point: a row let through is dropped by the exact merge.
      return -(least * (1 - 1e-9) - 1e-12)
    }
    least += ceiling / ratio
    need -= ceiling
  }
  return null
}

/**
 * The lowest local bm25 (FTS5's negative score) a shard's row may have and still come after the
 * cursor: global/local is at least the smallest IDF ratio times min(1, global / local average
 * length) (the saturation's lower bound), so a row whose local score, so scaled, already beats
 * the cursor's global score was on an earlier page and is not sent.
 */
export function floorOf(local: ShardStats, global: ShardStats, after: { score: number }): number | null {
  const idfRatio = Math.min(
    ...local.phraseDocs.map((docs, i) => idf(global.rows, global.phraseDocs[i] ?? 0) / idf(local.rows, docs)),
  )
  const lengthRatio = Math.min(1, global.tokens / global.rows / (local.tokens / local.rows))
  const lowest = idfRatio * lengthRatio
  // A hair of slack for floating point: a row let through is dropped by the exact comparison.
  return lowest > 0 && Number.isFinite(lowest) ? -((after.score / lowest) * (1 + 1e-9) + 1e-12) : null
}

/** Strictly after the cursor in the merged order (score, then id highest first). */
export const isAfter = (hit: { score: number; id: number }, after: { score: number; id: number }) =>
  hit.score > after.score || (hit.score === after.score && hit.id < after.id)
