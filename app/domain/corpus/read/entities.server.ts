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
import { PUBLIC } from './lawsuits.server'

const LIMIT = 50

export async function appearances(db: Database, by: { personId: number } | { companyId: number }) {
  const partyFilter =
    'personId' in by ? eq(parties.personId, by.personId) : eq(parties.companyId, by.companyId)
  const mentionFilter =
    'personId' in by ? eq(articleMentions.personId, by.personId) : eq(articleMentions.companyId, by.companyId)
  const [asParty, inGazettes] = await Promise.all([
    db
      .select({
        cnj: lawsuits.cnj,
        court: lawsuits.court,
        className: lawsuits.className,
        filedAt: lawsuits.filedAt,
        pole: parties.pole,
      })
      .from(parties)
      .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
      .where(and(partyFilter, PUBLIC))
      .orderBy(desc(lawsuits.filedAt))
      .limit(LIMIT),
    db
      .select({
        id: gazetteArticles.id,
        title: gazetteArticles.title,
        date: gazetteArticles.date,
        gazette: gazettes.name,
      })
      .from(articleMentions)
      .innerJoin(gazetteArticles, eq(gazetteArticles.id, articleMentions.articleId))
      .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
      .where(mentionFilter)
      .orderBy(desc(gazetteArticles.date))
      .limit(LIMIT),
  ])
  return { lawsuits: asParty, gazetteArticles: inGazettes }
}

export async function getPerson(deps: { db: Database }, slug: string) {
  const [person] = await deps.db
    .select({ id: people.id, name: people.name, slug: people.slug, city: cities.name, uf: cities.uf })
    .from(people)
    .leftJoin(cities, eq(cities.code, people.cityCode))
    .where(eq(people.slug, slug))
    .limit(1)
  if (!person) return null
  return { person, ...(await appearances(deps.db, { personId: person.id })) }
}

export async function getCompany(deps: { db: Database }, slug: string) {
  const [company] = await deps.db
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
  if (!company) return null
  return { company, ...(await appearances(deps.db, { companyId: company.id })) }
}
