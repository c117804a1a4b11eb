import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import {
  gazetteArticles,
  gazettes,
  lawsuitInstances,
  lawsuitSubjects,
  lawsuits,
  movements,
  parties,
  partyLawyers,
} from '~/db/schema-corpus'
import { KINDS } from '~/domain/corpus/kinds'
import { isSecretPartyPlaceholder, maskParty } from '~/domain/privacy/initials'
import { t } from '~/i18n/pt-BR'
import { LAWYERS_WITHOUT_PARTY } from '../constants'
import type { Corpus } from '../shards.server'
import { ownedBy } from './across-shards.server'
import { companiesByIds, peopleByIds } from './entity-names.server'
import { firstOwned } from './owned-shards.server'
import { pageRestrictions } from './restrictions.server'

/**
 * A lawsuit's parties with the slugs of their person or company pages, read by id in their own
 * shards (decisions/0075).
 */
async function partiesOf(corpus: Corpus, db: Database, lawsuitId: number) {
  const fields = {
    id: parties.id,
    pole: parties.pole,
    name: parties.name,
    personId: parties.personId,
    companyId: parties.companyId,
  }
  const rows = await db
    .select(fields)
    .from(parties)
    .where(eq(parties.lawsuitId, lawsuitId))
    .orderBy(asc(parties.id))
  const [named, firms] = await Promise.all([
    peopleByIds(
      corpus,
      rows.flatMap((r) => (r.personId ? [r.personId] : [])),
    ),
    companiesByIds(
      corpus,
      rows.flatMap((r) => (r.companyId ? [r.companyId] : [])),
    ),
  ])
  return rows.map((r) => ({
    ...r,
    personSlug: (r.personId && named.get(r.personId)?.slug) || null,
    companySlug: (r.companyId && firms.get(r.companyId)?.slug) || null,
  }))
}

/** Cases with a secrecy level above zero are never shown publicly (issue 4). */
export const PUBLIC = eq(lawsuits.secrecyLevel, 0)

/**
 * A lawsuit's page: its number names its shard (decisions/0072), where the lawsuit, its subjects,
 * parties, lawyers and movements are read; the matérias citing it come from the gazettes' shards.
 * The page and the open API both read it, so the masking is applied here and nowhere after.
 */
export async function getLawsuit(deps: { corpus: Corpus; db: Database }, cnj: string) {
  // In the database the map gives its id (a split's window has it in two: decisions/0083).
  const found = await firstOwned(
    deps.corpus,
    await deps.corpus.shardsOf({ kind: 'processo', cnj }),
    async (shard) => {
      const [row] = await shard
        .select()
        .from(lawsuits)
        .where(and(eq(lawsuits.cnj, cnj), PUBLIC))
        .limit(1)
      return row && { id: row.id, lawsuit: row, db: shard }
    },
  )
  if (!found) return null
  const { lawsuit, db } = found
  const lawsuitId = lawsuit.id
  const gazetteFilter = { families: KINDS.materia.families }
  const gazetteShards = await deps.corpus.shardsFor(gazetteFilter)
  // A shard being split is in two databases: each answers for its own ids (decisions/0077).
  const owned = await Promise.all(gazetteShards.map((shard) => deps.corpus.rangesOf(shard, gazetteFilter)))
  const [restrictions, subjects, joinedParties, moves, relatedLists, instances] = await Promise.all([
    pageRestrictions(deps, 'processo', lawsuitId),
    db
      .select()
      .from(lawsuitSubjects)
      .where(eq(lawsuitSubjects.lawsuitId, lawsuitId))
      .orderBy(asc(lawsuitSubjects.name)),
    partiesOf(deps.corpus, db, lawsuitId),
    db
      .select({
        at: movements.at,
        code: movements.code,
        name: movements.name,
        complements: movements.complements,
      })
      .from(movements)
      .where(eq(movements.lawsuitId, lawsuitId))
      .orderBy(desc(movements.at), desc(movements.id)),
    Promise.all(
      gazetteShards.map((shard, i) =>
        shard
          .select({
            id: gazetteArticles.id,
            title: gazetteArticles.title,
            date: gazetteArticles.date,
            gazette: gazettes.name,
          })
          .from(gazetteArticles)
          .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
          .where(
            and(
              eq(gazetteArticles.lawsuitCnj, cnj),
              owned[i] ? ownedBy(gazetteArticles.id, owned[i]) : undefined,
            ),
          )
          .orderBy(desc(gazetteArticles.date))
          .limit(50),
      ),
    ),
    db
      .select({
        degree: lawsuitInstances.degree,
        court: lawsuitInstances.court,
        className: lawsuitInstances.className,
        judgingBody: lawsuitInstances.judgingBody,
      })
      .from(lawsuitInstances)
      .where(eq(lawsuitInstances.lawsuitId, lawsuitId))
      .orderBy(asc(lawsuitInstances.degree), asc(lawsuitInstances.court)),
  ])
  const related =
    relatedLists.length === 1
      ? (relatedLists[0] ?? [])
      : relatedLists
          .flat()
          .sort((a, b) => b.date.localeCompare(a.date))
          .slice(0, 50)
  const partyRows = joinedParties.map(({ personId: _personId, ...p }) => p)
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
  // Every party the page or the API shows passes the stored masking's rule: a sensitive case's
  // (decisions/0064) or a reviewer's "mascarar" (decisions/0071) whose stored masking is still
  // owed (decisions/0097). A source's placeholder for a party in secret is shown as the fact it
  // states (issue 38).
  const masked = !!lawsuit.sensitive || restrictions.masked
  const withLawyers = partyRows.map(({ companyId, ...p }) => ({
    ...(isSecretPartyPlaceholder(p.name)
      ? { ...p, name: t('lawsuit.secretParty'), personSlug: null, companySlug: null }
      : maskParty({ ...p, companyId }, masked)),
    lawyers: lawyers.filter((l) => l.partyId === p.id),
  }))
  const named = withLawyers.filter((p) => p.name !== LAWYERS_WITHOUT_PARTY)
  return {
    lawsuit,
    /** A reviewer's decisions on the page: its `noindex` (the mask is applied above). */
    restrictions,
    subjects,
    secretParties: partyRows.some((p) => isSecretPartyPlaceholder(p.name)),
    /** Each instance the sources describe apart (DataJud's graus), when there are two or more. */
    instances: instances.length > 1 ? instances : [],
    parties: {
      ativo: named.filter((p) => p.pole === 'ativo'),
      passivo: named.filter((p) => p.pole === 'passivo'),
      outros: named.filter((p) => p.pole === 'outros'),
    },
    /** Lawyers the source lists without saying whose (DJEN): the lawsuit's, under no party. */
    lawyers: withLawyers.filter((p) => p.name === LAWYERS_WITHOUT_PARTY).flatMap((p) => p.lawyers),
    movements: moves,
    gazetteArticles: related,
  }
}

