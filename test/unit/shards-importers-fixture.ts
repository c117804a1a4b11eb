import { env } from 'cloudflare:test'
import { type SQL, sql } from 'drizzle-orm'
import { createDb } from '~/db/client.server'
import { buildCnj } from '~/domain/corpus/cnj'
import { stripBom } from '~/domain/corpus/import/text'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { sharedFile } from './shared-data'

// The map, the rows read back per database and the import files of shards-importers.test.ts
// (decisions/0072, 0074): DJEN, the Constitution's CSV and a DataJud answer, each also in a
// changed version, to import again.

export const MAP = [
  { shard: 1, family: 'dou', binding: 'CORPUS_1' },
  { shard: 2, family: 'diario:', binding: 'CORPUS_1' },
  { shard: 4, family: 'processo:', binding: 'CORPUS_2' },
  { shard: 5, family: 'jurisprudencia:', binding: 'CORPUS_3' },
  { shard: 7, family: 'legislacao', binding: 'CORPUS_3' },
  { shard: 8, family: 'entidades', binding: 'CORPUS_4' },
]
export const BINDINGS = ['DB', 'CORPUS_1', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4'] as const
type Binding = (typeof BINDINGS)[number]

export const rows = <T = Record<string, unknown>>(binding: Binding, query: SQL) =>
  createDb(env[binding]).all<T>(query)
export const ids = async (binding: Binding, query: SQL) =>
  (await rows<{ id: number }>(binding, query)).map((r) => r.id)
/** Where each id of a shard's range lives: every one in [n · 2^36, (n + 1) · 2^36). */
export const inRange = (shard: number) => (id: number) =>
  id >= shard * SHARD_SPAN && id < (shard + 1) * SHARD_SPAN

/** Every corpus row of every database, with what a re-import would change (checksums, times). */
export async function snapshot() {
  const out: Record<string, unknown> = {}
  for (const binding of BINDINGS)
    out[binding] = await Promise.all(
      [
        sql`SELECT id, slug FROM gazettes ORDER BY id`,
        sql`SELECT id, gazette_id, date, number FROM gazette_editions ORDER BY id`,
        sql`SELECT id, edition_id, slug FROM gazette_sections ORDER BY id`,
        sql`SELECT id, title, body, checksum, imported_at, masked FROM gazette_articles ORDER BY id`,
        sql`SELECT article_id, person_id, company_id FROM article_mentions ORDER BY 1, 2, 3`,
        sql`SELECT article_id, title FROM masked_articles ORDER BY 1`,
        sql`SELECT id, cnj, checksum, imported_at, class_name, sensitive FROM lawsuits ORDER BY id`,
        sql`SELECT id, lawsuit_id, pole, name, person_id FROM parties ORDER BY id`,
        sql`SELECT party_id, name FROM masked_parties ORDER BY 1`,
        sql`SELECT party_id, name, oab_number FROM party_lawyers ORDER BY 1, 2`,
        sql`SELECT lawsuit_id, at, name, imported_at FROM movements ORDER BY 1, 2, 3`,
        sql`SELECT lawsuit_id, code FROM lawsuit_subjects ORDER BY 1, 2`,
        sql`SELECT id, slug, name FROM people ORDER BY id`,
        sql`SELECT id, cnpj FROM companies ORDER BY id`,
        sql`SELECT id, urn, checksum, imported_at FROM statutes ORDER BY id`,
        sql`SELECT id, statute_id, anchor, text FROM provisions ORDER BY id`,
        sql`SELECT code, name FROM tpu_movements WHERE code >= 990000 ORDER BY code`,
      ].map((query) => rows(binding, query)),
    )
  return out
}

export const count = async (binding: Binding, table: string) =>
  (await rows<{ n: number }>(binding, sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`))[0]?.n ?? 0

// DJEN: two communications of a TJSP case naming a person and a company (its parties), and one
// of a protective-measure case (a sensitive class, decisions/0064) naming a minor's mother.
export const CASE = buildCnj(4242, 2024, 8, 26, 100)
export const SENSITIVE = buildCnj(4343, 2024, 8, 26, 100)
export const PERSON = 'Eufrosina Shardelli Importadora'
export const MOTHER = 'Clotilde Reservada Shardiana'
export const djenItem = (
  id: number,
  cnj: string,
  texto: string,
  names: string[],
  classe = ['7', 'Procedimento Comum Cível'],
) => ({
  id,
  data_disponibilizacao: '2024-06-03',
  siglaTribunal: 'TJSP',
  tipoComunicacao: 'Intimação',
  nomeOrgao: '1ª Vara Cível de Santos',
  texto,
  numero_processo: cnj,
  nomeClasse: classe[1],
  codigoClasse: classe[0],
  ativo: true,
  destinatarios: names.map((nome, i) => ({ polo: i ? 'P' : 'A', nome })),
  destinatarioadvogados: [{ advogado: { nome: 'Advogada Shardiana', numero_oab: '123456', uf_oab: 'SP' } }],
})
export const djenFile = (changed = false) => ({
  name: 'djen-shards.json',
  content: JSON.stringify({
    status: 'success',
    message: '',
    count: 3,
    items: [
      djenItem(9_100_001, CASE, `Intime-se ${PERSON}.`, [PERSON, 'Banco Shardiano S.A.']),
      djenItem(9_100_002, CASE, changed ? `Cite-se ${PERSON}, de novo.` : `Cite-se ${PERSON}.`, [PERSON]),
      djenItem(
        9_100_003,
        SENSITIVE,
        `Intime-se ${MOTHER}, mãe do menor.`,
        [MOTHER],
        ['1389', 'Ação de Alimentos de Infância e Juventude'],
      ),
    ],
  }),
})

const CONSTITUICAO = 'legislacao/constituicao_20200826_EMC108.csv'
export const constituicao = (changed = false) => {
  const text = stripBom(sharedFile(CONSTITUICAO)).split('\n').slice(0, 7).join('\n')
  return {
    name: 'constituicao.csv',
    content: changed ? text.replace('a soberania;', 'a soberania nacional;') : text,
  }
}
const DATAJUD = 'datajud/tjac_execucao_fazenda_1hit.json'
export const datajud = (changed = false) => {
  const text = stripBom(sharedFile(DATAJUD))
  return {
    name: 'tjac.json',
    content: changed ? text.replace('4ª Vara Cível de Rio Branco', '4ª Vara Cível da Capital') : text,
  }
}
