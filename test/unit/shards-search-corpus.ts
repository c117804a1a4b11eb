import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { createDb, type Database } from '~/db/client.server'
import { buildCnj } from '~/domain/corpus/cnj'
import { type DocumentKey, entryFor, placementOf, SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions, upsertStatute } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { decisionRecord } from './helpers'

// The corpus of shards-search.test.ts (decisions/0076): written to the primary by the product's
// own writers, then copied, ids included, to the bindings a spread map puts each row in.
export const MAP = [
  { shard: 1, family: 'dou', periodFrom: '', periodTo: '~', binding: 'CORPUS_1' },
  { shard: 2, family: 'diario:', periodFrom: '', periodTo: '~', binding: 'CORPUS_2' },
  { shard: 3, family: 'processo:', periodFrom: '', periodTo: '~', binding: 'CORPUS_3' },
  { shard: 4, family: 'processo:8.26', periodFrom: '', periodTo: '~', binding: 'CORPUS_2' },
  { shard: 5, family: 'jurisprudencia:', periodFrom: '', periodTo: '~', binding: 'CORPUS_3' },
  { shard: 6, family: 'jurisprudencia:stj', periodFrom: '', periodTo: '~', binding: 'CORPUS_4' },
  { shard: 7, family: 'legislacao', periodFrom: '', periodTo: '~', binding: 'CORPUS_3' },
  { shard: 8, family: 'entidades', periodFrom: '', periodTo: '80', binding: 'CORPUS_4' },
  { shard: 9, family: 'entidades', periodFrom: '80', periodTo: '~', binding: 'CORPUS_1' },
]
export const SHARD_MAP: ShardMap = {
  version: 1,
  entries: MAP.map((e) => ({
    shard: e.shard,
    family: e.family,
    from: e.periodFrom,
    to: e.periodTo,
    idFrom: e.shard * SHARD_SPAN,
    idTo: (e.shard + 1) * SHARD_SPAN,
    binding: e.binding,
  })),
}

export const WORD = 'tartarugal'
export const TODAY = '2026-11-26'
const FIRST = ['Ana', 'Bento', 'Clara', 'Dario', 'Elisa', 'Fabio', 'Gilda', 'Heitor', 'Iris', 'Joel']
const LAST = ['Souza', 'Lima', 'Prado', 'Teles', 'Reis']
const people = Array.from(
  { length: 30 },
  (_, i) => `${FIRST[i % 10]} ${WORD} ${LAST[i % 5]} ${['Neto', 'Filho', 'Junior'][Math.floor(i / 10)]}`,
)
const companies = Array.from(
  { length: 12 },
  (_, i) => `${WORD.toUpperCase()} ${LAST[i % 5]?.toUpperCase()} ${i} COMERCIO LTDA`,
)
const COURTS = [
  [8, 26, 'TJSP'],
  [8, 19, 'TJRJ'],
  [5, 2, 'TRT2'],
] as const

/** The rows of a table in the primary as objects (what is copied to a shard, id included). */
export const rowsOf = (db: Database, query: string) => db.all<Record<string, unknown>>(sql.raw(query))

async function copy(db: Database, table: string, rows: Record<string, unknown>[]) {
  for (const row of rows) {
    const columns = Object.keys(row)
    await db.run(
      sql`INSERT OR IGNORE INTO ${sql.raw(table)} (${sql.raw(columns.join(', '))}) VALUES (${sql.join(
        columns.map((c) => sql`${row[c]}`),
        sql`, `,
      )})`,
    )
  }
}

const bindingOf = (key: DocumentKey) => entryFor(SHARD_MAP, placementOf(key)).binding
const database = (binding: string) =>
  createDb((env as unknown as Record<string, D1Database>)[binding] as D1Database)

/** Copies the primary's corpus rows to the bindings the map puts them in. */
export async function spreadCorpus(primary: Database) {
  const reference = ['gazettes', 'gazette_editions', 'gazette_sections']
  for (const binding of ['CORPUS_1', 'CORPUS_2'])
    for (const table of reference)
      await copy(database(binding), table, await rowsOf(primary, `SELECT * FROM ${table}`))
  for (const table of ['people', 'companies']) {
    for (const row of await rowsOf(primary, `SELECT * FROM ${table}`))
      await copy(database(bindingOf({ kind: 'pessoa', slug: String(row.slug) })), table, [row])
  }
  const materias = await rowsOf(
    primary,
    `SELECT ga.*, g.slug AS gslug, g.uf AS guf FROM gazette_articles ga JOIN gazettes g ON g.id = ga.gazette_id`,
  )
  for (const { gslug, guf, ...row } of materias) {
    const binding = bindingOf({
      kind: 'materia',
      gazette: gslug === 'dou' ? 'dou' : { uf: (guf as string | null) ?? null },
      date: String(row.date),
    })
    await copy(database(binding), 'gazette_articles', [row])
    await copy(
      database(binding),
      'article_mentions',
      await rowsOf(primary, `SELECT * FROM article_mentions WHERE article_id = ${row.id}`),
    )
  }
  for (const row of await rowsOf(primary, 'SELECT * FROM lawsuits')) {
    const db = database(bindingOf({ kind: 'processo', cnj: String(row.cnj) }))
    await copy(db, 'lawsuits', [row])
    for (const table of ['parties', 'movements'])
      await copy(db, table, await rowsOf(primary, `SELECT * FROM ${table} WHERE lawsuit_id = ${row.id}`))
  }
  for (const row of await rowsOf(primary, 'SELECT * FROM decisions'))
    await copy(database(bindingOf({ kind: 'decisao', court: String(row.court), date: null })), 'decisions', [
      row,
    ])
  const laws = database(bindingOf({ kind: 'lei' }))
  await copy(laws, 'statutes', await rowsOf(primary, 'SELECT * FROM statutes'))
  await copy(laws, 'provisions', await rowsOf(primary, 'SELECT * FROM provisions'))
}

