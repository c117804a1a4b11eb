import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lawsuitSubjects, lawsuits, movements, parties } from '~/db/schema-corpus'
import { buildCnj } from '~/domain/corpus/cnj'
import { importDatajud, parseDatajud } from '~/domain/corpus/import/formats/datajud'
import { stripBom } from '~/domain/corpus/import/text'
import { deps, get } from './helpers'
import { sharedFile } from './shared-data'

const file = (path: string) => ({ name: path.split('/').pop() ?? path, content: stripBom(sharedFile(path)) })
const TJDFT = 'datajud/tjdft_precatorios_137hits.json'
const TJAC = 'datajud/tjac_execucao_fazenda_1hit.json'

// Expected numbers computed from the samples with a one-off script: 137 hits, 117 distinct
// numbers (20 appear twice: G1 and G2), 22,559 movimentos of which 22,442 are distinct by
// (dataHora, nome) after merging (44 have an empty nome), and 196 distinct (lawsuit, assunto) pairs.
const TJDFT_LAWSUITS = 117
const TJDFT_MOVEMENTS = 22442
const TJDFT_SUBJECTS = 196

async function rowCounts() {
  const db = deps().db
  const [l] = await db.select({ n: count() }).from(lawsuits)
  const [m] = await db.select({ n: count() }).from(movements)
  const [s] = await db.select({ n: count() }).from(lawsuitSubjects)
  const [p] = await db.select({ n: count() }).from(parties)
  return { lawsuits: l?.n ?? 0, movements: m?.n ?? 0, subjects: s?.n ?? 0, parties: p?.n ?? 0 }
}

