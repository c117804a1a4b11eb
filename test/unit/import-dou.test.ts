import { and, asc, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { gazetteArticles, gazetteEditions, gazetteSections, gazettes } from '~/db/schema-corpus'
import { importDou, parseDou } from '~/domain/corpus/import/formats/dou'
import { deps } from './helpers'
import { sharedFile, sharedFiles } from './shared-data'

// sharedFile/sharedFiles keep the UTF-8 BOM every INLABS file starts with: the parser must cope.
const file = (name: string) => ({ name, content: sharedFile(`dou/${name}`) })
const record = (name: string) => parseDou(file(name)).records[0]

describe('dou importer (INLABS XML)', () => {
  it('maps the TRT 9ª Região act to edition, section, page, organ and title', () => {
    const parsed = parseDou(file('529_20230512_20561817.xml'))
    expect(parsed.issues).toEqual([])
    const { body, ...rest } = parsed.records[0] ?? { body: '' }
    expect(rest).toEqual({
      gazette: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' },
      edition: { date: '2023-05-12', number: '90', extra: false },
      section: 'Seção 2',
      externalId: '20561817',
      kind: 'Ato',
      organ: 'Poder Judiciário/Tribunal Regional do Trabalho da 9ª Região',
      title: 'ATO Nº 143, DE 28 DE ABRIL DE 2023',
      page: 75,
      lawsuitCnj: null,
    })
    // Paragraphs become lines; no markup is left.
    expect(body.split('\n')).toHaveLength(4)
    expect(body.startsWith('ATO Nº 143, DE 28 DE ABRIL DE 2023\nA DESEMBARGADORA PRESIDENTE')).toBe(true)
    expect(body.endsWith('da Lei n.º 8.112/1990.\nANA CAROLINA ZAINA')).toBe(true)
    expect(body).not.toMatch(/<|&[a-z]+;/)
  })

  it('turns the CEFET-RJ edital table into one readable line per row', () => {
    const edital = record('529_20230512_20592366.xml')
    expect(edital?.title).toBe('Edital CEFET-RJ nº 5, de 11 de Maio de 2023 SUSPENSÃO DE BENEFÍCIOS')
    expect(edital?.organ).toBe('Editais e Avisos/Ministério da Educação')
    expect(edital?.page).toBe(81)
    expect(edital?.body).toContain(
      'para maiores informações.\n\nMatrícula | Nome | Situação\n05192846 | LUISETE MARIA FALCAO ORTIGAO DE SAMPAIO | Pensionista\n\nMAURICIO SALDANHA MOTTA',
    )
  })

  it('reads every sample; 604/608 (DO2E/DO3E) are extra editions', () => {
    const files = sharedFiles('dou/')
    expect(files).toHaveLength(12)
    const parsed = files.map(parseDou)
    expect(parsed.flatMap((p) => p.issues)).toEqual([])
    const summary = parsed.map((p) => {
      const r = p.records[0]
      return [r?.externalId, r?.edition.date, r?.edition.number, r?.edition.extra, r?.section, r?.page]
    })
    expect(summary).toEqual([
      ['20561817', '2023-05-12', '90', false, 'Seção 2', 75],
      ['20588399', '2023-05-12', '90', false, 'Seção 2', 52],
      ['20592366', '2023-05-12', '90', false, 'Seção 2', 81],
      ['20592532', '2023-05-12', '90', false, 'Seção 2', 79],
      ['14508442', '2023-05-12', '90', false, 'Seção 3', 40],
      ['20574118', '2023-05-12', '90', false, 'Seção 3', 70],
      ['20576861', '2023-05-12', '90', false, 'Seção 3', 155],
      ['20580672', '2023-05-12', '90', false, 'Seção 3', 202],
      ['20586659', '2023-05-12', '90', false, 'Seção 3', 2],
      ['20588760', '2023-05-12', '90', false, 'Seção 3', 197],
      ['20624218', '2023-05-23', '97-A', true, 'Seção 2 Extra', 1],
      ['20623959', '2023-05-23', '97-A', true, 'Seção 3 Extra', 1],
    ])
    // The full organ path is kept, and &gt; in the HTML is decoded.
    expect(record('530_20230512_20576861.xml')?.organ).toBe(
      'Poder Judiciário/Tribunal Regional Eleitoral do Ceará/Diretoria-Geral/Secretaria de Administração/Coordenadoria de Material e Patrimônio/Seção de Licitações e Contratos',
    )
    expect(record('530_20230512_20588760.xml')?.body).toContain('\n>> 700 (Outras Transferências')
  })

  it('groups the 12 matérias into 2 editions and 4 sections in D1, and a second import changes nothing', async () => {
    const db = deps().db
    const files = sharedFiles('dou/')
    const first = await importDou(db, files)
    expect(first).toEqual({ counts: { imported: 12, updated: 0, unchanged: 0, skipped: 0 }, issues: [] })

    const dou = await db.select().from(gazettes).where(eq(gazettes.slug, 'dou'))
    expect(dou).toHaveLength(1)
    const gazetteId = dou[0]?.id ?? 0
    const editions = await db
      .select({ date: gazetteEditions.date, number: gazetteEditions.number, extra: gazetteEditions.extra })
      .from(gazetteEditions)
      .where(eq(gazetteEditions.gazetteId, gazetteId))
      .orderBy(asc(gazetteEditions.date))
    expect(editions).toEqual([
      { date: '2023-05-12', number: '90', extra: false },
      { date: '2023-05-23', number: '97-A', extra: true },
    ])
    const sections = await db
      .select({
        edition: gazetteEditions.number,
        section: gazetteSections.name,
        articles: count(gazetteArticles.id),
      })
      .from(gazetteSections)
      .innerJoin(gazetteEditions, eq(gazetteSections.editionId, gazetteEditions.id))
      .leftJoin(gazetteArticles, eq(gazetteArticles.sectionId, gazetteSections.id))
      .where(eq(gazetteEditions.gazetteId, gazetteId))
      .groupBy(gazetteSections.id)
      .orderBy(asc(gazetteEditions.date), asc(gazetteSections.slug))
    expect(sections).toEqual([
      { edition: '90', section: 'Seção 2', articles: 4 },
      { edition: '90', section: 'Seção 3', articles: 6 },
      { edition: '97-A', section: 'Seção 2 Extra', articles: 1 },
      { edition: '97-A', section: 'Seção 3 Extra', articles: 1 },
    ])
    const [ato] = await db
      .select({
        title: gazetteArticles.title,
        organ: gazetteArticles.organ,
        date: gazetteArticles.date,
        page: gazetteArticles.page,
        section: gazetteSections.name,
      })
      .from(gazetteArticles)
      .innerJoin(gazetteSections, eq(gazetteArticles.sectionId, gazetteSections.id))
      .where(and(eq(gazetteArticles.gazetteId, gazetteId), eq(gazetteArticles.externalId, '20561817')))
    expect(ato).toEqual({
      title: 'ATO Nº 143, DE 28 DE ABRIL DE 2023',
      organ: 'Poder Judiciário/Tribunal Regional do Trabalho da 9ª Região',
      date: '2023-05-12',
      page: 75,
      section: 'Seção 2',
    })

    const again = await importDou(db, files)
    expect(again).toEqual({ counts: { imported: 0, updated: 0, unchanged: 12, skipped: 0 }, issues: [] })
  })

  it('skips malformed files with file, position and reason, and imports the good one', async () => {
    const good = sharedFile('dou/529_20230512_20561817.xml')
    const files = [
      { name: 'texto.xml', content: 'isto não é XML' },
      { name: 'sem-article.xml', content: '<xml><outro/></xml>' },
      { name: 'sem-id.xml', content: good.replace('idMateria="20561817"', 'idMateria=""') },
      { name: 'sem-data.xml', content: good.replace('pubDate="12/05/2023"', 'pubDate="2023-05-12"') },
      {
        name: 'sem-texto.xml',
        content: good.replace(/<Texto>[\s\S]*<\/Texto>/, '<Texto><![CDATA[ <p></p> ]]></Texto>'),
      },
      // Single quotes, &amp; in an attribute, plain (non-CDATA) content with entities.
      {
        name: 'boa.xml',
        content: `<xml><article idMateria='99000001' pubName="DO1" artType="Aviso" pubDate="01/06/2023" artCategory="Ministério A &amp; B" numberPage="" editionNumber="100"><body><Identifica>AVISO &amp; NOTA</Identifica><Texto>&lt;p&gt;Primeiro.&lt;/p&gt;&lt;p&gt;Segundo.&lt;/p&gt;</Texto></body></article></xml>`,
      },
    ]
    const result = await importDou(deps().db, files)
    expect(result.counts).toEqual({ imported: 1, updated: 0, unchanged: 0, skipped: 5 })
    expect(result.issues).toEqual([
      { file: 'texto.xml', position: 'article', reason: 'não é um arquivo XML' },
      { file: 'sem-article.xml', position: 'article', reason: 'elemento <article> ausente' },
      { file: 'sem-id.xml', position: 'article', reason: 'atributo idMateria ausente' },
      {
        file: 'sem-data.xml',
        position: 'article',
        reason: 'data de publicação (pubDate) ausente ou inválida: "2023-05-12"',
      },
      { file: 'sem-texto.xml', position: 'article', reason: 'matéria 20561817 sem texto (<Texto> vazio)' },
    ])
    const [row] = await deps()
      .db.select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, '99000001'))
    expect(row).toMatchObject({
      title: 'AVISO & NOTA',
      organ: 'Ministério A & B',
      body: 'Primeiro.\nSegundo.',
      page: null,
      kind: 'Aviso',
      date: '2023-06-01',
    })
  })
})