/** Every corpus table the copy filled, children first (the primary is emptied of them). */
export const CORPUS_TABLES = [
  'article_mentions',
  'gazette_articles',
  'movements',
  'parties',
  'lawsuits',
  'people',
  'companies',
  'decisions',
  'provisions',
  'statutes',
]

const gazettes = {
  dou: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' as const },
  sp: { slug: 'doe-sp-shards', name: 'Diário Oficial de SP', sphere: 'estadual' as const, uf: 'SP' },
  rj: { slug: 'doe-rj-shards', name: 'Diário Oficial do RJ', sphere: 'estadual' as const, uf: 'RJ' },
}

/** The test corpus, written to the primary by the product's own writers. */
export async function writeCorpus(primary: Database) {
  const gazetteList = [gazettes.dou, gazettes.sp, gazettes.rj]
  await upsertGazetteArticles(
    primary,
    Array.from({ length: 45 }, (_, i) => {
      const gazette = gazetteList[i % 3] as (typeof gazetteList)[number]
      const times = 1 + (i % 4)
      return {
        gazette,
        edition: { date: `202${i % 5}-0${1 + (i % 9)}-1${i % 10}`, number: `e${i}`, extra: false },
        section: i % 2 ? 'Seção 1' : 'Seção 2',
        externalId: `shards-search-${i}`,
        kind: 'Portaria',
        organ: null,
        title: `PORTARIA ${i} ${i % 5 === 0 ? WORD.toUpperCase() : ''}`.trim(),
        body: `${`Trata do ${WORD} e da fauna. `.repeat(times)}${'Texto de enchimento sem o termo. '.repeat(i % 7)}`,
        page: 1,
        lawsuitCnj: null,
        mentions: {
          people: [people[i % people.length] as string],
          companies: [
            {
              cnpj: String(11222333000100 + (i % companies.length)),
              legalName: companies[i % companies.length] as string,
            },
          ],
        },
      }
    }),
  )
  await upsertLawsuits(
    primary,
    Array.from({ length: 36 }, (_, i) => {
      const [segment, court, name] = COURTS[i % 3] as (typeof COURTS)[number]
      return {
        cnj: buildCnj(5000 + i, 2015 + (i % 9), segment, court, 1),
        court: name,
        className: i % 2 ? 'Procedimento Comum Cível' : 'Execução Fiscal',
        classCode: i % 2 ? 7 : 1116,
        filedAt: `20${15 + (i % 9)}-0${1 + (i % 9)}-0${1 + (i % 9)}`,
        secrecyLevel: i % 11 === 10 ? 1 : 0,
        source: 'teste',
        subjects: [],
        movements: [],
        parties: [
          { pole: 'ativo' as const, name: people[i % people.length] as string, lawyers: [] },
          { pole: 'passivo' as const, name: people[(i * 7 + 3) % people.length] as string, lawyers: [] },
        ],
      }
    }),
  )
  await upsertDecisions(
    singleDatabaseCorpus(primary),
    Array.from({ length: 30 }, (_, i) => ({
      ...decisionRecord(
        'shards-search',
        String(i),
        `${`Ementa: ${WORD}. `.repeat(1 + (i % 3))}${'Outro assunto. '.repeat(i % 5)}`,
      ),
      court: ['TJSP', 'STJ', 'TJRJ'][i % 3] as string,
      publishedAt: `20${18 + (i % 6)}-0${1 + (i % 9)}-2${i % 8}`,
    })),
  )
  for (let n = 0; n < 8; n++)
    await upsertStatute(primary, {
      urn: `urn:lex:br:federal:lei:2021;${7700 + n}`,
      slug: `lei-${7700 + n}-2021`,
      kind: n % 2 ? 'Lei' : 'Decreto',
      number: String(7700 + n),
      date: `20${10 + n}-03-0${1 + n}`,
      title: n % 3 === 0 ? `Lei do ${WORD} ${n}` : `Lei ordinária ${n}`,
      summary: `Dispõe sobre o assunto ${n}.`,
      sphere: 'federal',
      provisions: Array.from({ length: 6 }, (_, k) => ({
        anchor: `art${k + 1}`,
        kind: 'artigo' as const,
        text: k % 2 ? `O ${WORD} protegido ${k}.` : `Disposição ${k}.`,
        depth: 0,
      })),
    })
}
