/** `items` in runs of `size` (the last may be shorter): D1 binds at most 100 values per statement. */
export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
