import { inArray } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { companies, people } from '~/db/schema-corpus'
import { type PlacedGroup, writeCorpus } from '~/domain/corpus/access.server'
import { KINDS } from '~/domain/corpus/kinds'
import { isPersonName } from '~/domain/privacy/initials'
import { slugify } from '../import/text'
import type { Corpus } from '../shards.server'
import { chunk, rowsPerInsert, runBatched } from './batch.server'
import { findStored } from './stored.server'
import { importTarget, type Target } from './target.server'

// People and companies live in the `entidades` shards by slug (decisions/0072, 0074): one row per
// person however many sources name them; the parties and mentions in other shards keep their ids.

/**
 * The insert statements of a shard's new rows: in shard 0 multi-row, as before shards; elsewhere
 * one row a statement, each taking the next id of the shard's range (`newId`).
 */
function inserts<T extends Record<string, unknown>>(
  group: PlacedGroup<T>,
  table: 'people' | 'companies',
  columns: number,
  insert: (rows: T[]) => BatchItem<'sqlite'>,
): BatchItem<'sqlite'>[] {
  if (group.entry.shard === 0) return chunk(group.items, rowsPerInsert(columns)).map(insert)
  return group.items.map((row) => insert([{ ...row, ...group.idOf(table) }]))
}

/**
 * People are identified by their name's slug (no CPF is kept); returns slug → id. Only natural
 * persons are people: an organisation's name ("CONDOMÍNIO EDIFÍCIO …", "IGREJA …"), a court's
 * placeholder or an estate gets no person page (`isPersonName`, issue 38).
 */
export async function ensurePeople(target: Target, names: string[]): Promise<Map<string, number>> {
  const { corpus } = importTarget(target)
  const bySlug = new Map<string, string>()
  for (const name of names) {
    if (!isPersonName(name)) continue
    const slug = slugify(name)
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name.trim())
  }
  const rows = [...bySlug.keys()].map((slug) => ({ slug, name: bySlug.get(slug) ?? slug }))
  const ids = new Map<string, number>()
  for (const found of await writeCorpus.place(corpus, rows, (row) => ({ kind: 'pessoa', slug: row.slug }))) {
    const group = { ...found, items: await notStoredElsewhere(corpus, found.items, ids) }
    const { db } = group
    await runBatched(
      db,
      inserts(group, 'people', 2, (part) =>
        db.insert(people).values(part).onConflictDoNothing({ target: people.slug }),
      ),
    )
    for (const part of chunk(
      group.items.map((row) => row.slug),
      90,
    )) {
      for (const row of await db
        .select({ id: people.id, slug: people.slug })
        .from(people)
        .where(inArray(people.slug, part)))
        ids.set(row.slug, row.id)
    }
  }
  return ids
}

/**
 * After a split of an `entidades` shard (decisions/0077, 0083) a person may live in an older
 * database of it: found there (its id into `ids`) and never inserted again in the newest. An
 * unsplit shard asks nothing more (the statements stay 0074's).
 */
async function notStoredElsewhere<T extends { slug: string }>(
  corpus: Corpus,
  items: T[],
  ids: Map<string, number>,
): Promise<T[]> {
  const [first] = items
  if (!first) return items
  const key = { kind: 'pessoa', slug: first.slug } as const
  if ((await corpus.shardsOf(key)).length < 2) return items
  const stored = await findStored(
    corpus,
    key,
    async (db) => {
      const found: { id: number; slug: string }[] = []
      for (const part of chunk(
        items.map((row) => row.slug),
        90,
      ))
        found.push(
          ...(await db
            .select({ id: people.id, slug: people.slug })
            .from(people)
            .where(inArray(people.slug, part))),
        )
      return found
    },
    (row) => row.slug,
  )
  for (const [slug, { row }] of stored) ids.set(slug, row.id)
  return items.filter((row) => !stored.has(row.slug))
}

type CompanyItem = { cnpj: string; legalName: string; tradeName?: string | null; cityCode?: number | null }

/**
 * Companies are identified by CNPJ; returns cnpj → id. Placed by their slug (name and CNPJ), so a
 * source spelling the name otherwise would name another shard: with more than one `entidades`
 * database, the CNPJs already stored anywhere are found first and never written twice.
 */
export async function ensureCompanies(target: Target, items: CompanyItem[]): Promise<Map<string, number>> {
  const { corpus } = importTarget(target)
  const unique = new Map(items.map((item) => [item.cnpj, item]))
  const ids = new Map<string, number>()
  const shards = await corpus.shardsFor({ families: KINDS.pessoa.families })
  if (shards.length > 1 && unique.size) await storedCompanies(shards, [...unique.keys()], ids)
  const rows = [...unique.values()]
    .filter((item) => !ids.has(item.cnpj))
    .map((item) => ({
      cnpj: item.cnpj,
      legalName: item.legalName,
      tradeName: item.tradeName ?? null,
      cityCode: item.cityCode ?? null,
      slug: `${slugify(item.legalName)}-${item.cnpj}`,
    }))
  for (const group of await writeCorpus.place(corpus, rows, (row) => ({ kind: 'empresa', slug: row.slug }))) {
    const { db } = group
    await runBatched(
      db,
      inserts(group, 'companies', 5, (part) =>
        db.insert(companies).values(part).onConflictDoNothing({ target: companies.cnpj }),
      ),
    )
    await storedCompanies(
      [db],
      group.items.map((row) => row.cnpj),
      ids,
    )
  }
  return ids
}

async function storedCompanies(dbs: Database[], cnpjs: string[], into: Map<string, number>) {
  for (const db of dbs)
    for (const part of chunk(cnpjs, 90)) {
      for (const row of await db
        .select({ id: companies.id, cnpj: companies.cnpj })
        .from(companies)
        .where(inArray(companies.cnpj, part)))
        into.set(row.cnpj, row.id)
    }
}