/** Whether a lawsuit has a party in secret (a source's placeholder for its name), by its number. */
export async function hasSecretParties(corpus: Corpus, cnj: string): Promise<boolean> {
  const found = await firstOwned(corpus, await corpus.shardsOf({ kind: 'processo', cnj }), async (db) => {
    const rows = await db
      .select({ id: lawsuits.id, name: parties.name })
      .from(parties)
      .innerJoin(lawsuits, eq(lawsuits.id, parties.lawsuitId))
      .where(eq(lawsuits.cnj, cnj))
    return rows.find((r) => isSecretPartyPlaceholder(r.name))
  })
  return !!found
}

/** A lawsuit's secrecy level by its number, read in the shard its number names (null: not in the corpus). */
export async function secrecyOf(corpus: Corpus, cnj: string): Promise<number | null> {
  const row = await firstOwned(corpus, await corpus.shardsOf({ kind: 'processo', cnj }), async (db) => {
    const [found] = await db
      .select({ id: lawsuits.id, secrecyLevel: lawsuits.secrecyLevel })
      .from(lawsuits)
      .where(eq(lawsuits.cnj, cnj))
    return found
  })
  return row ? row.secrecyLevel : null
}

/** Which of these lawsuit ids are secret, each asked in the shard its id names. */
export const secretLawsuitIds = (corpus: Corpus, ids: readonly number[]) =>
  lawsuitIdsBySecrecy(corpus, ids, true)
/** Which of these lawsuit ids exist and are public, each asked in the shard its id names. */
export const publicLawsuitIds = (corpus: Corpus, ids: readonly number[]) =>
  lawsuitIdsBySecrecy(corpus, ids, false)

async function lawsuitIdsBySecrecy(
  corpus: Corpus,
  ids: readonly number[],
  secret: boolean,
): Promise<number[]> {
  const groups = new Map<Database, number[]>()
  for (const id of new Set(ids)) {
    const db = await corpus.byId(id)
    if (db) groups.set(db, [...(groups.get(db) ?? []), id])
  }
  const lists = await Promise.all(
    [...groups].map(([db, some]) =>
      db
        .select({ id: lawsuits.id })
        .from(lawsuits)
        .where(
          and(
            sql`${lawsuits.id} IN (SELECT value FROM json_each(${JSON.stringify(some)}))`,
            secret ? sql`${lawsuits.secrecyLevel} > 0` : sql`${lawsuits.secrecyLevel} = 0`,
          ),
        ),
    ),
  )
  return lists.flat().map((r) => r.id)
}
