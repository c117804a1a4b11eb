import { MONTH_NAMES } from '~/lib/dates'

/** A small seeded PRNG (mulberry32): the same seed always gives the same corpus. */
export type Rng = {
  next: () => number
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (p: number) => boolean
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  }
}

/** Valid CNPJ digits from a 12-digit base (two mod-11 check digits). */
export function cnpjWithCheckDigits(base12: string): string {
  const digit = (digits: string, weights: number[]) => {
    const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0)
    const rest = 11 - (sum % 11)
    return rest >= 10 ? 0 : rest
  }
  const d1 = digit(base12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  const d2 = digit(`${base12}${d1}`, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  return `${base12}${d1}${d2}`
}

export function formatCnpj(digits: string): string {
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`
}

/** "2021-03-10" → "10 de março de 2021" */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  return `${d} de ${MONTH_NAMES[(m ?? 1) - 1]} de ${y}`
}

/** Days since epoch ↔ ISO date, for date arithmetic without time zones. */
export function isoFromDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10)
}
export function dayFromIso(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000)
}
