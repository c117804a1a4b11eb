import type { DatabaseSync } from 'node:sqlite'
import { prefixEnd } from '../../app/domain/search/spelling-terms.server'

/**
 * The fixed query mix of `npm run bench` (issue 5). Words are picked from the corpus itself by
 * document frequency, deterministically (the generator is seeded), so every run asks the same.
 */
export type BenchQuery = { params: Record<string, string | string[]> }
export type QueryClass = { name: string; description: string; queries: BenchQuery[] }

const q = (params: Record<string, string | string[]>): BenchQuery => ({ params })

/** Terms of the matérias' body with a document count in [min, max], first `n` in term order. */
function termsByFrequency(
  db: DatabaseSync,
  prefixes: string[],
  min: number,
  max: number,
  n: number,
  digits = false,
): string[] {
  const out: string[] = []
  for (const prefix of prefixes) {
    const upper = prefixEnd(prefix)
    const rows = db
      .prepare(
        `SELECT term, doc FROM gazette_articles_fts_vocab WHERE term >= ? AND term < ? AND col = 'body' AND length(term) > 3`,
      )
      .all(prefix, upper) as { term: string; doc: number }[]
    for (const row of rows)
      if (row.doc >= min && row.doc <= max && digits === /\d/.test(row.term)) out.push(row.term)
    if (out.length >= n) break
  }
  return out.slice(0, n)
}

export function buildQueryMix(db: DatabaseSync): { classes: QueryClass[]; facts: Record<string, unknown> } {
  const articles = (db.prepare('SELECT count(*) AS n FROM gazette_articles').get() as { n: number }).n
  const count = (table: string, match: string) =>
    (
      db.prepare(`SELECT count(*) AS n FROM ${table}_fts WHERE ${table}_fts MATCH ?`).get(match) as {
        n: number
      }
    ).n
  // The generated prose has no rare words (its vocabulary is small and reused); what is rare in
  // it, as in real gazettes, are numbers: of acts, of processes, of CPFs.
  const rare = termsByFrequency(db, ['10', '25', '37', '48', '59', '61', '73', '84'], 1, 50, 6, true)
  const medium = termsByFrequency(db, ['co', 'pr', 'se', 'de', 'ad', 'in', 'li', 'pa'], 2_000, 60_000, 6)
  const common = ['de', 'o', 'do'].filter((w) => count('gazette_articles', w) > articles / 2)
  const people = (
    db.prepare('SELECT name FROM people WHERE id % 9973 = 1 ORDER BY id LIMIT 6').all() as { name: string }[]
  ).map((r) => r.name.split(' ').slice(0, 2).join(' '))
  const firstMedium = medium[0] ?? 'licitacao'
  const classes: QueryClass[] = [
    {
      name: 'rare',
      description: 'palavra rara (≤ 50 matérias)',
      queries: rare.map((w) => q({ q: w, qo: 'd' })),
    },
    {
      name: 'medium',
      description: 'palavra média (2 mil a 60 mil matérias)',
      queries: medium.map((w) => q({ q: w, qo: 'd' })),
    },
    {
      name: 'very-common',
      description: 'palavra em mais da metade das matérias',
      queries: common.map((w) => q({ q: w, qo: 'd' })),
    },
    {
      name: 'two-words',
      description: 'duas palavras',
      queries: [
        'nomear cargo',
        'pregao eletronico',
        'aposentadoria servidor',
        'licitacao contrato',
        'de o',
      ].map((w) => q({ q: w, qo: 'd' })),
    },
    {
      // A rare word with one in nearly every matéria (decisions/0109): few matches, so ranked,
      // and FTS5's bm25 reads the common word's whole list for its IDF (clamped all the same).
      name: 'rare-and-common',
      description: 'palavra rara com uma palavra em quase todas as matérias',
      queries: rare.slice(0, 2).map((w) => q({ q: `${w} de`, qo: 'd' })),
    },
    {
      // The same common word beside medium words (decisions/0110): too many matches to score it
      // from the rows' text, so bm25 still reads its list, and the check for it costs its share.
      name: 'medium-and-common',
      description: 'palavra média com uma palavra em quase todas as matérias',
      queries: medium.slice(0, 2).map((w) => q({ q: `${w} de`, qo: 'd' })),
    },
    {
      name: 'phrase',
      description: 'frase exata',
      queries: ['"exercer o cargo"', '"pregão eletrônico"', '"no uso das atribuições"', '"de 2026"'].map(
        (w) => q({ q: w, qo: 'd' }),
      ),
    },
    { name: 'names', description: 'nomes de pessoas', queries: people.map((w) => q({ q: w, qo: 'p' })) },
    {
      name: 'each-category',
      description: 'cada categoria (t, p, i, d, en, jr, leis) com uma palavra média',
      queries: [
        q({ q: firstMedium, qo: 't' }),
        q({ q: 'silva', qo: 'p' }),
        q({ q: 'comercio', qo: 'i' }),
        q({ q: firstMedium, qo: 'd' }),
        q({ q: 'souza', qo: 'en' }),
        q({ q: 'dano moral', qo: 'jr' }),
        q({ q: 'servidor', qo: 'leis' }),
      ],
    },
    {
      name: 'filters',
      description: 'com filtros (UF, diário, período, tribunal, classe, mais recentes)',
      queries: [
        q({ q: 'de', qo: 'd', filtro: '1', uf: 'SP' }),
        q({ q: firstMedium, qo: 'd', filtro: '1', uf: ['RJ', 'MG'], de: '2026-01-01', ate: '2026-06-30' }),
        q({ q: 'de', qo: 'd', filtro: '1', ordem: 'recentes' }),
        q({ q: 'nomear', qo: 'd', filtro: '1', ordem: 'recentes', uf: 'SP' }),
        q({ q: 'silva', qo: 'en', filtro: '1', tribunal: ['TJSP', 'TJRJ'] }),
        q({ q: 'dano moral', qo: 'jr', filtro: '1', tribunal: 'TJMG', de: '2022-01-01' }),
      ],
    },
  ]
  return { classes, facts: { articles, rare, medium, common, people } }
}

export function toSearchParams(query: BenchQuery): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query.params))
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v)
  return params
}
