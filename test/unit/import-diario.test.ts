import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cities, gazetteArticles, gazetteEditions, gazetteSections, gazettes } from '~/db/schema-corpus'
import { importDiario, parseDiario } from '~/domain/corpus/import/formats/diario'
import { deps } from './helpers'
import { sharedFile } from './shared-data'

const STEM = 'pratania_sp_2020-10-26_ed136'
const text = { name: `${STEM}.txt`, content: sharedFile(`diarios/${STEM}.txt`) }
const metadata = {
  name: `${STEM}.tika_metadata.json`,
  content: sharedFile(`diarios/${STEM}.tika_metadata.json`),
}

// The cover's table of contents says: Decretos p. 1, Portarias Recursos Humanos p. 3,
// Licitações e Contratos p. 6. The pages found from the page markers agree.
const MATERIAS = [
  ['2020-10-26-136-1', 'Decreto', 'DECRETO Nº 56 DE 26 DE OUTUBRO DE 2020', 1],
  ['2020-10-26-136-2', 'Portaria', 'PORTARIA DP Nº. 074, DE 08 DE OUTUBRO DE 2020', 3],
  ['2020-10-26-136-3', 'Portaria', 'PORTARIA DP Nº. 75, DE 13 DE OUTUBRO DE 2020', 4],
  ['2020-10-26-136-4', 'Portaria', 'PORTARIA DP Nº 76 DE 19 DE OUTUBRO DE 2019', 5],
  ['2020-10-26-136-5', 'Extrato', 'EXTRATO DE CONTRATO', 6],
  ['2020-10-26-136-6', 'Extrato', 'EXTRATO DE ADITAMENTO DE CONTRATO', 6],
]

