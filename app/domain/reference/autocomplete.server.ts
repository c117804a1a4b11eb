import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { likeSql } from '~/db/like'
import { communities, institutions } from '~/db/schema-accounts'
import { occupations } from '~/db/schema-corpus'
import { slugify } from '~/domain/corpus/import/text'
import { t } from '~/i18n/pt-BR'
import {
  AUTOCOMPLETE_LIMIT,
  type AutocompleteItem,
  labelWithDetail,
  matchRank,
  slugWordPattern,
} from './match'
import { feminineTitle } from './occupation-forms'

/**
 * Ranks rows by the best match of any of their texts (lower is better), then by the shorter
 * first text, keeping at most the autocomplete limit.
 */
function rank<T>(rows: T[], term: string, texts: (row: T) => (string | null)[]): T[] {
  const scored: { row: T; rank: number; length: number }[] = []
  for (const row of rows) {
    const all = texts(row)
    let best: number | null = null
    for (const text of all) {
      const r = text ? matchRank(text, term) : null
      if (r !== null && (best === null || r < best)) best = r
    }
    if (best !== null) scored.push({ row, rank: best, length: all[0]?.length ?? 0 })
  }
  scored.sort((a, b) => a.rank - b.rank || a.length - b.length)
  return scored.slice(0, AUTOCOMPLETE_LIMIT).map((s) => s.row)
}

/**
 * Institutions (about 200 rows, migrations/0008): read whole and matched here on the name and
 * the acronym ("puc sp", "mackenzie", "usp"). A list this small costs less than an index.
 */
export async function searchInstitutions(deps: { db: Database }, term: string): Promise<AutocompleteItem[]> {
  const rows = await deps.db.select().from(institutions)
  return rank(rows, term, (r) => [r.name, r.acronym]).map((r) => ({
    label: labelWithDetail(r.name, [r.acronym, `${r.city}/${r.uf}`].filter(Boolean).join(' · ')),
    inputLabel: r.acronym ? `${r.name} (${r.acronym})` : r.name,
    value: r.id,
    slug: r.slug,
  }))
}

/**
 * The slugs a typed feminine title may come from, as CBO titles are masculine (decisions/0018):
 * "advogada" → "advogado", "contadora" → "contador", "juiza" → "juiz", "tabelia" → "tabeliao".
 */
function titleKeys(key: string): string[] {
  const [head = '', ...rest] = key.split('-')
  const tail = rest.length ? `-${rest.join('-')}` : ''
  const heads = new Set([head])
  if (/(ora|iza)$/.test(head)) heads.add(head.slice(0, -1))
  if (head.endsWith('ia')) heads.add(`${head}o`)
  if (head.endsWith('a')) heads.add(`${head.slice(0, -1)}o`)
  return [...heads].map((h) => h + tail)
}

/**
 * CBO occupations (about 2,600 rows): the slug is `slugify(title)`, so a slug prefix is an
 * accent-free title prefix read as a range on the unique slug index; word prefixes ("trabalho"
 * → "Advogado (direito do trabalho)") scan the slugs with LIKE.
 */
export async function searchOccupations(deps: { db: Database }, term: string): Promise<AutocompleteItem[]> {
  const key = slugify(term)
  if (!key) return []
  const keys = titleKeys(key)
  const isPrefix = sql.join(
    keys.map((k) => sql`(${occupations.slug} >= ${k} and ${occupations.slug} < ${`${k}~`})`),
    sql` or `,
  )
  const isWord = sql.join(
    keys.map((k) => likeSql(occupations.slug, slugWordPattern(k))),
    sql` or `,
  )
  const rows = await deps.db
    .select()
    .from(occupations)
    .where(sql`(${isPrefix}) or (${isWord})`)
    .orderBy(sql`(${isPrefix}) desc`, sql`length(${occupations.title})`)
    .limit(100)
  return rank(rows, term, (r) => [r.title, feminineTitle(r.title)]).map((r) => ({
    label: labelWithDetail(r.title, t('reference.cbo', { code: r.code })),
    inputLabel: r.title,
    value: r.code,
    slug: r.slug,
  }))
}

const KIND_LABEL = {
  profissao: 'reference.community.profession',
  curso: 'reference.community.course',
  tema: 'reference.community.theme',
} as const

/** Communities (under a hundred rows): matched here, like institutions. */
export async function searchCommunities(deps: { db: Database }, term: string): Promise<AutocompleteItem[]> {
  const rows = await deps.db.select().from(communities)
  return rank(rows, term, (r) => [r.name]).map((r) => ({
    label: labelWithDetail(r.name, t(KIND_LABEL[r.kind])),
    inputLabel: r.name,
    value: r.id,
    slug: r.slug,
  }))
}