describe('datajud importer (DataJud public API _search responses)', () => {
  it('merges the hits of one lawsuit into a single record', () => {
    const { records, issues } = parseDatajud(file(TJDFT))
    expect(issues).toEqual([])
    expect(records).toHaveLength(TJDFT_LAWSUITS)
    expect(new Set(records.map((r) => r.cnj)).size).toBe(TJDFT_LAWSUITS)
    expect(records.reduce((n, r) => n + r.movements.length, 0)).toBe(TJDFT_MOVEMENTS)
    expect(records.reduce((n, r) => n + r.subjects.length, 0)).toBe(TJDFT_SUBJECTS)

    // 0712252-79.2020.8.07.0015: G1 (updated 2025-06-15, 230 movimentos) and G2 Apelação
    // (updated 2024-07-24, 23 movimentos; one G1 movimento is listed twice) → 252 movements.
    const merged = records.find((r) => r.cnj === '07122527920208070015')
    expect(merged).toMatchObject({
      court: 'TJDFT',
      degree: 'G1',
      classCode: 12078,
      className: 'Cumprimento de Sentença contra a Fazenda Pública',
      judgingBody: 'VARA DE A??ES PREVIDENCI?RIAS DO DF',
      judgingBodyCode: 6777,
      cityCode: 5300108,
      filedAt: '2020-08-05',
      updatedAt: '2025-06-15T16:24:36.026Z',
      secrecyLevel: 0,
      source: 'datajud',
      parties: [],
    })
    expect(merged?.subjects.map((s) => s.code).sort()).toEqual([10671, 6095].sort())
    expect(merged?.movements).toHaveLength(252)
    expect(merged?.movements[0]).toEqual({
      at: '2020-08-05T15:10:37.000Z',
      code: 26,
      name: 'Distribuição',
      complements: 'tipo_de_distribuicao_redistribuicao: sorteio',
    })
    expect(merged?.movements.at(-1)).toEqual({
      at: '2025-06-10T14:23:31.000Z',
      code: 60,
      name: 'Expedição de documento',
      complements: 'tipo_de_documento: Outros documentos',
    })

    // 44 movimentos arrive with an empty nome (codes 15247 ×23, 15248 ×21): kept, named by code.
    const unnamed = records.flatMap((r) => r.movements).filter((m) => m.name.startsWith('Movimento código'))
    expect(unnamed.filter((m) => m.code === 15247 && m.name === 'Movimento código 15247')).toHaveLength(23)
    expect(unnamed.filter((m) => m.code === 15248 && m.name === 'Movimento código 15248')).toHaveLength(21)
    expect(unnamed).toHaveLength(44)

    // Two documents issued in the same second share one movement row, keeping both complements.
    const twin = records
      .find((r) => r.cnj === '07087783720198070015')
      ?.movements.filter((m) => m.at === '2023-12-20T14:02:00.000Z' && m.name === 'Expedição de documento')
    expect(twin).toEqual([
      {
        at: '2023-12-20T14:02:00.000Z',
        code: 60,
        name: 'Expedição de documento',
        complements: 'tipo_de_documento: Certidão\ntipo_de_documento: Outros documentos',
      },
    ])
  })

  it('reads a hit without movimentos (TJAC)', () => {
    const { records, issues } = parseDatajud(file(TJAC))
    expect(issues).toEqual([])
    expect(records).toEqual([
      {
        cnj: '00176617820068010001',
        court: 'TJAC',
        degree: 'G1',
        classCode: 1114,
        className: 'Execução Contra a Fazenda Pública',
        judgingBody: '4ª Vara Cível de Rio Branco',
        judgingBodyCode: 3624,
        cityCode: null,
        filedAt: '2006-11-20',
        updatedAt: '2024-08-18T17:50:23.424Z',
        secrecyLevel: 0,
        source: 'datajud',
        subjects: [{ code: 7757, name: 'Auxílio-Doença Acidentário' }],
        parties: [],
        movements: [],
        instances: [
          {
            degree: 'G1',
            court: 'TJAC',
            classCode: 1114,
            className: 'Execução Contra a Fazenda Pública',
            judgingBody: '4ª Vara Cível de Rio Branco',
          },
        ],
      },
    ])
  })

  it('loads both files into D1, and a second import changes nothing', async () => {
    const db = deps().db
    const files = [file(TJDFT), file(TJAC)]
    const before = await rowCounts()
    const first = await importDatajud(db, files)
    expect(first.issues).toEqual([])
    expect(first.counts).toEqual({ imported: TJDFT_LAWSUITS + 1, updated: 0, unchanged: 0, skipped: 0 })
    // The 20 second-instance hits joined to their lawsuit are said, not lost (issue 38).
    expect(first.merged).toBe(137 - TJDFT_LAWSUITS)
    const after = await rowCounts()
    expect(after).toEqual({
      lawsuits: before.lawsuits + TJDFT_LAWSUITS + 1,
      movements: before.movements + TJDFT_MOVEMENTS,
      subjects: before.subjects + TJDFT_SUBJECTS + 1,
      parties: before.parties,
    })

    const [stored] = await db.select().from(lawsuits).where(eq(lawsuits.cnj, '07122527920208070015'))
    expect(stored).toMatchObject({ court: 'TJDFT', degree: 'G1', classCode: 12078, filedAt: '2020-08-05' })
    const moves = await db
      .select({ at: movements.at, name: movements.name })
      .from(movements)
      .where(eq(movements.lawsuitId, stored?.id ?? -1))
      .orderBy(movements.at)
    expect(moves).toHaveLength(252)
    expect(moves[0]).toEqual({ at: '2020-08-05T15:10:37.000Z', name: 'Distribuição' })

    const again = await importDatajud(db, files)
    expect(again).toEqual({
      counts: { imported: 0, updated: 0, unchanged: TJDFT_LAWSUITS + 1, skipped: 0 },
      issues: [],
      merged: 137 - TJDFT_LAWSUITS,
    })
    expect(await rowCounts()).toEqual(after)
  })

  it('skips bad hits with file, position and reason, and imports the rest', async () => {
    const good = buildCnj(9990001, 2024, 8, 7, 1)
    const other = buildCnj(9990002, 2024, 8, 7, 1)
    const source = (numeroProcesso: string, extra: object = {}) => ({
      numeroProcesso,
      tribunal: 'TJDFT',
      grau: 'G1',
      classe: { codigo: 7, nome: 'Procedimento Comum Cível' },
      dataAjuizamento: '20240102000000',
      dataHoraUltimaAtualizacao: '2024-03-01T10:00:00.000Z',
      nivelSigilo: 0,
      orgaoJulgador: { codigo: 1, nome: 'Vara de Teste' },
      assuntos: [{ codigo: 1, nome: 'Assunto de teste' }],
      ...extra,
    })
    const content = JSON.stringify({
      hits: {
        hits: [
          { _id: 'a', _source: source(good, { movimentos: [{ codigo: 26, nome: 'Distribuição' }] }) },
          { _id: 'b', _source: source('07200038320218070016') },
          { _id: 'c' },
          'não é um hit',
          { _id: 'd', _source: source(other, { nivelSigilo: undefined }) },
          { _id: 'e', _source: source(other, { movimentos: {} }) },
          {
            _id: 'f',
            _source: source(other, {
              movimentos: [{ codigo: 26, nome: 'Distribuição', dataHora: '2024-01-02T09:00:00.000Z' }],
            }),
          },
        ],
      },
    })
    const result = await importDatajud(deps().db, [{ name: 'ruim.json', content }])
    expect(result.issues).toEqual([
      {
        file: 'ruim.json',
        position: 'hit 1, movimento 1',
        reason: 'movimento sem data ou sem nome e código',
      },
      { file: 'ruim.json', position: 'hit 2', reason: 'número de processo inválido: "07200038320218070016"' },
      { file: 'ruim.json', position: 'hit 3', reason: 'hit sem _source' },
      { file: 'ruim.json', position: 'hit 4', reason: 'hit sem _source' },
      { file: 'ruim.json', position: 'hit 5', reason: 'nível de sigilo ausente ou inválido' },
      { file: 'ruim.json', position: 'hit 6', reason: 'movimentos em formato inesperado' },
    ])
    expect(result.counts).toEqual({ imported: 2, updated: 0, unchanged: 0, skipped: 6 })
    const [stored] = await deps().db.select().from(lawsuits).where(eq(lawsuits.cnj, good))
    expect(stored).toMatchObject({ court: 'TJDFT', filedAt: '2024-01-02', classCode: 7 })
  })

  it('reports a file that is not a DataJud response as one issue', () => {
    expect(parseDatajud({ name: 'x.json', content: 'não é JSON' }).issues).toEqual([
      { file: 'x.json', position: 'arquivo', reason: 'JSON inválido' },
    ])
    expect(parseDatajud({ name: 'y.json', content: '{"items":[]}' }).issues).toEqual([
      { file: 'y.json', position: 'arquivo', reason: 'resposta sem a lista hits.hits do DataJud' },
    ])
  })

  it('shows each instance of a lawsuit DataJud gives twice, with its class and court (issue 38)', async () => {
    await importDatajud(deps().db, [file(TJDFT)])
    const page = await (await get('/processos/0712252-79.2020.8.07.0015')).text()
    const section = page.slice(page.indexOf('id="instancias"'), page.indexOf('id="movimentacoes"'))
    expect(section).toContain('Cumprimento de Sentença contra a Fazenda Pública')
    expect(section).toContain('Apelação Cível')
    expect(section.match(/TJDFT/g)?.length).toBeGreaterThanOrEqual(2)
  })
})
