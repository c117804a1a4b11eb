import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { companies, lawsuits, people } from '~/db/schema-corpus'
import { scope } from '~/domain/cache/page-rules'
import { readCorpus } from '~/domain/corpus/access.server'
import { formatCnj } from '~/domain/corpus/cnj'
import type { Corpus } from '~/domain/corpus/shards.server'
import { articlePath, communityPath, companyPath, lawsuitPath, personPath } from '~/lib/paths'
import type { FollowableKind } from '~/schemas/follow'

/** A profile's address from the main origin: `http://localhost:8787` → `http://ana.localhost:8787`. */
export function profileUrl(origin: string, subdomain: string): string {
  const url = new URL(origin)
  return `${url.protocol}//${subdomain}.${url.host}`
}

/** A followable item as a page, a notification or the "Seguindo" table names and links it. */
export type Followable = {
  kind: FollowableKind
  id: number
  title: string
  href: string
  /**
   * Edge-cache scopes whose pages show this item's follower count or order (decisions/0035).
   */
  pageScopes: string[]
}

type Finder = (deps: Deps, ids: number[], origin: string) => Promise<Followable[]>
type Deps = { db: Database; corpus: Corpus; origin: string }

/**
 * A corpus kind's rows by id, each group read in the shard its ids name (decisions/0075): the
 * follows are the primary's, the people, companies and lawsuits their shards'.
 */
const inTheirShards = <T>(
  corpus: Corpus,
  ids: number[],
  read: (db: Database, some: number[]) => Promise<T[]>,
) => readCorpus.byIds(corpus, ids, read)

/**
 * One finder per kind. A secret lawsuit is never followable nor named (docs/architecture.md,
 * "Secrecy"); a user's profile is on their subdomain of the main `origin`.
 */
const FINDERS: Record<FollowableKind, Finder> = {
  comunidade: async ({ db }, ids) =>
    (
      await db
        .select({ id: communities.id, title: communities.name, slug: communities.slug })
        .from(communities)
        .where(inArray(communities.id, ids))
    ).map((r) => ({
      kind: 'comunidade',
      id: r.id,
      title: r.title,
      href: communityPath(r.slug),
      pageScopes: [scope.network],
    })),
  usuario: async ({ db }, ids, origin) =>
    (
      await db
        .select({ id: users.id, title: users.name, subdomain: users.subdomain })
        .from(users)
        // A closed (merged) account is not followable: its followers moved to the survivor.
        .where(and(inArray(users.id, ids), isNull(users.mergedIntoId)))
    ).map((r) => ({
      kind: 'usuario',
      id: r.id,
      title: r.title,
      href: profileUrl(origin, r.subdomain),
      // The directory orders by followers; the profile shows the count.
      pageScopes: [scope.profile(r.subdomain), scope.network],
    })),
  pessoa: async ({ corpus }, ids) =>
    (
      await inTheirShards(corpus, ids, (db, some) =>
        db
          .select({ id: people.id, title: people.name, slug: people.slug })
          .from(people)
          .where(inArray(people.id, some)),
      )
    ).map((r) => ({
      kind: 'pessoa',
      id: r.id,
      title: r.title,
      href: personPath(r.slug),
      pageScopes: [scope.person(r.slug)],
    })),
  empresa: async ({ corpus }, ids) =>
    (
      await inTheirShards(corpus, ids, (db, some) =>
        db
          .select({
            id: companies.id,
            legal: companies.legalName,
            trade: companies.tradeName,
            slug: companies.slug,
          })
          .from(companies)
          .where(inArray(companies.id, some)),
      )
    ).map((r) => ({
      kind: 'empresa',
      id: r.id,
      title: r.trade || r.legal,
      href: companyPath(r.slug),
      pageScopes: [scope.company(r.slug)],
    })),
  artigo: async ({ db }, ids) =>
    (
      await db
        .select({ id: articles.id, title: articles.title, slug: articles.slug })
        .from(articles)
        .where(inArray(articles.id, ids))
    ).map((r) => ({
      kind: 'artigo',
      id: r.id,
      title: r.title,
      href: articlePath(r),
      pageScopes: [scope.article(r.id)],
    })),
  processo: async ({ corpus }, ids) =>
    (
      await inTheirShards(corpus, ids, (db, some) =>
        db
          .select({ id: lawsuits.id, cnj: lawsuits.cnj })
          .from(lawsuits)
          .where(and(inArray(lawsuits.id, some), eq(lawsuits.secrecyLevel, 0))),
      )
    ).map((r) => ({
      kind: 'processo',
      id: r.id,
      title: `Processo ${formatCnj(r.cnj)}`,
      href: lawsuitPath(r.cnj),
      pageScopes: [scope.lawsuit(r.cnj)],
    })),
}

export async function findFollowable(
  deps: Deps,
  kind: FollowableKind,
  id: number,
): Promise<Followable | null> {
  const [found] = await FINDERS[kind](deps, [id], deps.origin)
  return found ?? null
}

/** Many items of mixed kinds, one query per kind present (the "Seguindo" table). */
export async function findFollowables(
  deps: Deps,
  items: { kind: FollowableKind; id: number }[],
): Promise<Map<string, Followable>> {
  const byKind = new Map<FollowableKind, number[]>()
  for (const item of items) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item.id])
  const found = new Map<string, Followable>()
  for (const [kind, ids] of byKind)
    for (let i = 0; i < ids.length; i += 90)
      for (const item of await FINDERS[kind](deps, ids.slice(i, i + 90), deps.origin))
        found.set(`${item.kind}:${item.id}`, item)
  return found
}
