import { redirect } from '@remix-run/cloudflare'
import { MAX_RETURN_PATH } from '~/lib/paths'

export { foldSlug } from '~/lib/slug'

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
