import { env } from 'cloudflare:test'
import { createDb } from '~/db/client.server'
import {
  articleMentions,
  companies,
  gazetteArticles,
  gazetteEditions,
  gazetteSections,
  gazettes,
  lawsuits,
  parties,
  people,
  provisions,
  statutes,
} from '~/db/schema-corpus'
import { buildCnj } from '~/domain/corpus/cnj'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { publishSpread, TEST_SPREAD } from './spread-map'

// The documents of shards-pages.test.ts (decisions/0075): a state gazette with two editions, a
// lawsuit, a person, a company and a statute, each written to the shard the spread map gives it.

export const MAP = TEST_SPREAD
export const at = (shard: number, n: number) => shard * SHARD_SPAN + n

const gazetteDb = () => createDb(env.CORPUS_1)
export const lawsuitDb = () => createDb(env.CORPUS_2)
const lawDb = () => createDb(env.CORPUS_3)
const entityDb = () => createDb(env.CORPUS_4)

// A state gazette (family diario:sp, shard 2) with two editions, the newer one with 12 matérias.
const GAZETTE = {
  id: 7001,
  slug: 'diario-shardiano-sp',
  name: 'Diário Shardiano de SP',
  sphere: 'estadual' as const,
  uf: 'SP',
}
// Gazettes, editions and sections are registered in the primary, which gives their ids, and
// copied by id to the matéria's shard (gazette-registry.server.ts): so here too.
const OLD_EDITION = 7001
const EDITION = 7002
const SECTION = 7001
export const FIRST = at(2, 100) // the matéria naming the person, the company and the lawsuit
export const CNJ = buildCnj(5151, 2024, 8, 26, 100)
export const LAWSUIT = at(4, 1)
export const PERSON = at(8, 1)
export const COMPANY = at(8, 2)
export const STATUTE = at(6, 1)

/** The fixture: each document written to the shard the map gives it, nothing in the primary. */
export async function seedSpreadPages() {
  await publishSpread(MAP)

  await entityDb()
    .insert(people)
    .values({ id: PERSON, name: 'Filomena Shardalva Quintas', slug: 'filomena-shardalva-quintas' })
  await entityDb().insert(companies).values({
    id: COMPANY,
    cnpj: '11222333000181',
    legalName: 'Shardalva Comércio Ltda',
    slug: 'shardalva-comercio-ltda',
  })
  await lawsuitDb().insert(lawsuits).values({
    id: LAWSUIT,
    cnj: CNJ,
    court: 'TJSP',
    source: 'datajud',
    className: 'Procedimento Comum Cível',
    filedAt: '2024-02-01',
  })
  await lawsuitDb()
    .insert(parties)
    .values([
      { lawsuitId: LAWSUIT, pole: 'ativo', name: 'Filomena Shardalva Quintas', personId: PERSON },
      { lawsuitId: LAWSUIT, pole: 'passivo', name: 'Shardalva Comércio Ltda', companyId: COMPANY },
    ])

  const g = gazetteDb()
  for (const registry of [createDb(env.DB), g]) {
    await registry.insert(gazettes).values(GAZETTE)
    await registry.insert(gazetteEditions).values([
      { id: OLD_EDITION, gazetteId: GAZETTE.id, date: '2024-03-04', number: '44' },
      { id: EDITION, gazetteId: GAZETTE.id, date: '2024-03-05', number: '45' },
    ])
    await registry
      .insert(gazetteSections)
      .values({ id: SECTION, editionId: EDITION, name: 'Caderno Judicial', slug: 'judicial' })
  }
  // One row a statement: D1 binds at most 100 values in one.
  for (const row of Array.from({ length: 12 }, (_, i) => ({
    id: FIRST + i,
    gazetteId: GAZETTE.id,
    editionId: EDITION,
    sectionId: SECTION,
    date: '2024-03-05',
    externalId: `shards-pages-${i}`,
    title: i === 0 ? 'EDITAL SHARDALVA DE CITAÇÃO' : `Despacho shardiano nº ${i + 1}`,
    body: i === 0 ? 'Fica citada Filomena Shardalva Quintas.' : 'Texto do despacho.',
    page: i + 1,
    lawsuitCnj: i === 0 ? CNJ : null,
  })))
    await g.insert(gazetteArticles).values(row)
  await g.insert(gazetteArticles).values({
    id: at(2, 1),
    gazetteId: GAZETTE.id,
    editionId: OLD_EDITION,
    date: '2024-03-04',
    externalId: 'shards-pages-old',
    title: 'Portaria shardiana anterior',
    body: 'Texto.',
    page: 1,
  })
  await g.insert(articleMentions).values([
    { articleId: FIRST, personId: PERSON },
    { articleId: FIRST, companyId: COMPANY },
  ])

  await lawDb().insert(statutes).values({
    id: STATUTE,
    urn: 'urn:lex:br:federal:lei:2024;15151',
    slug: 'lei-15151-2024',
    kind: 'Lei',
    number: '15.151',
    date: '2024-01-10',
    title: 'Lei nº 15.151, de 10 de janeiro de 2024',
    summary: 'Dispõe sobre os quelônios shardianos.',
    sphere: 'federal',
  })
  await lawDb()
    .insert(provisions)
    .values([
      {
        statuteId: STATUTE,
        anchor: 'art1',
        kind: 'artigo',
        text: 'Art. 1º Esta Lei protege os quelônios shardianos.',
        position: 1,
        depth: 0,
      },
      {
        statuteId: STATUTE,
        anchor: 'art1_par1',
        kind: 'paragrafo',
        text: 'Parágrafo único. Inclusive os de água doce.',
        position: 2,
        depth: 1,
      },
    ])
}
