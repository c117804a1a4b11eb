// Issue 28 §5: every page reads right (decisions/0058). Each test reads a page as a person would.
import { describe, expect, it } from 'vitest'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { deps, get } from './helpers'

const base = { court: 'TJRJ', subjects: [], parties: [], secrecyLevel: 0, source: 'teste' }

/** The page's visible text, tags dropped, so assertions read what a person reads. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')

describe('lawsuit pages read right', () => {
  const lawsuitPage = async (number: number) => {
    const cnj = buildCnj(number, 2024, 8, 19, 1)
    await upsertLawsuits(deps().db, [
      {
        ...base,
        cnj,
        className: 'APELAçãO CíVEL',
        movements: [
          {
            at: '2024-03-01T10:00:00',
            code: 85,
            name: 'Petição',
            complements: 'tipo_de_peticao: Petição (outras)\nmotivo_da_remessa: em grau de recurso',
          },
        ],
      },
    ])
    const res = await get(`/processos/${formatCnj(cnj)}`)
    expect(res.status).toBe(200)
    return res.text()
  }

  it('labels DataJud complements in Portuguese, never the raw key', async () => {
    const text = visible(await lawsuitPage(5801))
    expect(text).toContain('Tipo de petição: Petição (outras)')
    expect(text).toContain('Motivo da remessa: em grau de recurso')
    expect(text).not.toMatch(/tipo_de_peticao|motivo_da_remessa/)
  })

  it('title-cases a class sent as "APELAçãO CíVEL"', async () => {
    const html = await lawsuitPage(5803)
    expect(visible(html)).toContain('Apelação Cível')
    expect(html).not.toMatch(/APELAçãO|Apela[çÇ]ãO/)
  })

  it('shows no "Partes" heading over nothing', async () => {
    expect(await lawsuitPage(5804)).not.toContain('id="partes"')
  })

  it('still shows "Partes" when the lawsuit has parties', async () => {
    const cnj = buildCnj(5802, 2024, 8, 19, 1)
    await upsertLawsuits(deps().db, [
      {
        ...base,
        cnj,
        className: 'Procedimento Comum Cível',
        movements: [],
        parties: [{ name: 'Maria Teste', pole: 'ativo', lawyers: [] }],
      },
    ])
    const html = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    expect(html).toContain('id="partes"')
    expect(visible(html)).toContain('Maria Teste')
  })
})