describe('diario importer (Querido Diário: Tika text + metadata)', () => {
  it('splits the Pratânia/SP edition 136 into its 6 matérias', () => {
    const { records, issues } = parseDiario([text, metadata])
    expect(issues).toEqual([])
    expect(records.map((r) => [r.externalId, r.kind, r.title, r.page])).toEqual(MATERIAS)
    for (const r of records) {
      expect(r.gazette).toEqual({
        slug: 'dom-pratania-sp',
        name: 'Diário Oficial do Município de Pratânia/SP',
        sphere: 'municipal',
        uf: 'SP',
        cityCode: null,
      })
      expect(r.edition).toEqual({ date: '2020-10-26', number: '136', extra: false })
      expect(r.section).toBeNull()
      expect(r.body.startsWith(r.title.slice(0, 20))).toBe(true)
    }
  })

  it('drops page headers, footers, dotted leaders and the colophon', () => {
    const { records } = parseDiario([text])
    const layout = [
      /\.{5,}/,
      /Edição 136 - Página/,
      /Segunda-feira, 26 de Outubro de 2020/,
      /Rua Francisco Vieira da Maia/,
      /Poder ExecutivoDecretos|Portarias Recursos Humanos|LICITAÇÕES E CONTRATOS/,
      /Jornalista Responsável|Lei Municipal Nº 725/,
      /2020-10-26T17:59:45/,
    ]
    for (const r of records)
      for (const pattern of layout) {
        expect(r.title).not.toMatch(pattern)
        expect(r.body).not.toMatch(pattern)
      }
    // The decree runs over pages 1 and 2 with the page block between them removed.
    const decree = records[0]?.body.split('\n') ?? []
    expect(decree.slice(0, 3)).toEqual([
      'DECRETO Nº 56 DE 26 DE OUTUBRO DE',
      '2020',
      '“TRANSFERE O FERIADO DO DIA 28 DE OUTUBRO (DIA',
    ])
    expect(decree.slice(-5)).toEqual([
      'Art. 4º. Este Decreto entra em vigor na data da sua afixação no átrio da',
      'Prefeitura Municipal.',
      'Pratânia – SP, 26 de Outubro de 2020.',
      'DAVI PIRES BATISTA',
      'Prefeito Municipal',
    ])
    expect(records[5]?.body.split('\n').at(-1)).toBe('Davi Pires Batista – Prefeito Municipal')
  })

  it('takes city, UF, date and number from the metadata when the file name lacks them', () => {
    const { records, issues } = parseDiario([
      { name: 'edicao.txt', content: text.content },
      { name: 'edicao.tika_metadata.json', content: metadata.content },
    ])
    expect(issues).toEqual([])
    expect(records).toHaveLength(6)
    expect(records[0]?.gazette.slug).toBe('dom-pratania-sp')
    expect(records[0]?.edition).toEqual({ date: '2020-10-26', number: '136', extra: false })
    // No header, no metadata, no cities table: the name comes from the slug.
    const bare = parseDiario([
      {
        name: 'sao_jose_dos_campos_sp_2021-01-05_ed1.txt',
        content: 'DECRETO Nº 1, DE 5 DE JANEIRO DE 2021\nTexto.',
      },
    ])
    expect(bare.records[0]?.gazette.name).toBe('Diário Oficial do Município de Sao Jose dos Campos/SP')
    expect(bare.records[0]?.externalId).toBe('2021-01-05-1-1')
  })

  it('loads the edition into D1 with the IBGE city, and a second import changes nothing', async () => {
    const db = deps().db
    // From shared/data/ibge/municipios.csv: 3541059,Pratânia,…,35 (SP).
    await db.insert(cities).values({ code: 3541059, name: 'Pratânia', uf: 'SP', slug: 'pratania-sp' })
    const first = await importDiario(db, [text, metadata])
    expect(first).toEqual({ counts: { imported: 6, updated: 0, unchanged: 0, skipped: 0 }, issues: [] })

    const [gazette] = await db.select().from(gazettes).where(eq(gazettes.slug, 'dom-pratania-sp'))
    expect(gazette).toMatchObject({
      name: 'Diário Oficial do Município de Pratânia/SP',
      sphere: 'municipal',
      uf: 'SP',
      cityCode: 3541059,
    })
    const editions = await db
      .select()
      .from(gazetteEditions)
      .where(eq(gazetteEditions.gazetteId, gazette?.id ?? 0))
    expect(editions.map((e) => [e.date, e.number, e.extra])).toEqual([['2020-10-26', '136', false]])
    expect(await db.select().from(gazetteSections)).toEqual([])
    const rows = await db
      .select({
        externalId: gazetteArticles.externalId,
        kind: gazetteArticles.kind,
        title: gazetteArticles.title,
        page: gazetteArticles.page,
      })
      .from(gazetteArticles)
      .where(eq(gazetteArticles.editionId, editions[0]?.id ?? 0))
      .orderBy(asc(gazetteArticles.id))
    expect(rows.map((r) => [r.externalId, r.kind, r.title, r.page])).toEqual(MATERIAS)

    const again = await importDiario(db, [metadata, text])
    expect(again).toEqual({ counts: { imported: 0, updated: 0, unchanged: 6, skipped: 0 }, issues: [] })
  })

  it('reports an empty text, broken metadata and metadata without text, and imports the good text', async () => {
    const result = await importDiario(deps().db, [
      { name: 'pratania_sp_2020-10-27_ed137.txt', content: text.content },
      { name: 'pratania_sp_2020-10-27_ed137.tika_metadata.json', content: '{"Author": "Prefeitura' },
      { name: 'pratania_sp_2020-10-28_ed138.txt', content: ' \n\n ' },
      { name: 'pratania_sp_2020-10-29_ed139.tika_metadata.json', content: metadata.content },
    ])
    expect(result.counts).toEqual({ imported: 6, updated: 0, unchanged: 0, skipped: 3 })
    expect(result.issues).toEqual([
      {
        file: 'pratania_sp_2020-10-29_ed139.tika_metadata.json',
        position: 'arquivo',
        reason: 'metadados sem o texto correspondente (pratania_sp_2020-10-29_ed139.txt)',
      },
      {
        file: 'pratania_sp_2020-10-27_ed137.tika_metadata.json',
        position: 'metadados',
        reason: 'metadados não são um objeto JSON válido',
      },
      { file: 'pratania_sp_2020-10-28_ed138.txt', position: 'texto', reason: 'arquivo de texto vazio' },
    ])
  })
})
