import { and, count, eq, inArray, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  articleMentions,
  gazetteArticles,
  gazetteEditions,
  gazetteSections,
  gazettes,
  lawsuits,
  parties,
  partyLawyers,
  people,
} from '~/db/schema-corpus'
import { monitorings } from '~/db/schema-monitoring'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { importDjen, lawyerPole, parseDjen } from '~/domain/corpus/import/formats/djen'
import { stripBom } from '~/domain/corpus/import/text'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { describeMonitoring } from '~/domain/monitoring/describe.server'
import type { MonitoringRow } from '~/domain/monitoring/monitorings.server'
import { createUser, deps, get } from './helpers'
import { sharedFile } from './shared-data'

const file = (path: string) => ({ name: path.split('/').pop() ?? path, content: stripBom(sharedFile(path)) })
const TJRJ = 'djen/tjrj_comunicacoes_09199921120238190001.json'
const CNJ = '09199921120238190001'
const IDS = ['417370278', '344526996', '303585197']
const ATIVO = 'PARTE/PROCESSO SIGILOSO OU PROCESSO ESTá EM SEGREDO DE JUSTIçA.1'
const PASSIVO = 'PARTE/PROCESSO SIGILOSO OU PROCESSO ESTá EM SEGREDO DE JUSTIçA.3'
const LAWYERS = [
  { name: 'LUIZ PEIXOTO DE SIQUEIRA FILHO', oabNumber: '94719', oabUf: 'RJ' },
  { name: 'THAYANE CUNHA DO NASCIMENTO PAULINO', oabNumber: '196913', oabUf: 'RJ' },
]

