import type { Rng } from '~/domain/corpus/generate/random'

/** Picks items in proportion to their weights: one cumulative array, a binary search per pick. */
export function weighted<T>(items: readonly T[], weights: readonly number[]): (rng: Rng) => T {
  if (!items.length || items.length !== weights.length) throw new Error('weighted: empty or uneven lists')
  const cumulative = new Float64Array(weights.length)
  let total = 0
  weights.forEach((w, i) => {
    total += Math.max(0, w)
    cumulative[i] = total
  })
  return (rng) => {
    const target = rng.next() * total
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((cumulative[mid] as number) > target) hi = mid
      else lo = mid + 1
    }
    return items[lo] as T
  }
}

/** `n` distinct items of a list, in a random order (n capped at the list's length). */
export function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items]
  const out: T[] = []
  while (out.length < n && pool.length) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] as T)
  return out
}

/** How many of something, by a table of chances: [0.35, 0.25, …] gives 0 with 35 %, 1 with 25 %… */
export function countBy(rng: Rng, chances: readonly number[]): number {
  let u = rng.next()
  for (let i = 0; i < chances.length; i++) {
    u -= chances[i] as number
    if (u < 0) return i
  }
  return chances.length - 1
}
