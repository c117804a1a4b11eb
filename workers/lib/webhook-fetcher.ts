import type { Fetcher } from '~/domain/monitoring/webhooks.server'

/**
 * Outbound webhook calls. Locally (`localFetch`, the dev entry only) a URL on this server's own
 * host is answered in-process: a Worker cannot reliably fetch its own local address.
 */
export function webhookFetcher(env: Env, localFetch?: Fetcher): Fetcher {
  return (request) =>
    localFetch && new URL(request.url).host === env.BASE_DOMAIN ? localFetch(request) : fetch(request)
}