describe('djen importer (CNJ Comunica / DJEN responses)', () => {
  it('reads each item as a matéria and as information about its lawsuit', () => {
    const { articles, lawsuits: records, issues } = parseDjen(file(TJRJ))
    expect(issues).toEqual([])
    expect(articles.map((a) => a.externalId)).toEqual(IDS)
    expect(articles.map((a) => a.edition.date)).toEqual(['2025-09-29', '2025-08-06', '2025-06-23'])
    const [pauta, , distribution] = articles
    expect(pauta).toMatchObject({
      gazette: { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' },
      edition: { date: '2025-09-29', number: '', extra: false },
      section: 'TJRJ',
      kind: 'Pauta de julgamento',
      organ: 'SECRETARIA DA 2ª CÂMARA DE DIREITO PRIVADO (ANTIGA 3ª CÂMARA CÍVEL)',
      title: 'Pauta de julgamento – processo 0919992-11.2023.8.19.0001',
      page: null,
      lawsuitCnj: CNJ,
      mentions: { people: [], companies: [] },
    })
    expect(
      pauta?.body.startsWith(
        '*** SECRETARIA DA 2ª CÂMARA DE DIREITO PRIVADO (ANTIGA 3ª CÂMARA CÍVEL) ***\n---',
      ),
    ).toBe(true)
    // The third text mixes "\n\r" and "\r\n": both become "\n", no stray "\r" left.
    expect(articles.some((a) => a.body.includes('\r'))).toBe(false)
    expect(distribution?.body).toContain('Lâmina III\nHORÁRIOS DE DISTRIBUIÇÃO:\n\nÀs 11 horas')
    expect(distribution?.title).toBe('Lista de distribuição – processo 0919992-11.2023.8.19.0001')

    // Three communications of one lawsuit → one record; the court's placeholders kept as party names.
    expect(records).toEqual([
      {
        cnj: CNJ,
        court: 'TJRJ',
        className: 'APELAçãO CíVEL',
        classCode: 198,
        secrecyLevel: 0,
        source: 'djen',
        subjects: [],
        movements: [],
        // Each lawyer with the pole the text prints before it ("APTE: … ADVOGADO: LUIZ …").
        parties: [
          { pole: 'ativo', name: ATIVO, lawyers: [LAWYERS[0]] },
          { pole: 'passivo', name: PASSIVO, lawyers: [LAWYERS[1]] },
        ],
      },
    ])
  })

  it('loads matérias, the lawsuit and its lawyers into D1, and a second import changes nothing', async () => {
    const db = deps().db
    const first = await importDjen(db, [file(TJRJ)])
    expect(first.issues).toEqual([])
    // 3 matérias + 1 lawsuit
    expect(first.counts).toEqual({ imported: 4, updated: 0, unchanged: 0, skipped: 0 })

    const stored = await db
      .select({ id: gazetteArticles.id, title: gazetteArticles.title, date: gazetteArticles.date })
      .from(gazetteArticles)
      .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
      .where(and(eq(gazettes.slug, 'djen'), inArray(gazetteArticles.externalId, IDS)))
    expect(stored).toHaveLength(3)
    expect(stored.every((a) => a.title.endsWith('0919992-11.2023.8.19.0001'))).toBe(true)
    const editions = await db
      .select({ date: gazetteEditions.date, section: gazetteSections.name })
      .from(gazetteArticles)
      .innerJoin(gazetteEditions, eq(gazetteEditions.id, gazetteArticles.editionId))
      .innerJoin(gazetteSections, eq(gazetteSections.id, gazetteArticles.sectionId))
      .where(inArray(gazetteArticles.externalId, IDS))
      .orderBy(gazetteEditions.date)
    expect(editions).toEqual([
      { date: '2025-06-23', section: 'TJRJ' },
      { date: '2025-08-06', section: 'TJRJ' },
      { date: '2025-09-29', section: 'TJRJ' },
    ])

    const [lawsuit] = await db.select().from(lawsuits).where(eq(lawsuits.cnj, CNJ))
    expect(lawsuit).toMatchObject({
      court: 'TJRJ',
      classCode: 198,
      // The API's own "APELAçãO CíVEL" is stored readable (decisions/0058).
      className: 'Apelação Cível',
      source: 'djen',
    })
    const lawyers = await db
      .select({
        pole: parties.pole,
        party: parties.name,
        personId: parties.personId,
        name: partyLawyers.name,
        oabNumber: partyLawyers.oabNumber,
        oabUf: partyLawyers.oabUf,
      })
      .from(partyLawyers)
      .innerJoin(parties, eq(parties.id, partyLawyers.partyId))
      .where(eq(parties.lawsuitId, lawsuit?.id ?? -1))
      .orderBy(partyLawyers.name)
    expect(lawyers).toEqual([
      { pole: 'ativo', party: ATIVO, personId: null, ...LAWYERS[0] },
      { pole: 'passivo', party: PASSIVO, personId: null, ...LAWYERS[1] },
    ])
    const [partyCount] = await db
      .select({ n: count() })
      .from(parties)
      .where(eq(parties.lawsuitId, lawsuit?.id ?? -1))
    expect(partyCount?.n).toBe(2)

    // Secrecy placeholders never become people nor mentions.
    expect(await db.select().from(people).where(like(people.slug, '%sigilos%'))).toEqual([])
    const [mentions] = await db
      .select({ n: count() })
      .from(articleMentions)
      .where(
        inArray(
          articleMentions.articleId,
          stored.map((a) => a.id),
        ),
      )
    expect(mentions?.n).toBe(0)

    const again = await importDjen(db, [file(TJRJ)])
    expect(again).toEqual({ counts: { imported: 0, updated: 0, unchanged: 4, skipped: 0 }, issues: [] })
    const [articleCount] = await db
      .select({ n: count() })
      .from(gazetteArticles)
      .where(inArray(gazetteArticles.externalId, IDS))
    expect(articleCount?.n).toBe(3)
    const [lawyerCount] = await db
      .select({ n: count() })
      .from(partyLawyers)
      .innerJoin(parties, eq(parties.id, partyLawyers.partyId))
      .where(eq(parties.lawsuitId, lawsuit?.id ?? -1))
    expect(lawyerCount?.n).toBe(2)
  })

  it('skips bad items with file, position and reason, and imports the rest', async () => {
    const good = buildCnj(9990003, 2024, 8, 19, 1)
    const item = (extra: object) => ({
      id: 990001,
      data_disponibilizacao: '2024-05-02',
      siglaTribunal: 'TJRJ',
      tipoComunicacao: 'Intimação',
      nomeOrgao: 'Vara de Teste',
      texto: 'Intimação de teste.\r\nSegunda linha.',
      numero_processo: good,
      nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
      codigoClasse: '7',
      ativo: true,
      numeroprocessocommascara: null,
      destinatarios: [
        { polo: 'P', nome: 'JOSÉ FICTÍCIO DE TESTE' },
        { polo: 'A', nome: 'MARIA FICTÍCIA DE TESTE' },
        { polo: 'A', nome: 'PARTE/PROCESSO SIGILOSO OU PROCESSO ESTá EM SEGREDO DE JUSTIçA.2' },
        { polo: 'T', nome: 'JOÃO FICTÍCIO TERCEIRO' },
      ],
      destinatarioadvogados: [{ advogado: { nome: 'ADVOGADA FICTÍCIA', numero_oab: '123', uf_oab: 'rj' } }],
      ...extra,
    })
    const content = JSON.stringify({
      status: 'success',
      count: 5,
      items: [
        item({ id: 990002, numero_processo: '09199921120238190002' }),
        item({ id: 990003, texto: '' }),
        item({ id: undefined }),
        item({ id: 990004, ativo: false, motivo_cancelamento: 'Publicação em duplicidade' }),
        item({}),
      ],
    })
    const result = await importDjen(deps().db, [{ name: 'ruim.json', content }])
    expect(result.issues).toEqual([
      {
        file: 'ruim.json',
        position: 'item 1',
        reason: 'número de processo inválido: "09199921120238190002"',
      },
      { file: 'ruim.json', position: 'item 2', reason: 'comunicação sem texto' },
      { file: 'ruim.json', position: 'item 3', reason: 'item sem id' },
      { file: 'ruim.json', position: 'item 4', reason: 'comunicação cancelada: Publicação em duplicidade' },
    ])
    expect(result.counts).toEqual({ imported: 2, updated: 0, unchanged: 0, skipped: 4 })

    const { articles, lawsuits: records } = parseDjen({ name: 'ruim.json', content })
    expect(articles.map((a) => a.title)).toEqual([`Intimação – processo ${formatCnj(good)}`])
    expect(articles[0]?.body).toBe('Intimação de teste.\nSegunda linha.')
    // Real names become mentions; the placeholder does not.
    expect(articles[0]?.mentions?.people).toEqual([
      'JOSÉ FICTÍCIO DE TESTE',
      'MARIA FICTÍCIA DE TESTE',
      'JOÃO FICTÍCIO TERCEIRO',
    ])
    // Unknown polo → outros. The text prints no role before the lawyer: listed under no party
    // (issue 38: not with a party it may not represent).
    expect(records[0]?.parties.map((p) => [p.pole, p.name, p.lawyers.length])).toEqual([
      ['passivo', 'JOSÉ FICTÍCIO DE TESTE', 0],
      ['ativo', 'MARIA FICTÍCIA DE TESTE', 0],
      ['ativo', 'PARTE/PROCESSO SIGILOSO OU PROCESSO ESTá EM SEGREDO DE JUSTIçA.2', 0],
      ['outros', 'JOÃO FICTÍCIO TERCEIRO', 0],
      ['outros', '', 1],
    ])
    expect(records[0]?.parties[4]?.lawyers).toEqual([
      { name: 'ADVOGADA FICTÍCIA', oabNumber: '123', oabUf: 'RJ' },
    ])
    expect(records[0]?.classCode).toBe(7)
  })

  it('reports a file that is not a DJEN response as one issue', () => {
    expect(parseDjen({ name: 'x.json', content: '<html>' }).issues).toEqual([
      { file: 'x.json', position: 'arquivo', reason: 'JSON inválido' },
    ])
    expect(parseDjen({ name: 'y.json', content: '{"hits":{}}' }).issues).toEqual([
      { file: 'y.json', position: 'arquivo', reason: 'resposta sem a lista items do DJEN' },
    ])
  })
})

describe('secrecy across sources', () => {
  it('a source reporting level 0 never makes a secret lawsuit public again', async () => {
    const db = deps().db
    const base = { court: 'TJSP', subjects: [], parties: [], movements: [] }
    const cnj = '00000017220248260001'
    await upsertLawsuits(db, [{ ...base, cnj, secrecyLevel: 3, source: 'datajud' }])
    await upsertLawsuits(db, [{ ...base, cnj, secrecyLevel: 0, source: 'djen' }])
    const [row] = await db.select().from(lawsuits).where(eq(lawsuits.cnj, cnj))
    expect(row?.secrecyLevel).toBe(3)
  })

  it('states a secret party in Portuguese, lists lawyers under their pole, and cites each publication in one text (issue 38)', async () => {
    await importDjen(deps().db, [file(TJRJ)])
    const page = await (await get('/processos/0919992-11.2023.8.19.0001')).text()
    expect(page).not.toContain('SIGILOSO OU PROCESSO')
    expect(page).toContain('Parte em segredo de justiça')
    expect(page).toContain('Este processo tem partes em segredo de justiça')
    const ativo = page.slice(page.indexOf('Polo ativo'), page.indexOf('Polo passivo'))
    expect(ativo).toContain('LUIZ PEIXOTO DE SIQUEIRA FILHO')
    expect(ativo).not.toContain('THAYANE')
    expect(page.slice(page.indexOf('Polo passivo'))).toContain('THAYANE CUNHA DO NASCIMENTO PAULINO')
    // "Diário de Justiça Eletrônico Nacional de 29/09/2025", not "…Nacional<!-- -->, <!-- -->29/09/2025".
    expect(page).toContain('Diário de Justiça Eletrônico Nacional de 29/09/2025')
    expect(page).not.toMatch(/Nacional(<!-- -->)?, /)
    const api = await (await get('/api/v2/processos/0919992-11.2023.8.19.0001')).text()
    expect(api).not.toContain('SIGILOSO OU PROCESSO')
    // Its monitoring's page says so too.
    const user = await createUser()
    const [watch] = await deps()
      .db.insert(monitorings)
      .values({
        userId: user.id,
        kind: 'processo',
        term: '0919992-11.2023.8.19.0001',
        cnj: CNJ,
        sources: ['processos'],
      })
      .returning()
    expect(await describeMonitoring(deps(), watch as MonitoringRow)).toContain(
      'As partes deste processo estão em segredo de justiça: os avisos não trarão seus nomes.',
    )
  })

  it('a re-import moves a lawyer the old importer put under the polo ativo, and a lawyer of no printed pole is listed apart', async () => {
    const db = deps().db
    // As the old importer stored it: both lawyers with the ativo party, its checksum the old record's.
    await upsertLawsuits(db, [
      {
        cnj: CNJ,
        court: 'TJRJ',
        className: 'APELAçãO CíVEL',
        classCode: 198,
        secrecyLevel: 0,
        source: 'djen',
        subjects: [],
        movements: [],
        parties: [
          { pole: 'ativo', name: ATIVO, lawyers: LAWYERS },
          { pole: 'passivo', name: PASSIVO, lawyers: [] },
        ],
      },
    ])
    await importDjen(db, [file(TJRJ)])
    const [lawsuit] = await db.select().from(lawsuits).where(eq(lawsuits.cnj, CNJ))
    const rows = await db
      .select({ pole: parties.pole, name: partyLawyers.name })
      .from(partyLawyers)
      .innerJoin(parties, eq(parties.id, partyLawyers.partyId))
      .where(eq(parties.lawsuitId, lawsuit?.id ?? -1))
      .orderBy(partyLawyers.name)
    expect(rows).toEqual([
      { pole: 'ativo', name: LAWYERS[0]?.name },
      { pole: 'passivo', name: LAWYERS[1]?.name },
    ])

    expect(lawyerPole('APDO: FULANO ADVOGADO: ANA LIMA OAB/RJ-1', 'ANA LIMA')).toBe('passivo')
    expect(lawyerPole('Intimados os advogados ANA LIMA e JOÃO REIS.', 'ANA LIMA')).toBeNull()
    const cnj = buildCnj(919_000 + (Date.now() % 999), 2024, 8, 19, 1)
    const raw = JSON.parse(sharedFile(TJRJ)) as { items: Record<string, unknown>[] }
    const item = {
      ...raw.items[0],
      id: 990_000_000 + (Date.now() % 1_000_000),
      numero_processo: cnj,
      numeroprocessocommascara: formatCnj(cnj),
      texto: 'Intimação das partes. Prazo de 15 dias.',
    }
    await importDjen(db, [{ name: 'um.json', content: JSON.stringify({ ...raw, items: [item] }) }])
    const page = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    const partes = page.slice(page.indexOf('id="partes"'), page.indexOf('id="movimentacoes"'))
    const ativo = partes.slice(partes.indexOf('Polo ativo'), partes.indexOf('Polo passivo'))
    expect(ativo).not.toContain('LUIZ PEIXOTO')
    expect(partes.slice(partes.lastIndexOf('Advogados'))).toContain('LUIZ PEIXOTO DE SIQUEIRA FILHO')
  })
})
