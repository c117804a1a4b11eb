import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { communities } from '~/db/schema-accounts'
import { cities } from '~/db/schema-corpus'
import { directoryListings as listings } from '~/db/schema-network'
import { DIRECTORY_PROFESSIONS } from '~/domain/directory/professions'
import { DIRECTORY_HOME, directoryPath } from '~/domain/directory/urls'
import { communityPath } from '~/lib/paths'
import type { SitemapUrl } from './sitemap'

/**
 * The directory's shards (decisions/0037). Its pages are combinations, not rows, so they are not
 * id ranges: shard 1 is the home, the communities and every `/cidade/{cidade}` with someone
 * listed; shard 1 + i is profession i's `/{profissão}` and its `/{profissão}/{cidade}` pages. A
 * shard holds at most one URL per city (about 5,600), and an empty list (a `noindex` page) is
 * never named: each city is one probe of a listing index.
 */
export async function directoryShard(
  deps: { db: Database; origin: string },
  n: number,
): Promise<SitemapUrl[] | null> {
  const { db, origin } = deps
  const at = (path: string): SitemapUrl => ({ loc: `${origin}${path}` })
  if (n === 1) {
    const [communityRows, cityRows] = await db.batch([
      db.select({ slug: communities.slug }).from(communities).orderBy(asc(communities.id)),
      db
        .select({ slug: cities.slug })
        .from(cities)
        .where(sql`EXISTS (SELECT 1 FROM ${listings} WHERE ${listings.cityCode} = ${cities.code})`)
        .orderBy(asc(cities.code)),
    ])
    return [
      at(DIRECTORY_HOME),
      at('/comunidades'),
      ...communityRows.map((row) => at(communityPath(row.slug))),
      ...cityRows.map((row) => at(directoryPath({ city: row.slug }))),
    ]
  }
  const profession = DIRECTORY_PROFESSIONS[n - 2]
  if (!profession) return null
  const [home, cityRows] = await db.batch([
    db
      .select({ one: sql<number>`1` })
      .from(listings)
      .where(and(eq(listings.profession, profession.slug), eq(listings.home, true)))
      .limit(1),
    db
      .select({ slug: cities.slug })
      .from(cities)
      .where(
        sql`EXISTS (SELECT 1 FROM ${listings} WHERE ${listings.profession} = ${profession.slug}
          AND ${listings.cityCode} = ${cities.code})`,
      )
      .orderBy(asc(cities.code)),
  ])
  return [
    ...(home.length ? [at(directoryPath({ profession: profession.slug }))] : []),
    ...cityRows.map((row) => at(directoryPath({ profession: profession.slug, city: row.slug }))),
  ]
}
