import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { followCounts, follows } from '~/db/schema-network'
import type { Corpus } from '~/domain/corpus/shards.server'
import { DomainError } from '~/domain/errors'
import { takeDailyQuota } from '~/domain/limits/daily-quotas.server'
import { notify, type Outcome, purge } from '~/domain/outcome'
import { requireConfirmedEmail } from '~/domain/users/confirmed.server'
import { t } from '~/i18n/pt-BR'
import type { FollowableKind, FollowInput } from '~/schemas/follow'
import { type Followable, findFollowable, findFollowables, profileUrl } from './targets.server'

type Viewer = { id: number; name: string; subdomain: string }

async function followerCount(db: Database, kind: FollowableKind, id: number): Promise<number> {
  const [row] = await db
    .select({ n: followCounts.followers })
    .from(followCounts)
    .where(and(eq(followCounts.kind, kind), eq(followCounts.targetId, id)))
  return row?.n ?? 0
}

/**
 * `POST /ajax/seguir`. Following twice is one follow (the unique index; the count moves only when
 * a row is inserted, by trigger). A new follower of a professional is told through the queue, once
 * per follower even if they unfollow and follow again (the dedupe key).
 */
export async function follow(
  deps: { db: Database; corpus: Corpus; origin: string; now: () => Date },
  viewer: Viewer,
  input: FollowInput,
): Promise<Outcome> {
  const target = await findFollowable(deps, input.tipo, input.id)
  if (!target) throw new DomainError('follow.notFound', 404)
  if (target.kind === 'usuario' && target.id === viewer.id) throw new DomainError('follow.self', 422)
  // Following a profile tells its owner (and lists the follower there): a confirmed address only.
  if (target.kind === 'usuario') await requireConfirmedEmail(deps, viewer.id, 'follow')
  await takeDailyQuota(deps, viewer.id, 'seguir')
  const inserted = await deps.db
    .insert(follows)
    .values({ userId: viewer.id, kind: target.kind, targetId: target.id })
    .onConflictDoNothing()
    .returning({ id: follows.id })
  const count = await followerCount(deps.db, target.kind, target.id)
  return {
    message: t('follow.followed', { nome: target.title }),
    body: { seguindo: true, count },
    effects: [
      ...(inserted.length ? [purge(...target.pageScopes)] : []),
      ...(inserted.length && target.kind === 'usuario'
        ? [
            notify({
              type: 'notify',
              userId: target.id,
              kind: 'seguidor',
              title: t('follow.notification', { nome: viewer.name }),
              url: profileUrl(deps.origin, viewer.subdomain),
              dedupeKey: `seguidor:${viewer.id}:${target.id}`,
            }),
          ]
        : []),
    ],
  }
}

/**
 * `POST /ajax/deixar-seguir`. The community of one's own profession or course cannot be left
 * (spec §6): the answer is `status: 'fail'` with the spec's message and nothing changes.
 */
export async function unfollow(
  deps: { db: Database; corpus: Corpus; origin: string },
  viewer: Viewer,
  input: FollowInput,
): Promise<Outcome> {
  const removed = await deps.db
    .delete(follows)
    .where(
      and(
        eq(follows.userId, viewer.id),
        eq(follows.kind, input.tipo),
        eq(follows.targetId, input.id),
        eq(follows.membership, false),
      ),
    )
    .returning({ id: follows.id })
  if (!removed.length && input.tipo === 'comunidade' && (await isMember(deps.db, viewer.id, input.id)))
    throw new DomainError('follow.protectedCommunity', 409, { answer: 'fail' })
  const target = await findFollowable(deps, input.tipo, input.id)
  return {
    message: t('follow.unfollowed', { nome: target?.title ?? t(`follow.kind.${input.tipo}`) }),
    body: { seguindo: false, count: await followerCount(deps.db, input.tipo, input.id) },
    effects: removed.length && target ? [purge(...target.pageScopes)] : [],
  }
}

async function isMember(db: Database, userId: number, communityId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(
      and(
        eq(follows.userId, userId),
        eq(follows.kind, 'comunidade'),
        eq(follows.targetId, communityId),
        eq(follows.membership, true),
      ),
    )
  return !!row
}

