import { DatabaseSync } from 'node:sqlite'
import type { Family } from '../../app/domain/corpus/kinds'
import { familyOverlaps, type ShardMap, slugBucket } from '../../app/domain/corpus/shard-map'

// Copies one database's corpus into the databases of a spread map (the `--shards` bench,
// decisions/0082): each entry's documents by family and period, then the rows each document owns
// (the split job's groups, app/domain/corpus/split/tables.ts), with their ids. Foreign keys are off
// while copying: a party or mention may name a person of another database (migration 0033).

/** A document's table and how an entry picks its rows from the source (`x`, with `g` its gazette). */
const ROOTS: readonly { family: Family; table: string; where: (from: string, to: string) => string }[] = [
  {
    family: 'dou',
    table: 'gazette_articles',
    where: (f, t) => `x.date >= ${f} AND x.date < ${t} AND g.slug = 'dou'`,
  },
  {
    family: 'diario:',
    table: 'gazette_articles',
    where: (f, t) => `x.date >= ${f} AND x.date < ${t} AND g.slug <> 'dou'`,
  },
  { family: 'jurisprudencia:', table: 'decisions', where: () => 'true' },
  { family: 'processo:', table: 'lawsuits', where: () => 'true' },
  { family: 'legislacao', table: 'statutes', where: () => 'true' },
  {
    family: 'entidades',
    table: 'people',
    where: (f, t) => `slug_bucket(x.slug) >= ${f} AND slug_bucket(x.slug) < ${t}`,
  },
  {
    family: 'entidades',
    table: 'companies',
    where: (f, t) => `slug_bucket(x.slug) >= ${f} AND slug_bucket(x.slug) < ${t}`,
  },
]

/** The rows a document owns, by the column naming their owner (parents first). */
const CHILDREN: Record<string, readonly { table: string; owner: string; of: string }[]> = {
  gazette_articles: [
    { table: 'article_mentions', owner: 'article_id', of: 'gazette_articles' },
    { table: 'masked_articles', owner: 'article_id', of: 'gazette_articles' },
  ],
  lawsuits: [
    { table: 'parties', owner: 'lawsuit_id', of: 'lawsuits' },
    { table: 'party_lawyers', owner: 'party_id', of: 'parties' },
    { table: 'masked_parties', owner: 'party_id', of: 'parties' },
    { table: 'movements', owner: 'lawsuit_id', of: 'lawsuits' },
    { table: 'lawsuit_subjects', owner: 'lawsuit_id', of: 'lawsuits' },
    { table: 'lawsuit_instances', owner: 'lawsuit_id', of: 'lawsuits' },
  ],
  decisions: [{ table: 'masked_decisions', owner: 'decision_id', of: 'decisions' }],
  statutes: [{ table: 'provisions', owner: 'statute_id', of: 'statutes' }],
}

const columns = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => `x.${c.name}`).join(', ')

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`

/** Fills `file` (a migrated, empty corpus database) with the documents `binding` holds in `map`. */
export function copyShard(single: string, file: string, map: ShardMap, binding: string) {
  const shard = new DatabaseSync(file, { enableForeignKeyConstraints: false })
  try {
    shard.function('slug_bucket', { deterministic: true }, (slug) => slugBucket(String(slug)))
    shard.exec(`ATTACH DATABASE ${quote(single)} AS src`)
    shard.exec('BEGIN')
    const roots = new Set<string>()
    for (const entry of map.entries.filter((e) => e.binding === binding))
      for (const root of ROOTS.filter((r) => familyOverlaps(entry.family, r.family))) {
        const to = entry.to === '~' ? '\uffff' : entry.to
        const where = root.where(quote(entry.from), quote(to))
        if (root.table === 'gazette_articles' && !roots.has(root.table))
          for (const registry of ['gazettes', 'gazette_editions', 'gazette_sections'])
            shard.exec(`INSERT OR IGNORE INTO main.${registry} SELECT * FROM src.${registry}`)
        const join = root.table === 'gazette_articles' ? 'JOIN src.gazettes g ON g.id = x.gazette_id' : ''
        shard.exec(
          `INSERT INTO main.${root.table} SELECT ${columns(shard, root.table)} FROM src.${root.table} x ${join} WHERE ${where}`,
        )
        roots.add(root.table)
      }
    for (const root of roots)
      for (const child of CHILDREN[root] ?? [])
        shard.exec(
          `INSERT INTO main.${child.table} SELECT ${columns(shard, child.table)} FROM src.${child.table} x
           WHERE x.${child.owner} IN (SELECT id FROM main.${child.of})`,
        )
    shard.exec('COMMIT')
  } finally {
    shard.close()
  }
}
