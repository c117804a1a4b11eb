export function sitemapLocs(xml: string): string[]
export function sitemapKind(loc: string): string | null
export function firstPages<K extends string>(
  base: string,
  kinds: readonly K[],
  fetchText?: (url: string) => Promise<string>,
): Promise<Record<K, string>>
