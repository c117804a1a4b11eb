import { describe, expect, it } from 'vitest'
import { parseCsv } from '~/domain/corpus/import/text'
import { MUNICIPALITIES, STATES } from '~/domain/monitoring/places-data'
import { douXml } from '~/fixtures/homonyms/homonym-builders'
import { scoreHomonymCases } from '~/fixtures/homonyms/homonym-cases'
import { douCaseToHomonymCase, HELDOUT_DOU_CASES } from '~/fixtures/homonyms/homonym-heldout-dou'
import { hit, matches } from './matcher-helpers'
import { sharedFile } from './shared-data'

// Issue 28 §1 "Homonyms" (decisions/0055): the three kinds of misses, pure matcher, no Worker state.

const RECIFE = { cityCode: 2611606, cityName: 'Recife', uf: 'PE' }
/** A DOU matéria as the checker reads it: title and body, no UF, no city. */
const dou = (paragraphs: string[]) =>
  douCaseToHomonymCase({
    name: 'teste',
    rule: { kind: 'nome', term: 'x', mode: 'exato' },
    xml: douXml('Portaria', 'Ministério da Educação', 'PORTARIA Nº 9, DE 2 DE MAIO DE 2026', paragraphs),
    expected: true,
    why: '',
  }).doc.text

describe('places read from the text of a matéria without a place (kind 1)', () => {
  it('refuses a homonym whose municipality/UF, written next to the name, is elsewhere', () => {
    const text = dou([
      'Art. 1º NOMEAR LÍVIA CASTRO MENDES, residente em Salmourão/SP, para o cargo de Professora.',
    ])
    expect(matches({ term: 'Lívia Castro Mendes', ...RECIFE }, text)).toBe(false)
    expect(matches({ term: 'Lívia Castro Mendes', uf: 'PE' }, text)).toBe(false)
    expect(matches({ term: 'Lívia Castro Mendes', uf: 'SP' }, text)).toBe(true)
    expect(matches({ term: 'Lívia Castro Mendes' }, text)).toBe(true)
  })
  it('confirms the city it reads, and says it was read in the text', () => {
    const text = dou([
      'Art. 1º NOMEAR LÍVIA CASTRO MENDES, residente em Recife/PE, para o cargo de Professora.',
    ])
    expect(hit({ term: 'Lívia Castro Mendes', ...RECIFE }, text)?.reasons).toEqual([
      'Nome exato: “LÍVIA CASTRO MENDES”',
      'Cidade citada junto ao nome: Recife',
    ])
  })
  it('reads "Prefeitura Municipal de X - UF", "município de X", "em X, Estado" and "Estado de X"', () => {
    const person = 'Responsável: LÍVIA CASTRO MENDES, Secretária.'
    const rule = { term: 'Lívia Castro Mendes', ...RECIFE }
    expect(matches(rule, dou(['PREFEITURA MUNICIPAL DE SALVADOR - BA', person]))).toBe(false)
    expect(matches(rule, dou([`Convenente: Município de Campinas. ${person}`]))).toBe(false)
    expect(
      matches(
        rule,
        dou(['Contratada: LÍVIA CASTRO MENDES, com escritório em Belo Horizonte, Minas Gerais.']),
      ),
    ).toBe(false)
    expect(matches(rule, dou(['Ceder a servidora LÍVIA CASTRO MENDES ao Governo do Estado da Bahia.']))).toBe(
      false,
    )
    expect(matches(rule, dou(['PREFEITURA MUNICIPAL DE RECIFE - PE', person]))).toBe(true)
  })
  it('reads a city named like a surname or a common word only in a place context', () => {
    const rule = { term: 'Otávio Natal Pires', cityCode: 3509502, cityName: 'Campinas', uf: 'SP' }
    expect(matches(rule, dou(['Nomear OTÁVIO NATAL PIRES, gratificação de Natal, em Palmas de ouro.']))).toBe(
      true,
    )
    expect(matches(rule, dou(['Nomear OTÁVIO NATAL PIRES, residente em Natal.']))).toBe(false)
  })
  it('counts the place next to the person, not another person’s or one far away', () => {
    const rule = { term: 'Otávio Natal Pires', cityCode: 3509502, cityName: 'Campinas', uf: 'SP' }
    const list = dou([
      'Aprovados: 1º ANA LUZ PRATES - Recife/PE; 2º OTÁVIO NATAL PIRES - Campinas/SP; 3º RUI DIAS - Natal/RN.',
    ])
    expect(matches(rule, list)).toBe(true)
    const swapped = dou(['Aprovados: 1º ANA LUZ PRATES - Campinas/SP; 2º OTÁVIO NATAL PIRES - Recife/PE.'])
    expect(matches(rule, swapped)).toBe(false)
    const far = dou([
      'Designar OTÁVIO NATAL PIRES para a comissão.',
      'Considerando os autos. '.repeat(150),
      'Sessão no município de Curitiba/PR.',
    ])
    expect(matches(rule, far)).toBe(true)
  })
  it('names the city in the reason although the checker passes only its IBGE code', () => {
    const rule = { term: 'Lívia Castro Mendes', cityCode: 2611606, uf: 'PE' }
    const text = 'Nomear LÍVIA CASTRO MENDES, residente em Recife/PE.'
    expect(hit(rule, text)?.reasons[1]).toBe('Cidade citada junto ao nome: Recife')
    expect(hit(rule, 'Decreto. LÍVIA CASTRO MENDES.', { uf: 'PE', cityCode: 2611606 })?.reasons[1]).toBe(
      'Mesma cidade: Recife',
    )
  })
  it('reads the publishing body (the DOU’s organ) when the text names no place next to the name', () => {
    const placeText = 'Prefeituras/Estado do Piauí/Prefeitura Municipal de Teresina'
    const text = 'AVISO DE HOMOLOGAÇÃO\nHomologo o resultado em favor de LÍVIA CASTRO MENDES.'
    expect(matches({ term: 'Lívia Castro Mendes', ...RECIFE }, text, { placeText })).toBe(false)
    expect(matches({ term: 'Lívia Castro Mendes', cityCode: 2211001, uf: 'PI' }, text, { placeText })).toBe(
      true,
    )
    const near = 'Homologo o resultado em favor de LÍVIA CASTRO MENDES, residente em Recife/PE.'
    expect(matches({ term: 'Lívia Castro Mendes', ...RECIFE }, near, { placeText })).toBe(true)
  })
  it('keeps the gazette’s own place first: a document with a city is not read for one', () => {
    const text = 'Decreto. Rafael Moreira Dias, residente em Santos/SP.'
    expect(
      matches({ term: 'Rafael Moreira Dias', cityCode: 3509502 }, text, { uf: 'SP', cityCode: 3509502 }),
    ).toBe(true)
  })
})

