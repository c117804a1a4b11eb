import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import {
  companies,
  gazetteArticles,
  gazettes,
  lawsuitSubjects,
  lawsuits,
  movements,
  parties,
  partyLawyers,
  people,
} from '~/db/schema-corpus'
import { maskParty } from '~/domain/privacy/initials'

/** Cases with a secrecy level above zero are never shown publicly (issue 4). */
export const PUBLIC = eq(lawsuits.secrecyLevel, 0)

export async function getLawsuit(deps: { db: Database }, cnj: string) {
  const { db } = deps
  const [lawsuit] = await db
    .select()
    .from(lawsuits)
    .where(and(eq(lawsuits.cnj, cnj), PUBLIC))
    .limit(1)
  if (!lawsuit) return null
  const [subjects, partyRows, moves, related] = await Promise.all([
    db
      .select()
      .from(lawsuitSubjects)
      .where(eq(lawsuitSubjects.lawsuitId, lawsuit.id))
      .orderBy(asc(lawsuitSubjects.name)),
    db
      .select({
        id: parties.id,
        pole: parties.pole,
        name: parties.name,
        companyId: parties.companyId,
        personSlug: people.slug,
        companySlug: companies.slug,
      })
      .from(parties)
      .leftJoin(people, eq(people.id, parties.personId))
      .leftJoin(companies, eq(companies.id, parties.companyId))
      .where(eq(parties.lawsuitId, lawsuit.id))
      .orderBy(asc(parties.id)),
    db
      .select({
        at: movements.at,
        code: movements.code,
        name: movements.name,
        complements: movements.complements,
      })
      .from(movements)
      .where(eq(movements.lawsuitId, lawsuit.id))
      .orderBy(desc(movements.at), desc(movements.id)),
    db
      .select({
        id: gazetteArticles.id,
        title: gazetteArticles.title,
        date: gazetteArticles.date,
        gazette: gazettes.name,
      })
      .from(gazetteArticles)
      .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
      .where(eq(gazetteArticles.lawsuitCnj, cnj))
      .orderBy(desc(gazetteArticles.date))
      .limit(50),
  ])
  const lawyers = partyRows.length
    ? await db
        .select()
        .from(partyLawyers)
        .where(
          inArray(
            partyLawyers.partyId,
            partyRows.map((p) => p.id),
          ),
        )
    : []
  // Every party the page or the API shows passes the sensitive-case mask (decisions/0064).
  const withLawyers = partyRows.map(({ companyId, ...p }) => ({
    ...maskParty({ ...p, companyId }, lawsuit.sensitive),
    lawyers: lawyers.filter((l) => l.partyId === p.id),
  }))
  return {
    lawsuit,
    subjects,
    parties: {
      ativo: withLawyers.filter((p) => p.pole === 'ativo'),
      passivo: withLawyers.filter((p) => p.pole === 'passivo'),
      outros: withLawyers.filter((p) => p.pole === 'outros'),
    },
    movements: moves,
    gazetteArticles: related,
  }
}
