import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { gazetteArticles, people } from '~/db/schema-corpus'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { importDjen } from '~/domain/corpus/import/formats/djen'
import { slugify } from '~/domain/corpus/import/text'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { initials } from '~/domain/privacy/initials'
import { scoreMinors } from '~/domain/privacy/minors-score'
import { MINOR_EXCERPTS } from '../fixtures/minors-excerpts'
import { deps, get } from './helpers'
import { importMinorMateria, uniqueWord } from './masking-helpers'

// Issue 30: a matéria naming a minor in a protective measure is masked even when its case is not
// in the corpus (decisions/0065).

describe('minors in gazette matérias', () => {
  it('the labelled set: no minor left readable, few needless masks', () => {
    const score = scoreMinors(MINOR_EXCERPTS)
    expect(score.cases).toBeGreaterThanOrEqual(70)
    expect(score.unmasked).toEqual([])
    expect(score.recall).toBe(1)
    expect(score.precision).toBeGreaterThanOrEqual(0.9)
  })

  it('a child named by kinship and an age under 18 is stored masked, one-word name too (decisions/0071)', async () => {
    const word = uniqueWord()
    const grandmother = `Zulmira ${word} Paixão`
    const child = `${word.toUpperCase()}INHO`
    const cnj = buildCnj(500_000 + (Date.now() % 99_999), 2025, 8, 26, 100)
    const externalId = `parentesco-${word}`
    await upsertGazetteArticles(deps().db, [
      {
        gazette: { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' },
        edition: { date: '2026-11-20', number: '', extra: false },
        section: 'TJSP',
        externalId,
        kind: 'Intimação',
        organ: '1ª Vara Cível',
        title: 'Intimação',
        body: `Processo ${formatCnj(cnj)}\nA avó ${grandmother.toUpperCase()} requer a guarda do neto ${child}, de 7 anos, que vive com ela.`,
        page: null,
        lawsuitCnj: cnj,
      },
    ])
    const [row] = await deps()
      .db.select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, externalId))
    expect(row?.masked).toBe(1)
    expect(row?.body).toContain(`neto ${initials(child)}`)
    expect(row?.body).not.toContain(child)
    expect(row?.body).not.toContain(grandmother.toUpperCase())
  })

  it('a matéria naming a child in a protective measure is stored masked, its case not in the corpus', async () => {
    const minor = await importMinorMateria()
    const [row] = await deps()
      .db.select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, minor.externalId))
    expect(row?.masked).toBe(1)
    expect(row?.body).toContain(`criança ${initials(minor.child)}`)
    expect(row?.body).not.toContain(minor.child.toUpperCase())
    const found = await (await get(`/busca?q=${encodeURIComponent(minor.child)}&qo=d`)).text()
    expect(found).not.toContain(`/diarios/materia/${row?.id}`)
  })

  it('a DJEN communication of a listed class masks its destinatários, who get no person page', async () => {
    const word = uniqueWord()
    const child = `RAÍSSA ${word.toUpperCase()} MOURA`
    const mother = `DANIELA ${word.toUpperCase()} MOURA`
    const cnj = buildCnj(510_000 + (Date.now() % 9_999), 2025, 8, 19, 1)
    const item = {
      id: `9${Date.now()}`,
      data_disponibilizacao: '2026-11-20',
      siglaTribunal: 'TJRJ',
      tipoComunicacao: 'Intimação',
      nomeOrgao: 'VARA DA INFÂNCIA, DA JUVENTUDE E DO IDOSO',
      texto: `PROCESSO ${formatCnj(cnj)}\nINTIMAÇÃO de ${mother} da sentença proferida nos autos.`,
      numero_processo: cnj,
      nomeClasse: 'GUARDA DE INFÂNCIA E JUVENTUDE',
      codigoClasse: 1420,
      numeroprocessocommascara: formatCnj(cnj),
      ativo: true,
      destinatarios: [
        { polo: 'A', nome: mother, comunicacao_id: 1 },
        { polo: 'P', nome: child, comunicacao_id: 1 },
      ],
      destinatarioadvogados: [],
    }
    await importDjen(deps().db, [
      { name: 'teste.json', content: JSON.stringify({ status: 'success', count: 1, items: [item] }) },
    ])
    const [row] = await deps()
      .db.select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, item.id))
    expect(row?.body).toContain(`INTIMAÇÃO de ${initials(mother)} da sentença`)
    expect(row?.body).not.toContain(mother)
    for (const name of [mother, child])
      expect(
        await deps()
          .db.select()
          .from(people)
          .where(eq(people.slug, slugify(name))),
      ).toEqual([])
    const page = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    expect(page).toContain(initials(child))
    expect(page).not.toContain(child)
  })
})
