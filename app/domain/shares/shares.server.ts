import { eq, sql, sum } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { shareCounts } from '~/db/schema'
import { ownScopes } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { DomainError } from '~/domain/errors'
import { resolveSite } from '~/domain/site/host'
import type { ShareNetwork } from '~/schemas/shares'

/**
 * The key a page is counted under: host and path of a URL on our own site, without query or
 * hash, so `?utm=…` variants add up. URLs of other sites are refused (no counting for strangers).
 */
export function shareKey(url: string, baseDomain: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new DomainError('api.invalidInput', 422)
  }
  const host = parsed.host.toLowerCase()
  const base = baseDomain.toLowerCase()
  if (host !== base && !host.endsWith(`.${base}`)) throw new DomainError('api.invalidInput', 422)
  const path = parsed.pathname.replace(/\/+$/, '') || '/'
  return `${host}${path}`
}

export async function recordShare(
  deps: { db: Database; pageVersions: KVNamespace },
  key: string,
  network: ShareNetwork,
  baseDomain: string,
): Promise<number> {
  await deps.db
    .insert(shareCounts)
    .values({ url: key, network, count: 1 })
    .onConflictDoUpdate({
      target: [shareCounts.url, shareCounts.network],
      set: { count: sql`${shareCounts.count} + 1` },
    })
  // The page shows its count: its own cached copy moves on (pages of a whole kind wait their
  // lifetime rather than purge every page of the kind per share).
  const slash = key.indexOf('/')
  const scopes = ownScopes(resolveSite(key.slice(0, slash), baseDomain), key.slice(slash))
  if (scopes.length) await bumpVersions(deps.pageVersions, scopes)
  return shareTotal(deps, key)
}

export async function shareTotal(deps: { db: Database }, key: string): Promise<number> {
  const [row] = await deps.db
    .select({ total: sum(shareCounts.count) })
    .from(shareCounts)
    .where(eq(shareCounts.url, key))
  return Number(row?.total ?? 0)
}

/** One share click (spec §1): counted under the page's key, answered with the new total. */
export async function share(
  deps: { db: Database; pageVersions: KVNamespace },
  baseDomain: string,
  input: { url: string; rede: ShareNetwork },
): Promise<{ total: number }> {
  return { total: await recordShare(deps, shareKey(input.url, baseDomain), input.rede, baseDomain) }
}

/** A page's total, whatever its query string. */
export async function shareCount(deps: { db: Database }, baseDomain: string, url: string) {
  return { total: await shareTotal(deps, shareKey(url, baseDomain)) }
}
