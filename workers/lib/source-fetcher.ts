import type { PoliteFetch } from '~/domain/sources/types'
import { isLoopbackHost } from '~/lib/loopback'

/**
 * The plain fetch under the engine's polite one (decisions/0101). Locally (`localFetch` is given
 * only by the local entry) a source address on this machine is a stand-in on our own main host:
 * it is answered in-process, whatever port wrangler.toml names (a Worker cannot reliably fetch
 * its own local address, and `npm start -- --port N` serves another port than the vars' 8787).
 * Every other address, and every address in production, goes out.
 */
export function sourceFetcher(
  localFetch?: (request: Request) => Promise<Response>,
  remote: (request: Request) => Promise<Response> = (request) => fetch(request),
): PoliteFetch {
  return (url, init) => {
    const request = new Request(url, init)
    return localFetch && isLoopbackHost(new URL(url).hostname) ? localFetch(request) : remote(request)
  }
}
