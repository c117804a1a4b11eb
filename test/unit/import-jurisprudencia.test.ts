import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { decisions } from '~/db/schema-corpus'
import { maskedDecisions } from '~/db/schema-privacy'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import {
  classOf,
  importJurisprudencia,
  parseJurisprudencia,
} from '~/domain/corpus/import/formats/jurisprudencia'
import { stripBom } from '~/domain/corpus/import/text'
import { maskDecisions } from '~/domain/corpus/masking/mask-decisions.server'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { deps, get } from './helpers'
import { sharedFile } from './shared-data'

const file = () => ({
  name: 'tjal_ementas_sample.csv',
  content: stripBom(sharedFile('jurisprudencia/tjal_ementas_sample.csv')),
})

const HEADER =
  'ementa_filepath,process_number,process_type,orgao_julgador,publish_date,judgment_date,judge_relator,ementa_text,decisions,decision_description,decision_text,decision_label,decision_unanimity_text,decision_unanimity'

/** A CSV line in the upstream layout (every field quoted, RFC 4180). */
const row = (fields: Record<string, string>) =>
  HEADER.split(',')
    .map((name) => `"${(fields[name] ?? '-').replaceAll('"', '""')}"`)
    .join(',')

describe('jurisprudencia importer (TJAL ementas CSV)', () => {
  it('reads all 300 rows with court, formatted number, class and dates', () => {
    const { records, issues } = parseJurisprudencia(file())
    expect(issues).toEqual([])
    expect(records).toHaveLength(300)
    expect(new Set(records.map((r) => r.externalId)).size).toBe(300)
    expect(new Set(records.map((r) => r.court))).toEqual(new Set(['TJAL']))
    // judgment_date is always '-' upstream.
    expect(records.filter((r) => r.judgedAt !== null)).toHaveLength(0)
    expect(records.filter((r) => r.publishedAt === null)).toHaveLength(0)
    const first = records[0]
    expect(first).toMatchObject({
      externalId: 'tjal:08050346220188020000:32b8fdc9',
      court: 'TJAL',
      className: 'Agravo de Instrumento',
      number: '0805034-62.2018.8.02.0000',
      rapporteur: 'Des. Pedro Augusto Mendonça de Araújo',
      judgingBody: '2ª Câmara Cível',
      judgedAt: null,
      publishedAt: '2019-02-15',
      fullText: 'RECURSO CONHECIDO E NÃO PROVIDO',
      outcome: 'no',
    })
    expect(first?.summary).toMatch(
      /^AGRAVO DE INSTRUMENTO\. DIREITO CIVIL E PROCESSUAL CIVIL\. .* DECISÃO UNÂNIME\.$/,
    )
    const classes: Record<string, number> = {}
    for (const r of records) classes[String(r.className)] = (classes[String(r.className)] ?? 0) + 1
    expect(classes).toMatchObject({
      'Apelação Cível': 100,
      'Agravo de Instrumento': 63,
      'Habeas Corpus': 57,
      'Embargos de Declaração': 28,
      null: 12,
    })
  })

  it('finds the class only where the ementa or decision names it', () => {
    expect(classOf('PENAL. PROCESSUAL PENAL. HABEAS CORPUS. ROUBO.', null)).toBe('Habeas Corpus')
    expect(classOf('EMBARGOS DE DECLARAÇÃO EM APELAÇÃO CÍVEL. OMISSÃO.', null)).toBe('Embargos de Declaração')
    expect(classOf('APELAÇÕES CÍVEIS. URV.', null)).toBe('Apelação Cível')
    expect(classOf('PENAL. RECEPTAÇÃO.', '2- Habeas corpus prejudicado')).toBe('Habeas Corpus')
    expect(classOf('AÇÃO DE COBRANÇA. SERVIDOR PÚBLICO MUNICIPAL.', 'RECURSO CONHECIDO E PROVIDO')).toBeNull()
  })

  it('loads 300 decisions into D1, and a second import changes nothing', async () => {
    const db = deps().db
    const first = await importJurisprudencia(singleDatabaseCorpus(db), [file()])
    expect(first).toEqual({ counts: { imported: 300, updated: 0, unchanged: 0, skipped: 0 }, issues: [] })
    const [stored] = await db
      .select()
      .from(decisions)
      .where(eq(decisions.number, '0805034-62.2018.8.02.0000'))
    expect(stored).toMatchObject({
      court: 'TJAL',
      rapporteur: 'Des. Pedro Augusto Mendonça de Araújo',
      judgingBody: '2ª Câmara Cível',
      publishedAt: '2019-02-15',
      outcome: 'no',
    })

    const again = await importJurisprudencia(singleDatabaseCorpus(db), [file()])
    expect(again).toEqual({ counts: { imported: 0, updated: 0, unchanged: 300, skipped: 0 }, issues: [] })
    const [total] = await db.select({ n: count() }).from(decisions)
    expect(total?.n).toBe(300)
  })

  it('skips bad rows with file, position and reason, and imports the rest', async () => {
    const sp = buildCnj(1234, 2019, 8, 26, 100)
    const good = {
      process_number: formatCnj(sp),
      orgao_julgador: '1ª Câmara Cível',
      publish_date: '31/02/2019',
      judge_relator: 'Des. Teste',
      ementa_text: ' APELAÇÃO CÍVEL. TESTE. RECURSO CONHECIDO E PROVIDO. ',
      decision_text: '',
      decision_description: 'Recurso conhecido e provido',
      decision_label: 'nan',
    }
    const content = [
      HEADER,
      row({ process_number: '0000001-00.2019.8.02.0001', ementa_text: '' }),
      row({ process_number: '', ementa_text: 'HABEAS CORPUS. SEM NÚMERO.' }),
      row(good).split(',').slice(0, 13).join(','),
      row(good),
      row({ ...good, process_number: '123/2019', publish_date: '01/03/2019' }),
      row(good),
    ].join('\r\n')
    const { records } = parseJurisprudencia({ name: 'ruim.csv', content })
    expect(records.map((r) => [r.court, r.number, r.publishedAt, r.summary, r.fullText, r.outcome])).toEqual([
      [
        'TJSP',
        formatCnj(sp),
        null,
        'APELAÇÃO CÍVEL. TESTE. RECURSO CONHECIDO E PROVIDO.',
        'Recurso conhecido e provido',
        null,
      ],
      [
        'TJAL',
        '123/2019',
        '2019-03-01',
        'APELAÇÃO CÍVEL. TESTE. RECURSO CONHECIDO E PROVIDO.',
        'Recurso conhecido e provido',
        null,
      ],
    ])
    const result = await importJurisprudencia(singleDatabaseCorpus(deps().db), [
      { name: 'ruim.csv', content },
    ])
    expect(result.counts).toEqual({ imported: 2, updated: 0, unchanged: 0, skipped: 4 })
    expect(result.issues).toEqual([
      { file: 'ruim.csv', position: 'linha 2', reason: 'ementa vazia' },
      { file: 'ruim.csv', position: 'linha 3', reason: 'número do processo ausente' },
      { file: 'ruim.csv', position: 'linha 4', reason: 'linha com 13 campos, esperados 14' },
      {
        file: 'ruim.csv',
        position: 'linha 7',
        reason: 'decisão repetida: mesmo processo e mesma ementa da linha 5',
      },
    ])
    const [total] = await deps().db.select({ n: count() }).from(decisions)
    expect(total?.n).toBe(302)
  })

  it('imports nothing when the header is not the 14 expected columns', async () => {
    const content = 'process_number,ementa_text\r\n0805034-62.2018.8.02.0000,EMENTA\r\n'
    const result = await importJurisprudencia(singleDatabaseCorpus(deps().db), [
      { name: 'outro.csv', content },
    ])
    expect(result.counts).toEqual({ imported: 0, updated: 0, unchanged: 0, skipped: 1 })
    expect(result.issues).toHaveLength(1)
    expect(result.issues[0]).toMatchObject({ file: 'outro.csv', position: 'cabeçalho' })
    expect(result.issues[0]?.reason).toMatch(
      /^cabeçalho inesperado: esperadas as 14 colunas .*faltam ementa_filepath/,
    )
  })

  it('an ementa in capitals of a sensitive matter keeps its words, and one the old reader masked is masked again from its original (issue 38 C)', async () => {
    const db = deps().db
    const corpus = singleDatabaseCorpus(db)
    await importJurisprudencia(corpus, [file()])
    const stored = async () =>
      (await db.select().from(decisions).where(eq(decisions.number, '0800256-09.2018.8.02.9002')))[0]
    const decision = await stored()
    const ementa =
      'HABEAS CORPUS. ESTUPRO DE VULNERÁVEL (ART. 217-A, DO CÓDIGO PENAL). PLEITO DE DECLARAÇÃO DE NULIDADE'
    expect(decision?.summary.startsWith(ementa)).toBe(true)
    const page = await (await get(`/jurisprudencia/${decision?.id}`)).text()
    expect(page).toContain(ementa)
    expect(page).not.toContain('H. C. E. V.')

    // As the old reader stored it: the original kept, the initials shown.
    const [kept] = await db
      .select()
      .from(maskedDecisions)
      .where(eq(maskedDecisions.decisionId, decision?.id ?? 0))
    expect(kept?.summary.startsWith(ementa)).toBe(true)
    const old = 'H. C. E. V. (ART. 217-A, C. P.). P. D. N. P.'
    await db
      .update(decisions)
      .set({ summary: old })
      .where(eq(decisions.id, decision?.id ?? 0))
    expect(await maskDecisions(corpus, db, [decision?.id ?? 0])).toBe(1)
    expect((await stored())?.summary.startsWith(ementa)).toBe(true)
    // Again: nothing changes.
    expect(await maskDecisions(corpus, db, [decision?.id ?? 0])).toBe(0)
  })

  it("shows the dataset's result labels in Portuguese (issue 38 item 13)", async () => {
    const db = deps().db
    await importJurisprudencia(singleDatabaseCorpus(db), [file()])
    const label = async (number: string) => {
      const [row] = await db.select().from(decisions).where(eq(decisions.number, number))
      const page = await (await get(`/jurisprudencia/${row?.id}`)).text()
      return { stored: row?.outcome, page }
    }
    const no = await label('0805034-62.2018.8.02.0000')
    expect(no.stored).toBe('no')
    expect(no.page).toContain('Não provido')
    expect(no.page).not.toMatch(/>no</)
    const yes = await label('0701224-55.2017.8.02.0049')
    expect(yes.page).toContain('>Provido<')
  })
})