describe('a name that names a street, a school or a building (kind 2)', () => {
  it('is not the person', () => {
    const rule = { term: 'José Ferreira Lima' }
    expect(matches(rule, 'Endereço: Rua José Ferreira Lima, 123, Centro.')).toBe(false)
    expect(matches(rule, 'Local: Avenida Presidente José Ferreira Lima, 900.')).toBe(false)
    expect(matches(rule, 'Endereço: Av. Dr. José Ferreira Lima, 900.')).toBe(false)
    expect(matches(rule, 'Lotação: EMEF Professor José Ferreira Lima.')).toBe(false)
    expect(matches(rule, 'Sessão no Edifício José Ferreira Lima, sala 2.')).toBe(false)
    expect(matches(rule, 'Praça José Ferreira Lima, s/n.')).toBe(false)
    expect(matches(rule, 'residente na rua José Ferreira Lima, 45.')).toBe(false)
  })
  it('still finds the person with an address after the name, or a title before it', () => {
    const rule = { term: 'José Ferreira Lima' }
    expect(matches(rule, 'Requerente: JOSÉ FERREIRA LIMA, residente na Rua das Acácias, 12.')).toBe(true)
    expect(matches(rule, 'Por ordem do Juiz Dr. JOSÉ FERREIRA LIMA, intimem-se.')).toBe(true)
    expect(matches(rule, 'Diretor: JOSÉ FERREIRA LIMA, da Escola Estadual Castro Alves.')).toBe(true)
  })
})

