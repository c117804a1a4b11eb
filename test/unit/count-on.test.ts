import { describe, expect, it } from 'vitest'
import { type Clock, countingOn } from '~/domain/search/count-on.server'
import { COUNT_CAP } from '~/domain/search/fts.server'
import type { ShardRound } from '~/domain/search/shard-round.server'

// decisions/0114: the first shard past its share of the cap counts on while slower shards are
// still out, after waiting as long again as it took. Worked by hand with four shards, a share of
// 2,500 (a first round counts to 2,501) and COUNT_CAP 10,000.

/** A clock the test moves by hand: `wait` resolves when `advance` passes its time. */
function handClock() {
  let now = 0
  const timers: { at: number; resolve: () => void }[] = []
  const clock: Clock = {
    now: () => now,
    wait: (ms) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
  }
  const advance = async (to: number) => {
    now = to
    for (const t of timers.filter((t) => t.at <= to)) {
      timers.splice(timers.indexOf(t), 1)
      t.resolve()
    }
    // Let the waiters' continuations run.
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { clock, advance, waiting: () => timers.length }
}

/** A first-round answer: `count` matches of the words (a floor past 2,500: skipped). */
function answer(count: number, highest: number[] = []): ShardRound {
  return {
    stats: { rows: 100_000, tokens: 1_000_000, phraseDocs: [0], matches: count, wordMatches: count },
    candidates: [],
    window: 200,
    floor: null,
    highest,
    skipped: count > 2_500 && count <= COUNT_CAP,
  }
}

function shardsCountingOn(shards: number, onPast?: (highest: (number[] | null)[]) => void) {
  const { clock, advance, waiting } = handClock()
  const asked: { shard: number; wordsCap: number; matchesCap: number }[] = []
  let reply: (round: ShardRound) => void = () => undefined
  const counting = countingOn(
    shards,
    clock,
    (shard, caps) => {
      asked.push({ shard, ...caps })
      return new Promise<ShardRound>((resolve) => {
        reply = resolve
      })
    },
    onPast,
  )
  return { counting, asked, advance, waiting, reply: (round: ShardRound) => reply(round) }
}

describe('a shard past its share counts on while others are out (decisions/0114)', () => {
  it('"de 2026": the first shard past its share counts on after as long again, to what the answers leave under the cap', async () => {
    const seen: (number[] | null)[][] = []
    const { counting, asked, advance, reply } = shardsCountingOn(4, (highest) => seen.push(highest))
    // Shard 3 answers at 0.8 ms past its share; shard 2, at 0.9, too. Shards 0 and 1 are out.
    await advance(0.8)
    counting.answer(3, answer(2_501, [40, 30]))
    await advance(0.9)
    counting.answer(2, answer(2_501, [35, 25]))
    expect(asked).toEqual([])
    // At 1.6 ms (0.8 again) both are still out: shard 3 counts to 10,000 − 2,501 + 1 = 7,500,
    // the filters' matches as far.
    await advance(1.6)
    expect(asked).toEqual([{ shard: 3, wordsCap: 7_500, matchesCap: 7_500 }])
    expect(counting.started()?.shard).toBe(3)
    // Its 7,500 with shard 2's 2,501 pass the cap while shards 0 and 1 are out: the page's rows
    // can be read from what answered.
    reply(answer(7_500, [40, 30]))
    const counted = await counting.started()?.round
    expect(counted?.stats.wordMatches).toBe(7_500)
    expect(seen).toEqual([[null, null, [35, 25], [40, 30]]])
  })

  it('"de": every shard answers before the wait ends, and none counts on', async () => {
    const { counting, asked, advance, waiting } = shardsCountingOn(4)
    await advance(0.5)
    counting.answer(0, answer(2_501))
    for (const shard of [1, 2, 3]) counting.answer(shard, answer(2_501))
    expect(waiting()).toBe(1)
    await advance(1)
    expect(asked).toEqual([])
    expect(counting.started()).toBeNull()
  })

  it('answers already past the cap, a shard under its share, or the wait outlived by the others: no count', async () => {
    // Four floors of 2,501 are past the cap: the last past its share to answer starts nothing.
    const past = shardsCountingOn(4)
    for (const shard of [0, 1, 2]) past.counting.answer(shard, answer(2_501))
    past.counting.answer(3, answer(2_501))
    await past.advance(10)
    // Its waiting started with the first; by its end every shard had answered.
    expect(past.asked).toEqual([])
    // A shard under its share (exact, ranked here) never counts on.
    const under = shardsCountingOn(4)
    await under.advance(1)
    under.counting.answer(0, answer(1_200))
    await under.advance(5)
    expect(under.asked).toEqual([])
    // One shard at most: a second past its share waits for nothing.
    const one = shardsCountingOn(3)
    await one.advance(1)
    one.counting.answer(0, answer(3_334))
    one.counting.answer(1, answer(3_334))
    await one.advance(2)
    expect(one.asked.map((a) => a.shard)).toEqual([0])
    // Its count: 10,000 − (3,334 + 3,334 − 3,334) + 1.
    expect(one.asked[0]?.wordsCap).toBe(6_667)
  })

  it('without a clock (a test’s own deps) or with one shard, nothing counts on', async () => {
    let asked = 0
    const none = countingOn(4, undefined, async () => {
      asked += 1
      return answer(0)
    })
    none.answer(0, answer(2_501))
    const single = countingOn(1, handClock().clock, async () => {
      asked += 1
      return answer(0)
    })
    single.answer(0, answer(5_000))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked).toBe(0)
    expect(none.started()).toBeNull()
    expect(single.started()).toBeNull()
  })
})
