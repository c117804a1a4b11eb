import { COUNT_CAP } from './fts.server'
import { leftUnderCap } from './global-stats.server'
import type { ShardRound } from './shard-round.server'

// A first round's shard that counts on while slower shards are still out (decisions/0114).
//
// A first round counts each shard's words only to its share of the cap (decisions/0107): a word
// in most matérias ("de") is then walked for 10,001 matches in all, not in each shard. A phrase
// in most matérias of one period only ("de 2026") passes its share there and nowhere else, so
// the search needs a second round on that shard, counted further, to prove it past the cap;
// and the shards of the other periods, holding "2026" without the phrase, are the slowest of the
// first round (each checks every row with both words and finds none). That second round started
// only after them. Here the first shard past its share to answer counts on while they still
// work, as a hedged request does: it waits as long again as it took, and if some shard is still
// out then, counts as far as the answers so far leave under the cap. Its answer is awaited only
// if the others' do not settle the count, and it counts only (the ranking waits for the totals).
// One shard at most: where every shard is past its share ("de", "coleta de") the answers come
// close together and no shard counts on; where they do not, one shard's count is the waste.

/** Time as the search sees it: the Worker's clock (deps), or a bench's virtual one (scripts/bench/trace.ts). */
export type Clock = { now: () => number; wait: (ms: number) => Promise<void> }

export const workerClock: Clock = {
  now: () => performance.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

type Answered = (ShardRound | undefined)[]

/** Whether the answers so far put the search past the cap (their counts are floors). */
export function pastCap(answered: Answered): boolean {
  const known = answered.filter((r): r is ShardRound => r !== undefined)
  return (
    known.reduce((sum, r) => sum + r.stats.wordMatches, 0) > COUNT_CAP ||
    known.reduce((sum, r) => sum + r.stats.matches, 0) > COUNT_CAP
  )
}

export type CountingOn = {
  /** Takes a first-round answer (`shard`'s), and counts on from it when the rule above says so. */
  answer: (shard: number, round: ShardRound) => void
  /** The shard counting on and its answer to come, if one started. */
  started: () => { shard: number; round: Promise<ShardRound> } | null
}

/**
 * The counting on of one first round over `shards` databases (none without a clock).
 * `countOn(shard, caps)` sends the shard's first round again, counted to those caps; `onPast`
 * hears the highest ids answered so far (null: a shard still out) when that count proves the
 * search past the cap before every shard answered (the unranked page's rows can be read meanwhile).
 */
export function countingOn(
  shards: number,
  clock: Clock | undefined,
  countOn: (shard: number, caps: { wordsCap: number; matchesCap: number }) => Promise<ShardRound>,
  onPast?: (highest: (number[] | null)[]) => void,
): CountingOn {
  if (!clock || shards < 2) return { answer: () => undefined, started: () => null }
  const began = clock.now()
  const answered: Answered = Array.from({ length: shards }, () => undefined)
  const out = () => answered.some((r) => r === undefined)
  let taken = false
  let started: { shard: number; round: Promise<ShardRound> } | null = null
  const answer = (shard: number, round: ShardRound) => {
    answered[shard] = round
    if (taken || !round.skipped || !out() || pastCap(answered)) return
    taken = true
    void clock.wait(clock.now() - began).then(() => {
      if (!out() || pastCap(answered)) return
      // As far as the answers so far leave under the cap, the filters' matches too: exact, or
      // proving the search past it (as a second round counts a skipped shard, global-rank).
      const sum = (of: (r: ShardRound) => number) => answered.reduce((n, r) => n + (r ? of(r) : 0), 0)
      const left = (of: (r: ShardRound) => number) => leftUnderCap(sum(of), of(round)) + 1
      const caps = { wordsCap: left((r) => r.stats.wordMatches), matchesCap: left((r) => r.stats.matches) }
      const counted = countOn(shard, caps).then((more) => {
        const now = answered.map((r, i) => (i === shard ? more : r))
        if (onPast && out() && pastCap(now)) onPast(now.map((r) => r?.highest ?? null))
        return more
      })
      // Not awaited when the others settle the count: its failure then changes nothing.
      counted.catch(() => undefined)
      started = { shard, round: counted }
    })
  }
  return { answer, started: () => started }
}
