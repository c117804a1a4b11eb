import { asc, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { provisions, statutes } from '~/db/schema-corpus'
import { importConstituicao, parseConstituicao } from '~/domain/corpus/import/formats/constituicao'
import { stripBom } from '~/domain/corpus/import/text'
import { deps } from './helpers'
import { sharedFile } from './shared-data'

const PATH = 'legislacao/constituicao_20200826_EMC108.csv'
const file = () => ({ name: 'constituicao_20200826_EMC108.csv', content: stripBom(sharedFile(PATH)) })
const URN = 'urn:lex:br:federal:constituicao:1988-10-05;1988'

// 2,991 rows: 98 headings (10 títulos incl. the ADCT, 33 capítulos, 50 seções, 5 subseções) and
// 2,893 devices. Art. 144 § 6º appears twice upstream (the EC 104/2019 text, then the old one):
// the second is reported and left out, so 2,990 provisions.
const PROVISIONS = 2990
const DUPLICATE = {
  file: 'constituicao_20200826_EMC108.csv',
  position: 'linha 1547',
  reason: 'dispositivo repetido: a âncora art144_par6 já foi usada na linha 1546',
}

const TEXT: Record<string, string> = {
  art1: 'Art. 1º A República Federativa do Brasil, formada pela união indissolúvel dos Estados e Municípios e do Distrito Federal, constitui-se em Estado democrático de direito e tem como fundamentos:',
  art5_inc3: 'III - ninguém será submetido a tortura nem a tratamento desumano ou degradante;',
  art1_parunico:
    'Parágrafo único. Todo o poder emana do povo, que o exerce por meio de representantes eleitos ou diretamente, nos termos desta Constituição.',
  art5_inc28_alia:
    'a) a proteção às participações individuais em obras coletivas e à reprodução da imagem e voz humanas, inclusive nas atividades desportivas;',
  adct: 'Ato das Disposições Constitucionais Transitórias',
  adct_art2_par1:
    '§ 1º Será assegurada gratuidade na livre divulgação dessas formas e sistemas, através dos meios de comunicação de massa cessionários de serviço público.',
  art144_par6:
    '§ 6º As polícias militares e os corpos de bombeiros militares, forças auxiliares e reserva do Exército subordinam-se, juntamente com as polícias civis e as polícias penais estaduais e distrital, aos Governadores dos Estados, do Distrito Federal e dos Territórios.',
  tit8_cap4: 'CAPÍTULO IV: DA CIÊNCIA, TECNOLOGIA E INOVAÇÃO',
}

describe('constituicao importer (abjur/constituicao CSV, EC 108)', () => {
  it('reads one statute with every device under a stable, unique anchor', () => {
    const { record, issues } = parseConstituicao(file())
    expect(issues).toEqual([DUPLICATE])
    expect(record).toMatchObject({
      urn: URN,
      slug: 'constituicao-federal-1988',
      kind: 'Constituição',
      number: null,
      date: '1988-10-05',
      title: 'Constituição da República Federativa do Brasil de 1988',
      summary:
        'Texto da Constituição da República Federativa do Brasil de 1988 vigente até a Emenda Constitucional nº 108, de 26/08/2020.',
      sphere: 'federal',
    })
    const items = record?.provisions ?? []
    expect(items).toHaveLength(PROVISIONS)
    expect(new Set(items.map((p) => p.anchor)).size).toBe(PROVISIONS)
    const kinds: Record<string, number> = {}
    for (const p of items) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1
    expect(kinds).toEqual({
      titulo: 10,
      capitulo: 33,
      secao: 50,
      subsecao: 5,
      artigo: 382,
      paragrafo: 919,
      inciso: 1308,
      alinea: 283,
    })
    const at = (anchor: string) => items.find((p) => p.anchor === anchor)
    for (const [anchor, text] of Object.entries(TEXT)) expect(at(anchor)?.text, anchor).toBe(text)
    expect(items.slice(0, 3).map((p) => [p.anchor, p.kind, p.depth])).toEqual([
      ['tit1', 'titulo', 0],
      ['art1', 'artigo', 1],
      ['art1_inc1', 'inciso', 2],
    ])
    // Depth follows the tree: Título II > Capítulo I > art. 5 > inciso XXVIII > alínea a.
    expect(at('tit2_cap1')?.depth).toBe(1)
    expect(at('art5')?.depth).toBe(2)
    expect(at('art5_inc28_alia')?.depth).toBe(4)
    expect(at('tit4_cap1_sec8_sub2')?.kind).toBe('subsecao')
    // Numbers with letters, incisos under a parágrafo único, ADCT articles restarting at 1.
    expect(at('art219a')?.text).toMatch(/^Art\. 219-A\. /)
    expect(at('art40_par4a')?.text).toMatch(/^§ 4º-A\. /)
    expect(at('art92_inc1a')?.text).toBe('I-A - o Conselho Nacional de Justiça;')
    expect(at('art87_parunico_inc1')?.depth).toBe(5)
    expect(at('adct_art1')?.text).toMatch(/^Art\. 1º O Presidente da República, o Presidente do Supremo/)
    expect(items.filter((p) => p.anchor.startsWith('adct')).length).toBe(548)
  })

  it('loads into D1 in document order, and a second import changes nothing', async () => {
    const db = deps().db
    const first = await importConstituicao(db, [file()])
    expect(first).toEqual({
      counts: { imported: PROVISIONS, updated: 0, unchanged: 0, skipped: 1 },
      issues: [DUPLICATE],
    })
    const [statute] = await db.select().from(statutes).where(eq(statutes.urn, URN))
    expect(statute?.slug).toBe('constituicao-federal-1988')
    const id = statute?.id ?? 0
    const rows = await db
      .select({ anchor: provisions.anchor, text: provisions.text, position: provisions.position })
      .from(provisions)
      .where(eq(provisions.statuteId, id))
      .orderBy(asc(provisions.position))
    expect(rows).toHaveLength(PROVISIONS)
    const position = (anchor: string) => rows.find((r) => r.anchor === anchor)?.position
    expect(position('art5')).toBe(28)
    expect(position('art6')).toBe(136)
    expect(position('adct')).toBe(2442)
    expect(rows.find((r) => r.anchor === 'art5_inc3')?.text).toBe(TEXT.art5_inc3)

    const again = await importConstituicao(db, [file()])
    expect(again.counts).toEqual({ imported: 0, updated: 0, unchanged: PROVISIONS, skipped: 1 })
    const [total] = await db.select({ n: count() }).from(provisions).where(eq(provisions.statuteId, id))
    expect(total?.n).toBe(PROVISIONS)
    expect((await db.select().from(statutes).where(eq(statutes.urn, URN))).length).toBe(1)
  })

  it('skips bad rows with file, position and reason, and imports the rest', async () => {
    // Runs last: the crafted text replaces the statute imported above (same URN).
    const content = [
      'classe,texto,titulo,capitulo,secao,subsecao,artigo,paragrafo,inciso,alinea',
      'titartb,Título I: Dos Princípios Fundamentais,1,NA,NA,NA,NA,NA,NA,NA',
      'artigo,Art. 1º Texto.,1,NA,NA,NA,1,NA,NA,NA',
      'preambulo,"Nós, representantes do povo brasileiro",NA,NA,NA,NA,NA,NA,NA,NA',
      'inciso,,1,NA,NA,NA,1,NA,1,NA',
      'inciso,I - primeiro;,1,NA,NA,NA,1,NA,1,NA',
      'inciso,I - de novo;,1,NA,NA,NA,1,NA,1,NA',
      'paragrafo,§ sem número,1,NA,NA,NA,1,NA,NA,NA',
    ].join('\n')
    const result = await importConstituicao(deps().db, [{ name: 'ruim.csv', content }])
    expect(result.counts).toEqual({ imported: 0, updated: 3, unchanged: 0, skipped: 4 })
    expect(result.issues).toEqual([
      { file: 'ruim.csv', position: 'linha 4', reason: 'classe desconhecida: "preambulo"' },
      { file: 'ruim.csv', position: 'linha 5', reason: 'texto vazio' },
      {
        file: 'ruim.csv',
        position: 'linha 7',
        reason: 'dispositivo repetido: a âncora art1_inc1 já foi usada na linha 6',
      },
      { file: 'ruim.csv', position: 'linha 8', reason: 'parágrafo sem número' },
    ])
    const rows = await deps()
      .db.select({ anchor: provisions.anchor })
      .from(provisions)
      .innerJoin(statutes, eq(statutes.id, provisions.statuteId))
      .where(eq(statutes.urn, URN))
      .orderBy(asc(provisions.position))
    expect(rows.map((r) => r.anchor)).toEqual(['tit1', 'art1', 'art1_inc1'])
  })

  it('reports a header without the device columns as one issue', () => {
    const { record, issues } = parseConstituicao({ name: 'x.csv', content: 'classe,texto\nartigo,Art. 1º\n' })
    expect(record).toBeNull()
    expect(issues).toEqual([
      {
        file: 'x.csv',
        position: 'cabeçalho',
        reason: 'colunas ausentes no cabeçalho: artigo, paragrafo, inciso, alinea',
      },
    ])
  })
})
