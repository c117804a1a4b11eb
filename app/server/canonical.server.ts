import { redirect } from '@remix-run/cloudflare'
import { MAX_RETURN_PATH } from '~/lib/paths'

/**
 * A slug as canonical addresses write it: lower case, accents folded ("Recife-PE" and
 * "São-Paulo-SP" → "recife-pe", "sao-paulo-sp"). Lookups use it, so a variant finds its page.
 */
export function foldSlug(raw: string): string {
  return raw
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/**
 * Every page with a canonical address answers its other spellings (case, accents, a missing or
 * old slug, the unmasked number) with a 301 there, never a 404 nor a duplicate page
 * (decisions/0058). The query rides along unless it is past any real one.
 */
export function redirectToCanonical(request: Request, canonicalPath: string): void {
  const url = new URL(request.url)
  if (url.pathname === canonicalPath) return
  throw redirect(`${canonicalPath}${url.search.length <= MAX_RETURN_PATH ? url.search : ''}`, 301)
}
