import { eq, sql, sum } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { shareCounts } from '~/db/schema'
import { DomainError } from '~/domain/errors'
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
  deps: { db: Database },
  key: string,
  network: ShareNetwork,
): Promise<number> {
  await deps.db
    .insert(shareCounts)
    .values({ url: key, network, count: 1 })
    .onConflictDoUpdate({
      target: [shareCounts.url, shareCounts.network],
      set: { count: sql`${shareCounts.count} + 1` },
    })
  return shareTotal(deps, key)
}

export async function shareTotal(deps: { db: Database }, key: string): Promise<number> {
  const [row] = await deps.db
    .select({ total: sum(shareCounts.count) })
    .from(shareCounts)
    .where(eq(shareCounts.url, key))
  return Number(row?.total ?? 0)
}
