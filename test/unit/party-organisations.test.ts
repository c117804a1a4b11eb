import { eq, max } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articleMentions, gazetteArticles, parties, people } from '~/db/schema-corpus'
import { sensitiveListVersions } from '~/db/schema-privacy'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { importDjen } from '~/domain/corpus/import/formats/djen'
import { slugify } from '~/domain/corpus/import/text'
import { remaskAll } from '~/domain/corpus/masking/remask.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { isNaturalPerson, isPersonName } from '~/domain/privacy/initials'
import { deps, gazetteArticleRecord, get } from './helpers'
import { uniqueWord } from './masking-helpers'

// Issue 38 D: an organisation named as a party ("CONDOMÍNIO EDIFÍCIO SOL NASCENTE") got a person
// page. Only natural persons are people; the entity rules (`isOrganizationName`) decide.

const ORGANISATIONS = [
  'CONDOMÍNIO EDIFÍCIO SOL NASCENTE',
  'EDIFÍCIO RESIDENCIAL PORTO BELO',
  'ASSOCIAÇÃO DOS MORADORES DO JARDIM AURORA',
  'IGREJA EVANGÉLICA ASSEMBLEIA DE DEUS',
  'PARÓQUIA SÃO JUDAS TADEU',
  'MASSA FALIDA DE COMERCIAL RIBEIRO',
  'SOCIEDADE ESPORTIVA PALMEIRINHA',
]

describe('who gets a person page', () => {
  it('organisations and estates are no person; people are', () => {
    for (const name of ORGANISATIONS) expect(isPersonName(name), name).toBe(false)
    expect(isPersonName('ESPÓLIO DE JOSÉ CARLOS PEREIRA')).toBe(false)
    // An estate names a person: a sensitive case masks it.
    expect(isNaturalPerson({ name: 'ESPÓLIO DE JOSÉ CARLOS PEREIRA' })).toBe(true)
    for (const name of ['MARCOS ANTÔNIO ROCHA', 'Maria da Silva Souza', 'João Batista Sá'])
      expect(isPersonName(name), name).toBe(true)
  })

  it('a DJEN item naming a condomínio and a person: the person gets a page, the condomínio none', async () => {
    const word = uniqueWord()
    const condo = `CONDOMÍNIO EDIFÍCIO SOL NASCENTE ${word.toUpperCase()}`
    const person = `LAURINDA ${word.toUpperCase()} FARIAS`
    const cnj = buildCnj(530_000 + (Date.now() % 9_999), 2025, 8, 19, 2)
    const item = {
      id: `6${Date.now()}`,
      data_disponibilizacao: '2026-11-20',
      siglaTribunal: 'TJRJ',
      tipoComunicacao: 'Intimação',
      nomeOrgao: '3ª Vara Cível',
      texto: `PROCESSO ${formatCnj(cnj)}\nAUTOR: ${condo}\nRÉU: ${person}\nIntimem-se.`,
      numero_processo: cnj,
      nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
      codigoClasse: 7,
      numeroprocessocommascara: formatCnj(cnj),
      ativo: true,
      destinatarios: [
        { polo: 'A', nome: condo, comunicacao_id: 1 },
        { polo: 'P', nome: person, comunicacao_id: 1 },
      ],
      destinatarioadvogados: [],
    }
    await importDjen(deps().db, [
      { name: 'condominio.json', content: JSON.stringify({ status: 'success', count: 1, items: [item] }) },
    ])
    const bySlug = (name: string) =>
      deps()
        .db.select()
        .from(people)
        .where(eq(people.slug, slugify(name)))
    expect(await bySlug(condo)).toEqual([])
    expect(await bySlug(person)).toHaveLength(1)
    expect((await get(`/pessoas/${slugify(condo)}`)).status).toBe(404)
    const page = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    // Listed by name as a party, linked to no person page.
    expect(page).toContain(condo)
    expect(page).not.toContain(`/pessoas/${slugify(condo)}`)
    expect(page).toContain(`/pessoas/${slugify(person)}`)
  })

  it('an organisation stored as a person before loses its page at the walk of the next list version', async () => {
    const db = deps().db
    const word = uniqueWord()
    const condo = `CONDOMÍNIO EDIFÍCIO SOL NASCENTE ${word.toUpperCase()}`
    const cnj = buildCnj(540_000 + (Date.now() % 9_999), 2025, 8, 19, 3)
    await upsertLawsuits(db, [
      {
        cnj,
        court: 'TJRJ',
        classCode: 7,
        secrecyLevel: 0,
        source: 'teste',
        subjects: [],
        movements: [],
        parties: [{ pole: 'ativo', name: condo, lawyers: [] }],
      },
    ])
    await upsertGazetteArticles(db, [
      {
        ...gazetteArticleRecord('condo', word, `Edital do ${condo}.`, '2026-11-20', {
          slug: 'diario-condominios',
          name: 'Diário dos Condomínios',
          uf: 'RJ',
        }),
        lawsuitCnj: cnj,
      },
    ])
    // As the importers stored it before: a person row, linked from the party and a mention.
    const [stored] = await db
      .insert(people)
      .values({ slug: slugify(condo), name: condo })
      .returning()
    const personId = stored?.id ?? 0
    await db.update(parties).set({ personId }).where(eq(parties.name, condo))
    const [article] = await db
      .select({ id: gazetteArticles.id })
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, `condo-${word}`))
    await db.insert(articleMentions).values({ articleId: article?.id ?? 0, personId, companyId: null })
    expect((await get(`/pessoas/${slugify(condo)}`)).status).toBe(200)

    const [latest] = await db.select({ v: max(sensitiveListVersions.version) }).from(sensitiveListVersions)
    await db
      .insert(sensitiveListVersions)
      .values({ version: (latest?.v ?? 1) + 1, note: 'teste organizações' })
    await remaskAll(deps())
    expect(await db.select().from(people).where(eq(people.id, personId))).toEqual([])
    expect((await get(`/pessoas/${slugify(condo)}`)).status).toBe(404)
    const page = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    expect(page).toContain(condo)
    expect(page).not.toContain(`/pessoas/${slugify(condo)}`)
  })
})
