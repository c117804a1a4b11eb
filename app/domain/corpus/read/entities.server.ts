import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import {
  articleMentions,
  cities,
  companies,
  gazetteArticles,
  gazettes,
  lawsuits,
  parties,
  people,
} from '~/db/schema-corpus'
import { KINDS } from '~/domain/corpus/kinds'
import type { Corpus } from '../shards.server'
import { PUBLIC } from './lawsuits.server'
import { firstOwned, ownedShards, owns } from './owned-shards.server'
import { pageRestrictions } from './restrictions.server'

// A person's or company's page (decisions/0072, 0075): the row from the `entidades` shard its
// slug names, then its appearances read in every lawsuit shard (as a party) and every gazette
// shard (named in a matéria) by the entity's id, in parallel, merged by date. Under the
// degenerate map: the same two statements on one database as before shards.

const LIMIT = 50

type Lawsuit = {
  cnj: string
  court: string
  className: string | null
  filedAt: string | null
  pole: 'ativo' | 'passivo' | 'outros'
}
type Article = { id: number; title: string; date: string; gazette: string }

/** Newest first over several shards' lists, each already newest first (NULL dates last, as SQLite). */
function merged<T>(lists: T[][], dateOf: (row: T) => string | null): T[] {
  if (lists.length === 1) return lists[0] ?? []
  return lists
    .flat()
    .sort((a, b) => (dateOf(b) ?? '').localeCompare(dateOf(a) ?? ''))
    .slice(0, LIMIT)
}

export async function appearances(
  deps: { corpus: Corpus },
  by: { personId: number } | { companyId: number },
): Promise<{ lawsuits: Lawsuit[]; gazetteArticles: Article[] }> {
  const partyFilter =
    'personId' in by ? eq(parties.personId, by.personId) : eq(parties.companyId, by.companyId)
  const mentionFilter =
    'personId' in by ? eq(articleMentions.personId, by.personId) : eq(articleMentions.companyId, by.companyId)
  // Each database answers only for its own lawsuits and matérias (a split's window, decisions/0083).
  const [lawsuitShards, gazetteShards] = await Promise.all([
    ownedShards(deps.corpus, { families: KINDS.processo.families }),
    ownedShards(deps.corpus, { families: KINDS.materia.families }),
  ])
  const [asParty, inGazettes] = await Promise.all([
    Promise.all(
      lawsuitShards.map((shard) =>
        shard.db
          .select({
            cnj: lawsuits.cnj,
            court: lawsuits.court,
            className: lawsuits.className,
            filedAt: lawsuits.filedAt,
            pole: parties.pole,
          })
          .from(parties)
          .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
          .where(and(partyFilter, PUBLIC, owns(shard, lawsuits.id)))
          .orderBy(desc(lawsuits.filedAt))
          .limit(LIMIT),
      ),
    ),
    Promise.all(
      gazetteShards.map((shard) =>
        shard.db
          .select({
            id: gazetteArticles.id,
            title: gazetteArticles.title,
            date: gazetteArticles.date,
            gazette: gazettes.name,
          })
          .from(articleMentions)
          .innerJoin(gazetteArticles, eq(gazetteArticles.id, articleMentions.articleId))
          .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
          .where(and(mentionFilter, owns(shard, gazetteArticles.id)))
          .orderBy(desc(gazetteArticles.date))
          .limit(LIMIT),
      ),
    ),
  ])
  return {
    lawsuits: merged(asParty, (l) => l.filedAt),
    gazetteArticles: merged(inGazettes, (a) => a.date),
  }
}

/**
 * A person's page, read by the page and the open API alike. A reviewer's "mascarar" on it takes
 * the page away (its address is the name): the stored masking drops the row (decisions/0071), and
 * until it has, this read answers as if it had (decisions/0097).
 */
export async function getPerson(deps: { corpus: Corpus; db: Database }, slug: string) {
  const person = await firstOwned(
    deps.corpus,
    await deps.corpus.shardsOf({ kind: 'pessoa', slug }),
    async (db) => {
      const [row] = await db
        .select({ id: people.id, name: people.name, slug: people.slug, city: cities.name, uf: cities.uf })
        .from(people)
        .leftJoin(cities, eq(cities.code, people.cityCode))
        .where(eq(people.slug, slug))
        .limit(1)
      return row
    },
  )
  if (!person) return null
  const restrictions = await pageRestrictions(deps, 'pessoa', person.id)
  if (restrictions.masked) return null
  return { person, restrictions, ...(await appearances(deps, { personId: person.id })) }
}

export async function getCompany(deps: { corpus: Corpus }, slug: string) {
  const company = await firstOwned(
    deps.corpus,
    await deps.corpus.shardsOf({ kind: 'empresa', slug }),
    async (db) => {
      const [row] = await db
        .select({
          id: companies.id,
          cnpj: companies.cnpj,
          legalName: companies.legalName,
          tradeName: companies.tradeName,
          slug: companies.slug,
          city: cities.name,
          uf: cities.uf,
        })
        .from(companies)
        .leftJoin(cities, eq(cities.code, companies.cityCode))
        .where(eq(companies.slug, slug))
        .limit(1)
      return row
    },
  )
  if (!company) return null
  return { company, ...(await appearances(deps, { companyId: company.id })) }
}
