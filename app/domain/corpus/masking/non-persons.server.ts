import { and, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articleMentions, parties } from '~/db/schema-corpus'
import { peopleByIds } from '~/domain/corpus/read/entity-names.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import { isPersonName } from '~/domain/privacy/initials'
import type { MaskDeps } from './corpus.server'
import type { Touched } from './mask.server'
import { dropOrphanPeople } from './orphans.server'

// Before decisions/0089 every party and mentioned name became a person, organisations included
// ("CONDOMÍNIO EDIFÍCIO …"). The re-mask walk unlinks those stored links and drops the people
// left with none, their pages, suggestions and sitemap entries with them.

/** The party rows of these lawsuits (in `db`) linked to a person whose name is no person's; answers the lawsuits changed. */
export async function unlinkPartiesNotPersons(
  deps: MaskDeps,
  db: Database,
  lawsuitIds: readonly number[],
  into: Touched,
): Promise<Set<number>> {
  const former: number[] = []
  const changed = new Set<number>()
  for (const part of chunk([...lawsuitIds], 90)) {
    const rows = await db
      .select({
        id: parties.id,
        lawsuitId: parties.lawsuitId,
        name: parties.name,
        personId: parties.personId,
      })
      .from(parties)
      .where(and(inArray(parties.lawsuitId, part), isNotNull(parties.personId)))
    const wrong = rows.filter((row) => !isPersonName(row.name))
    for (const ids of chunk(
      wrong.map((row) => row.id),
      90,
    ))
      await db.update(parties).set({ personId: null }).where(inArray(parties.id, ids))
    for (const row of wrong) {
      changed.add(row.lawsuitId)
      if (row.personId) former.push(row.personId)
    }
  }
  for (const slug of await dropOrphanPeople(deps, former)) into.people.add(slug)
  return changed
}

/** The mentions by these matérias (in `db`) of a person whose name is no person's. */
export async function unlinkMentionsNotPersons(
  deps: MaskDeps,
  db: Database,
  articleIds: readonly number[],
  into: Touched,
): Promise<void> {
  const former: number[] = []
  for (const part of chunk([...articleIds], 90)) {
    const links = await db
      .selectDistinct({ personId: articleMentions.personId })
      .from(articleMentions)
      .where(and(inArray(articleMentions.articleId, part), isNotNull(articleMentions.personId)))
    const named = await peopleByIds(
      deps.corpus,
      links.flatMap((link) => (link.personId ? [link.personId] : [])),
    )
    const wrong = [...named].filter(([, person]) => !isPersonName(person.name)).map(([id]) => id)
    for (const ids of chunk(wrong, 80))
      await db
        .delete(articleMentions)
        .where(and(inArray(articleMentions.articleId, part), inArray(articleMentions.personId, ids)))
    former.push(...wrong)
  }
  for (const slug of await dropOrphanPeople(deps, former)) into.people.add(slug)
}
