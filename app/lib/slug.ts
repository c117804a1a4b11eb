/**
 * A slug as canonical addresses write it: lower case, accents folded ("Recife-PE" and
 * "São-Paulo-SP" → "recife-pe", "sao-paulo-sp"). Lookups use it, so a variant finds its page
 * (the pages and the open API alike).
 */
export function foldSlug(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/** URL slug: lower case ASCII words joined by hyphens ("São Paulo/SP" → "sao-paulo-sp"). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
}
