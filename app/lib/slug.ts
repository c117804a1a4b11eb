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