/** What a follow button shows: the count, whether the viewer follows, and whether it is locked. */
export type FollowState = {
  kind: FollowableKind
  id: number
  count: number
  following: boolean
  locked: boolean
}

export async function followState(
  deps: { db: Database },
  viewerId: number | null,
  kind: FollowableKind,
  id: number,
): Promise<FollowState> {
  const states = await followStates(deps, viewerId, kind, [id])
  return states.get(id) ?? { kind, id, count: 0, following: false, locked: false }
}

/** The states of many items of one kind at once (a directory page's buttons). */
export async function followStates(
  deps: { db: Database },
  viewerId: number | null,
  kind: FollowableKind,
  ids: number[],
): Promise<Map<number, FollowState>> {
  const states = new Map<number, FollowState>(
    ids.map((id) => [id, { kind, id, count: 0, following: false, locked: false }]),
  )
  if (!ids.length) return states
  const [counts, mine] = await deps.db.batch([
    deps.db
      .select({ id: followCounts.targetId, n: followCounts.followers })
      .from(followCounts)
      .where(and(eq(followCounts.kind, kind), inArray(followCounts.targetId, ids))),
    deps.db
      .select({ id: follows.targetId, membership: follows.membership })
      .from(follows)
      .where(and(eq(follows.userId, viewerId ?? 0), eq(follows.kind, kind), inArray(follows.targetId, ids))),
  ])
  for (const row of counts) {
    const state = states.get(row.id)
    if (state) state.count = row.n
  }
  for (const row of mine) {
    const state = states.get(row.id)
    if (state) Object.assign(state, { following: true, locked: row.membership })
  }
  return states
}

export type FollowingRow = { id: number; since: number; item: Followable | null; kind: FollowableKind }

/** The "Seguindo" tab: what the user follows, newest first, without the community they cannot leave. */
export async function listFollowing(
  deps: { db: Database; corpus: Corpus; origin: string },
  userId: number,
  { page = 1, perPage = 50 }: { page?: number; perPage?: number } = {},
): Promise<{ rows: FollowingRow[]; total: number }> {
  const mine = and(eq(follows.userId, userId), eq(follows.membership, false))
  const [rows, [total]] = await deps.db.batch([
    deps.db
      .select({ id: follows.id, kind: follows.kind, targetId: follows.targetId, since: follows.createdAt })
      .from(follows)
      .where(mine)
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    deps.db.select({ n: sql<number>`count(*)` }).from(follows).where(mine),
  ])
  const items = await findFollowables(
    deps,
    rows.map((r) => ({ kind: r.kind as FollowableKind, id: r.targetId })),
  )
  return {
    rows: rows.map((r) => ({
      id: r.id,
      since: r.since,
      kind: r.kind as FollowableKind,
      item: items.get(`${r.kind}:${r.targetId}`) ?? null,
    })),
    total: total?.n ?? 0,
  }
}

/**
 * Deleting rows of the "Seguindo" table (spec §7 "Delete table items"); a membership is never
 * removed. Like `unfollow`, each item that lost a follower has its cached pages purged, or their
 * anonymous copies would keep the old count.
 */
export async function unfollowMany(
  deps: { db: Database; corpus: Corpus; origin: string },
  userId: number,
  ids: number[],
): Promise<Outcome> {
  const removed: { kind: FollowableKind; id: number }[] = []
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const part = ids.slice(i, i + 90)
    const rows = await deps.db
      .delete(follows)
      .where(and(eq(follows.userId, userId), inArray(follows.id, part), eq(follows.membership, false)))
      .returning({ kind: follows.kind, id: follows.targetId })
    removed.push(...rows.map((r) => ({ kind: r.kind as FollowableKind, id: r.id })))
  }
  const targets = removed.length ? await findFollowables(deps, removed) : new Map<string, Followable>()
  const scopes = [...new Set([...targets.values()].flatMap((target) => target.pageScopes))]
  return {
    message: t('table.deleted'),
    redirect: '/conta/seguindo',
    body: { excluidos: removed.length },
    effects: scopes.length ? [purge(...scopes)] : [],
  }
}