describe('surnames that read like company forms (kind 3)', () => {
  it('never turns one person’s name into another’s', () => {
    const rule = { term: 'Paulo Roberto Lima' }
    expect(matches(rule, 'Aposentar PAULO ROBERTO LIMA SÁ, matrícula 12.')).toBe(false)
    expect(matches(rule, 'Aposentar Paulo Roberto Lima de Sá, matrícula 12.')).toBe(false)
    expect(matches(rule, 'Nomear PAULO ROBERTO LIMA CÂMARA para o cargo.')).toBe(false)
    expect(matches(rule, 'Nomear PAULO ROBERTO LIMA CAMARA para o cargo.')).toBe(false)
    expect(matches({ term: 'Helga Lima Rocha' }, 'Nomear Helga Lima Rocha Epp para o cargo.')).toBe(false)
  })
  it('still reads S.A., SA, EPP, ME and "Câmara Municipal" as what they are', () => {
    const company = { term: 'Horizonte Azul Mineração' }
    expect(matches(company, 'Contratada: HORIZONTE AZUL MINERAÇÃO S.A., CNPJ 12.345.678/0001-90.')).toBe(true)
    expect(matches(company, 'Contratada: HORIZONTE AZUL MINERAÇÃO SA, CNPJ 12.345.678/0001-90.')).toBe(true)
    expect(matches(company, 'Contratada: HORIZONTE AZUL MINERAÇÃO LTDA - EPP.')).toBe(true)
    expect(matches({ term: 'Pedro Henrique Barros' }, 'Contratada: PEDRO HENRIQUE BARROS ME, CNPJ 1.')).toBe(
      true,
    )
    expect(
      matches(
        { term: 'Paulo Roberto Lima' },
        'O Presidente PAULO ROBERTO LIMA Câmara Municipal de Campinas.',
      ),
    ).toBe(true)
    expect(matches({ term: 'Antônio de Sá Barreto' }, 'Aposentar ANTÔNIO DE SÁ BARRETO.')).toBe(true)
  })
})

describe('the homonym sets', () => {
  it('the held-out DOU set (written before the fixes, never tuned on) stays at precision and recall ≥ 0.95', () => {
    expect(HELDOUT_DOU_CASES.length).toBeGreaterThanOrEqual(40)
    expect(HELDOUT_DOU_CASES.filter((c) => !c.expected).length).toBeGreaterThanOrEqual(15)
    const score = scoreHomonymCases(HELDOUT_DOU_CASES)
    expect(score.wrong.filter((w) => w.expected).map((w) => w.name)).toEqual([])
    expect(score.precision).toBeGreaterThanOrEqual(0.95)
    expect(score.recall).toBeGreaterThanOrEqual(0.95)
  })
  it('the development set stays at precision ≥ 0.95 and recall ≥ 0.93', () => {
    const score = scoreHomonymCases()
    expect(score.precision).toBeGreaterThanOrEqual(0.95)
    expect(score.recall).toBeGreaterThanOrEqual(0.93)
  })
})

describe('places-data.ts (npm run gen:places)', () => {
  it('is what the script makes of ../shared/data/ibge: every municipality and state, by IBGE code', () => {
    const [header, ...rows] = parseCsv(sharedFile('ibge/municipios.csv'))
    const code = header?.indexOf('codigo_ibge') ?? -1
    const name = header?.indexOf('nome') ?? -1
    const expected = rows
      .filter((r) => r.length > 1)
      .map((r) => `${r[code]}${r[name]}`)
      .sort()
    expect(MUNICIPALITIES.split('|')).toEqual(expected)
    const states = parseCsv(sharedFile('ibge/estados.csv').replace(/^\uFEFF/, '')).slice(1)
    expect(STATES.split('|').length).toBe(states.filter((r) => r.length > 1).length)
  })
})
