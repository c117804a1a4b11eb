import { inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { companies, people } from '~/db/schema-corpus'
import { slugify } from '../import/text'
import { chunk, rowsPerInsert, runBatched } from './batch.server'

/** People are identified by their name's slug (no CPF is kept); returns slug → id. */
export async function ensurePeople(db: Database, names: string[]): Promise<Map<string, number>> {
  const bySlug = new Map<string, string>()
  for (const name of names) {
    const slug = slugify(name)
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name.trim())
  }
  const slugs = [...bySlug.keys()]
  const rows = slugs.map((slug) => ({ slug, name: bySlug.get(slug) ?? slug }))
  await runBatched(
    db,
    chunk(rows, rowsPerInsert(2)).map((part) =>
      db.insert(people).values(part).onConflictDoNothing({ target: people.slug }),
    ),
  )
  const ids = new Map<string, number>()
  for (const part of chunk(slugs, 90)) {
    for (const row of await db
      .select({ id: people.id, slug: people.slug })
      .from(people)
      .where(inArray(people.slug, part)))
      ids.set(row.slug, row.id)
  }
  return ids
}

/** Companies are identified by CNPJ; returns cnpj → id. */
export async function ensureCompanies(
  db: Database,
  items: { cnpj: string; legalName: string; tradeName?: string | null; cityCode?: number | null }[],
): Promise<Map<string, number>> {
  const unique = new Map(items.map((item) => [item.cnpj, item]))
  const rows = [...unique.values()].map((item) => ({
    cnpj: item.cnpj,
    legalName: item.legalName,
    tradeName: item.tradeName ?? null,
    cityCode: item.cityCode ?? null,
    slug: `${slugify(item.legalName)}-${item.cnpj}`,
  }))
  await runBatched(
    db,
    chunk(rows, rowsPerInsert(5)).map((part) =>
      db.insert(companies).values(part).onConflictDoNothing({ target: companies.cnpj }),
    ),
  )
  const ids = new Map<string, number>()
  for (const part of chunk([...unique.keys()], 90)) {
    for (const row of await db
      .select({ id: companies.id, cnpj: companies.cnpj })
      .from(companies)
      .where(inArray(companies.cnpj, part)))
      ids.set(row.cnpj, row.id)
  }
  return ids
}
