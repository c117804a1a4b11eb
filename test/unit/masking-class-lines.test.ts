import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { gazetteArticles, lawsuits } from '~/db/schema-corpus'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { maskLawsuit } from '~/domain/corpus/masking/mask.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { deps, get } from './helpers'
import { uniqueWord } from './masking-helpers'

// Issue 38 C (decisions/0090): a sensitive case's matéria turned its class line into initials
// ("D. L." for "DIVÓRCIO LITIGIOSO"); the parties it names are still masked, and a matéria the old
// reader masked is masked again from the original it keeps.

async function divorce() {
  const word = uniqueWord()
  const wife = `JULIANA ${word.toUpperCase()} FERRAZ`
  const husband = `MARCOS ${word.toUpperCase()} ROCHA`
  const cnj = buildCnj(100_000 + (Date.now() % 99_999), 2025, 8, 26, 100)
  const externalId = `classe-${word}`
  await upsertGazetteArticles(deps().db, [
    {
      gazette: { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' },
      edition: { date: '2026-11-21', number: '', extra: false },
      section: 'TJSP',
      externalId,
      kind: 'Intimação',
      organ: '1ª Vara de Família e Sucessões',
      title: `Intimação – processo ${formatCnj(cnj)}`,
      body: `Processo ${formatCnj(cnj)}\nClasse: DIVÓRCIO LITIGIOSO\nPROCEDIMENTO COMUM CÍVEL\nRequerente: ${wife}\nRequerido: ${husband}\nIntime-se.`,
      page: null,
      lawsuitCnj: cnj,
      mentions: { people: [wife, husband], companies: [] },
    },
  ])
  await upsertLawsuits(deps().db, [
    {
      cnj,
      court: 'TJSP',
      classCode: 12541,
      className: 'Divórcio Litigioso',
      secrecyLevel: 0,
      source: 'teste',
      subjects: [],
      parties: [
        { pole: 'ativo', name: wife, lawyers: [] },
        { pole: 'passivo', name: husband, lawyers: [] },
      ],
      movements: [],
    },
  ])
  const [article] = await deps()
    .db.select()
    .from(gazetteArticles)
    .where(eq(gazetteArticles.externalId, externalId))
  const [lawsuit] = await deps().db.select().from(lawsuits).where(eq(lawsuits.cnj, cnj))
  return { article, lawsuit, wife, husband }
}

describe("a sensitive case's class lines", () => {
  it('stay as the court wrote them while the parties become initials', async () => {
    const { article, lawsuit, wife, husband } = await divorce()
    expect(lawsuit?.sensitive).toBe(1)
    const page = await (await get(`/diarios/materia/${article?.id}`)).text()
    expect(page).toContain('Classe: DIVÓRCIO LITIGIOSO')
    expect(page).toContain('PROCEDIMENTO COMUM CÍVEL')
    expect(page).not.toContain('D. L.')
    expect(page).not.toContain(wife)
    expect(page).not.toContain(husband)
    expect(page).toContain('Requerido: M. ')
  })

  it('a matéria the old reader masked is masked again from its original by the re-mask', async () => {
    const { article, lawsuit, husband } = await divorce()
    const stored = article?.body ?? ''
    // As the old reader stored it.
    await deps()
      .db.update(gazetteArticles)
      .set({
        body: stored.replace('DIVÓRCIO LITIGIOSO', 'D. L.').replace('PROCEDIMENTO COMUM CÍVEL', 'P. C. C.'),
      })
      .where(eq(gazetteArticles.id, article?.id ?? 0))
    await maskLawsuit(deps(), lawsuit?.id ?? 0)
    const [again] = await deps()
      .db.select({ body: gazetteArticles.body })
      .from(gazetteArticles)
      .where(eq(gazetteArticles.id, article?.id ?? 0))
    expect(again?.body).toBe(stored)
    expect(again?.body).not.toContain(husband)
  })
})
