import { inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { people } from '~/db/schema-corpus'
import { hiddenPages } from '~/db/schema-trust'
import { listedHere, mergeOrdered, readCorpus, writeCorpus } from '~/domain/corpus/access.server'
import { peopleByIds } from '~/domain/corpus/read/entity-names.server'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { createCorpus, singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { deps } from './helpers'

// The corpus's read primitive (decisions/0099) on one database, a one-entry map: the path the
// spread runs, so what it does here it does across shards.

/** Inserts people (the shared runtime's other files insert theirs too: ids come back). */
async function insertPeople(names: string[], prefix: string): Promise<number[]> {
  const { db } = deps()
  const ids: number[] = []
  for (const [i, name] of names.entries()) {
    const [row] = await db
      .insert(people)
      .values({ name, slug: `${prefix}-${i}` })
      .returning({ id: people.id })
    ids.push(row?.id as number)
  }
  return ids
}

describe('readCorpus (decisions/0099)', () => {
  it('reads 150 people by id (more than D1 binds in one statement) and answers the stored ones', async () => {
    const { db } = deps()
    const ids = await insertPeople(
      Array.from({ length: 150 }, (_, i) => `Pessoa Lote ${i}`),
      'pessoa-lote-acesso',
    )
    const gone = Math.max(...ids) + 1_000_000
    // The spread's old reader bound every id at once: "too many SQL variables" past 100.
    const named = await peopleByIds(singleDatabaseCorpus(db), [...ids, gone])
    expect(named.size).toBe(150)
    expect(named.get(ids[149] as number)).toEqual({ name: 'Pessoa Lote 149', slug: 'pessoa-lote-acesso-149' })
    expect(named.has(gone)).toBe(false)
  })

  it("leaves out the primary's de-indexed pages of the kind a read names, and only that kind", async () => {
    const { db } = deps()
    const ids = await insertPeople(['Listada A', 'Listada B', 'Listada C'], 'listada-acesso')
    await db
      .insert(hiddenPages)
      .values({ kind: 'pessoa', refId: ids[1] as number, effect: 'desindexar', requestId: 0 })
    const corpus = singleDatabaseCorpus(db)
    const read = (unlisted?: 'pessoa' | 'empresa') =>
      readCorpus.each(corpus, { filter: { families: ['entidades'] }, unlisted }, (shard) =>
        db
          .select({ id: people.id })
          .from(people)
          .where(sql`${inArray(people.id, ids)} AND ${listedHere(shard, people.id) ?? sql`1`}`)
          .orderBy(people.id),
      )
    const lists = await read('pessoa')
    expect(lists).toHaveLength(1)
    expect(mergeOrdered(lists, (a, b) => a.id - b.id, 10).map((r) => r.id)).toEqual([ids[0], ids[2]])
    expect((await read('empresa')).flat().map((r) => r.id)).toEqual(ids)
    expect((await read()).flat().map((r) => r.id)).toEqual(ids)
  })

  it('places new documents by the shard their key names, each group with its range of new ids', async () => {
    const { db } = deps()
    const map = {
      version: 1,
      entries: [
        { shard: 0, family: '*', from: '', to: '~', idFrom: 0, idTo: SHARD_SPAN, binding: 'DB' },
        {
          shard: 3,
          family: 'legislacao',
          from: '',
          to: '~',
          idFrom: 3 * SHARD_SPAN,
          idTo: 4 * SHARD_SPAN,
          binding: 'DB',
        },
      ],
    }
    const corpus = createCorpus(
      async () => map,
      () => db,
    )
    const groups = await writeCorpus.place(corpus, ['lei-a', 'pessoa-b', 'lei-c'], (item) =>
      item.startsWith('lei') ? { kind: 'lei' } : { kind: 'pessoa', slug: item },
    )
    expect(groups.map((g) => [g.entry.shard, g.items])).toEqual([
      [3, ['lei-a', 'lei-c']],
      [0, ['pessoa-b']],
    ])
    // Shard 0 keeps the table's own autoincrement; another shard's ids start at its range.
    expect(groups[1]?.idOf('people')).toEqual({})
    expect(groups[0]?.idOf('statutes').id).toBeDefined()
  })
})
