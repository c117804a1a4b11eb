import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { importDou } from '~/domain/corpus/import/formats/dou'
import { stripBom } from '~/domain/corpus/import/text'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { deps } from './helpers'
import { sharedFiles } from './shared-data'

async function matches(table: string, query: string): Promise<number[]> {
  const rows = await deps().db.all<{ rowid: number }>(
    sql.raw(`SELECT rowid FROM ${table}_fts WHERE ${table}_fts MATCH '${query}'`),
  )
  return rows.map((r) => r.rowid)
}

describe('full-text indexes (FTS5, kept in sync by triggers)', () => {
  it('indexes imported matérias, ignoring case and accents', async () => {
    const files = sharedFiles('dou/').map((f) => ({ ...f, content: stripBom(f.content) }))
    await importDou(deps().db, files)
    const [row] = await deps().db.all<{ id: number }>(
      sql`SELECT id FROM gazette_articles WHERE title = 'ATO Nº 143, DE 28 DE ABRIL DE 2023'`,
    )
    expect(await matches('gazette_articles', 'APOSENTADORIA')).toContain(row?.id)
    expect(await matches('gazette_articles', 'regiao')).toContain(row?.id) // "REGIÃO"
    expect(await matches('gazette_articles', '"aposentadoria voluntária"')).toContain(row?.id)
  })

  it('follows updates: the old words leave the index, the new ones enter', async () => {
    const record = {
      externalId: 'fts:1',
      court: 'TJSP',
      className: 'Apelação Cível',
      number: '0000001-00.2020.8.26.0001',
      rapporteur: null,
      judgingBody: null,
      judgedAt: null,
      publishedAt: '2020-01-01',
      summary: 'USUCAPIÃO EXTRAORDINÁRIA. Posse mansa e pacífica.',
      fullText: null,
      outcome: null,
    }
    await upsertDecisions(singleDatabaseCorpus(deps().db), [record])
    expect(await matches('decisions', 'usucapiao')).toHaveLength(1)
    await upsertDecisions(singleDatabaseCorpus(deps().db), [
      { ...record, summary: 'SERVIDÃO DE PASSAGEM. Encravamento do imóvel.' },
    ])
    expect(await matches('decisions', 'usucapiao')).toHaveLength(0)
    expect(await matches('decisions', 'servidao')).toHaveLength(1)
  })
})
