import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { type Community, communities } from '~/db/schema-accounts'
import { followCounts, follows } from '~/db/schema-network'
import { professionOfCode } from '~/domain/directory/professions'
import { DomainError } from '~/domain/errors'
import { type FollowState, followState } from '~/domain/follows/follows.server'
import { profileUrl } from '~/domain/follows/targets.server'

export type CommunityKind = Community['kind']
/** The order of the groups on `/comunidades`. */
export const COMMUNITY_KINDS: readonly CommunityKind[] = ['profissao', 'curso', 'tema']
/** How many of the newest members a community page shows. */
export const NEWEST_MEMBERS = 12

export type CommunitySummary = {
  id: number
  slug: string
  name: string
  kind: CommunityKind
  /** Members: the users whose profession or course it is (kept by trigger). */
  members: number
  /** Followers, members included (spec §3: per `tipo` and `id`). */
  followers: number
}

const followersOf = sql<number>`coalesce(${followCounts.followers}, 0)`
const summaryColumns = {
  id: communities.id,
  slug: communities.slug,
  name: communities.name,
  kind: communities.kind,
  members: communities.memberCount,
  followers: followersOf,
}
const withFollowers = and(eq(followCounts.kind, 'comunidade'), eq(followCounts.targetId, communities.id))

/** `/comunidades`: every community, grouped by kind, the largest first in each group. */
export async function listCommunities(deps: {
  db: Database
}): Promise<{ kind: CommunityKind; communities: CommunitySummary[] }[]> {
  const rows = await deps.db
    .select(summaryColumns)
    .from(communities)
    .leftJoin(followCounts, withFollowers)
    .orderBy(desc(communities.memberCount), desc(followersOf), asc(communities.name))
  return COMMUNITY_KINDS.map((kind) => ({ kind, communities: rows.filter((row) => row.kind === kind) }))
}

export type CommunityMember = {
  id: number
  name: string
  headline: string
  photoUrl: string | null
  /** Their profile, on their subdomain. */
  url: string
  since: number
}

export type CommunityPage = {
  community: CommunitySummary
  follow: FollowState
  /**
   * The newest members (professions and courses) or, for a theme, which has no members, the
   * newest followers: newest first.
   */
  people: CommunityMember[]
  /** The directory's list of this profession, when the community is one of its professions. */
  directory: { slug: string; plural: string } | null
}

/** `/comunidades/{slug}`. An unknown slug is the Portuguese 404. */
export async function loadCommunity(
  deps: { db: Database; origin: string },
  slug: string,
  viewerId: number | null,
): Promise<CommunityPage> {
  const [community] = await deps.db
    .select({ ...summaryColumns, occupationCode: communities.occupationCode })
    .from(communities)
    .leftJoin(followCounts, withFollowers)
    .where(eq(communities.slug, slug))
    .limit(1)
  if (!community) throw new DomainError('communities.notFound', 404)
  const { occupationCode, ...summary } = community
  const [follow, people] = await Promise.all([
    followState(deps, viewerId, 'comunidade', community.id),
    newestPeople(deps, community.id, community.kind !== 'tema'),
  ])
  const profession = professionOfCode(occupationCode)
  return {
    community: summary,
    follow,
    people,
    directory: profession ? { slug: profession.slug, plural: profession.plural } : null,
  }
}

/** Newest first, by when they joined (or followed); the follows_item index is in that order. */
async function newestPeople(
  deps: { db: Database; origin: string },
  communityId: number,
  membersOnly: boolean,
): Promise<CommunityMember[]> {
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.name,
      headline: users.headline,
      photoKey: users.photoKey,
      subdomain: users.subdomain,
      since: follows.createdAt,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.userId))
    .where(
      and(
        eq(follows.kind, 'comunidade'),
        eq(follows.targetId, communityId),
        membersOnly ? eq(follows.membership, true) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(NEWEST_MEMBERS)
  return rows.map(({ photoKey, subdomain, ...row }) => ({
    ...row,
    photoUrl: photoKey ? `/imagens/${photoKey}` : null,
    url: profileUrl(deps.origin, subdomain),
  }))
}
