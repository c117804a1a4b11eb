import { eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articleMentions, companies, people } from '~/db/schema-corpus'
import { companyPath, personPath } from '~/lib/paths'
import { readCorpus } from '../access.server'
import type { Corpus } from '../shards.server'

// People and companies live in the `entidades` shards, the documents naming them elsewhere
// (decisions/0072, 0075): where one statement joined them, the ids are read with the document
// and the names then read by id, each in the shard its id names.

type Named = { name: string; slug: string }

/** People by id, from their shards: id → name and slug. */
export async function peopleByIds(corpus: Corpus, ids: Iterable<number>): Promise<Map<number, Named>> {
  const rows = await readCorpus.byIds(corpus, ids, (db, some) =>
    db
      .select({ id: people.id, name: people.name, slug: people.slug })
      .from(people)
      .where(inArray(people.id, some)),
  )
  return new Map(rows.map(({ id, ...named }) => [id, named]))
}

/** Companies by id, from their shards: id → legal name (as `name`) and slug. */
export async function companiesByIds(corpus: Corpus, ids: Iterable<number>): Promise<Map<number, Named>> {
  const rows = await readCorpus.byIds(corpus, ids, (db, some) =>
    db
      .select({ id: companies.id, name: companies.legalName, slug: companies.slug })
      .from(companies)
      .where(inArray(companies.id, some)),
  )
  return new Map(rows.map(({ id, ...named }) => [id, named]))
}

export type Mention = { name: string; href: string }

const mentionOf = (person: Named | null | undefined, company: Named | null | undefined): Mention[] =>
  person
    ? [{ name: person.name, href: personPath(person.slug) }]
    : company
      ? [{ name: company.name, href: companyPath(company.slug) }]
      : []

/** Who one matéria names (its page and the open API), the matéria read from `db`. */
export async function mentionsOf(corpus: Corpus, db: Database, articleId: number): Promise<Mention[]> {
  const links = await db
    .select({ personId: articleMentions.personId, companyId: articleMentions.companyId })
    .from(articleMentions)
    .where(eq(articleMentions.articleId, articleId))
  const [named, firms] = await Promise.all([
    peopleByIds(
      corpus,
      links.flatMap((l) => (l.personId ? [l.personId] : [])),
    ),
    companiesByIds(
      corpus,
      links.flatMap((l) => (l.companyId ? [l.companyId] : [])),
    ),
  ])
  return links.flatMap((l) =>
    mentionOf(l.personId ? named.get(l.personId) : null, l.companyId ? firms.get(l.companyId) : null),
  )
}
