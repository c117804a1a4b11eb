import { describe, expect, it } from 'vitest'
import { normalizeForMonitoring } from '~/domain/monitoring/matcher'
import { NOT_NAME_WORDS } from '~/domain/monitoring/matcher-names'
import { fold } from '~/domain/monitoring/normalize'
import { FIRST_NAMES, SURNAMES } from '~/fixtures/corpus/names'

import { hit, matches } from './matcher-helpers'

describe('normalizeForMonitoring (rule 1)', () => {
  it('drops case, accents and punctuation, keeping single spaces', () => {
    expect(normalizeForMonitoring('  JOÃO da Conceição-Araújo,  Nº 45/2026 ')).toBe(
      'joao da conceicao araujo no 45 2026',
    )
  })
  it('folds text already in decomposed form', () => {
    expect(normalizeForMonitoring('Jose\u0301 Sa\u0303o')).toBe('jose sao')
  })
})

describe('word boundaries (rule 1)', () => {
  it('"Ana" never matches "Mariana"; "Silva" never matches "Silvana"', () => {
    expect(matches({ term: 'Ana' }, 'Autora: Mariana Ribeiro.')).toBe(false)
    expect(matches({ term: 'Silva', kind: 'termo' }, 'Autora: Silvana Rocha.')).toBe(false)
    expect(matches({ term: 'Ana' }, 'Autora: Ana, brasileira.')).toBe(true)
  })
  it('ignores case, accents and punctuation', () => {
    expect(matches({ term: 'Sônia Gonçalves' }, 'lista: sonia goncalves; pedro.')).toBe(true)
    expect(matches({ term: 'Vitor Araujo' }, 'Autor: VÍTOR ARAÚJO.')).toBe(true)
  })
})

describe('exact names (rule 2)', () => {
  it('marks the occurrence with UTF-16 offsets and quotes it in the reason', () => {
    const text = 'Intimação. Autora: MARIA DA SILVA OLIVEIRA, CPF não informado.'
    const h = hit({ term: 'Maria da Silva Oliveira' }, text)
    expect(h && text.slice(h.start, h.end)).toBe('MARIA DA SILVA OLIVEIRA')
    expect(h?.reasonCodes).toEqual(['nome-exato'])
    expect(h?.reasons).toEqual(['Nome exato: “MARIA DA SILVA OLIVEIRA”'])
  })
  it('makes particles optional on both sides', () => {
    expect(matches({ term: 'Maria da Silva' }, 'Requerente: MARIA SILVA, qualificada.')).toBe(true)
    expect(matches({ term: 'Maria Silva' }, 'licença a Maria da Silva, servidora.')).toBe(true)
    expect(matches({ term: 'José dos Santos' }, 'Edital de citação de JOSÉ SANTOS.')).toBe(true)
  })
  it('needs the words in order', () => {
    expect(matches({ term: 'Maria Silva' }, 'Autora: Silva Maria.')).toBe(false)
  })
  it('accepts an initial for a middle word, not for the first or last', () => {
    const abbreviated = hit({ term: 'Maria Silva Oliveira' }, 'Autora: MARIA S. OLIVEIRA.')
    expect(abbreviated?.reasonCodes).toEqual(['nome-abreviado'])
    expect(abbreviated?.reasons[0]).toBe('Nome com abreviação: “MARIA S. OLIVEIRA”')
    expect(matches({ term: 'Maria Silva Oliveira' }, 'aprovados: Maria S Oliveira; Pedro.')).toBe(true)
    expect(matches({ term: 'Maria Silva Oliveira' }, 'aprovados: M. Silva Oliveira; Pedro.')).toBe(false)
    expect(matches({ term: 'Maria Silva Oliveira' }, 'aprovados: Maria Silva O.; Pedro.')).toBe(false)
    expect(matches({ term: 'Maria Silva Oliveira' }, 'aprovados: Maria T. Oliveira; Pedro.')).toBe(false)
    expect(matches({ term: 'Carlos A. Ferreira' }, 'Autor: CARLOS ALBERTO FERREIRA.')).toBe(true)
    expect(matches({ term: 'Maria Eduarda Santos' }, 'inscrição de Maria E. Santos, conforme')).toBe(true)
  })
  it('prefers the whole name when the document has both forms', () => {
    const text = 'Autora: Maria S. Oliveira. Depois: Maria Silva Oliveira, já qualificada.'
    const h = hit({ term: 'Maria Silva Oliveira' }, text)
    expect(h?.reasonCodes).toEqual(['nome-exato'])
    expect(h && text.slice(h.start, h.end)).toBe('Maria Silva Oliveira')
  })
  it('is not a hit inside a longer name, after or before', () => {
    expect(matches({ term: 'João Silva' }, 'Autor: JOÃO SILVA SANTOS. Réu: Estado.')).toBe(false)
    expect(matches({ term: 'João Silva' }, 'Autor: Pedro João Silva. Réu: Estado.')).toBe(false)
    expect(matches({ term: 'João Silva' }, 'Autor: João Silva dos Santos.')).toBe(false)
    expect(matches({ term: 'João Silva' }, 'Perito: João Silva-Santos.')).toBe(false)
    expect(matches({ term: 'João Silva' }, 'Autor: JOÃO SILVA S. SANTOS.')).toBe(false)
    expect(matches({ term: 'Pedro Lima' }, 'Autor: PEDRO LIMA JÚNIOR.')).toBe(false)
  })
  it('ends the name at punctuation, a blank line, "e", or a word that is not a name', () => {
    expect(matches({ term: 'João Silva' }, 'Intimem-se João Silva, advogado, e as partes.')).toBe(true)
    expect(matches({ term: 'João Silva' }, 'Intimem-se João Silva; Pedro Lima.')).toBe(true)
    expect(matches({ term: 'João Silva' }, 'Autores: João Silva e Maria Souza.')).toBe(true)
    expect(matches({ term: 'João Silva' }, 'JOÃO SILVA\n\nSANTOS E ASSOCIADOS')).toBe(true)
    expect(matches({ term: 'Maria Santos' }, 'resolve: NOMEAR MARIA SANTOS para exercer')).toBe(true)
    expect(matches({ term: 'Renata Cotta' }, 'DES. RENATA COTTA PRESIDENTE Em exercício')).toBe(true)
    expect(matches({ term: 'Maria Santos' }, 'Desembargadora MARIA SANTOS, Relatora')).toBe(true)
    expect(matches({ term: 'Paulo Lima' }, 'PAULO LIMA, CPF 123.456.789-09')).toBe(true)
    expect(matches({ term: 'Paulo Lima' }, 'Contratada: PAULO LIMA ME, CNPJ 11.222.333/0001-81')).toBe(true)
  })
  it('reads a name across one line break', () => {
    expect(matches({ term: 'João Silva Santos' }, 'o servidor JOÃO\nSILVA SANTOS, matrícula 1')).toBe(true)
    expect(matches({ term: 'João Silva' }, 'o servidor JOÃO SILVA\nSANTOS, matrícula 1')).toBe(false)
  })
  it('treats a one-word name as a term', () => {
    const h = hit({ term: 'Petrobras' }, 'Recorrente: PETROLEO BRASILEIRO S.A. - PETROBRAS SA')
    expect(h?.reasonCodes).toEqual(['termo-exato'])
  })
  it('lists no title, role or party word that is also a name in the corpus', () => {
    const names = [...FIRST_NAMES, ...SURNAMES].map(fold)
    expect(names.filter((n) => NOT_NAME_WORDS.has(n))).toEqual([])
  })
})

describe('todas (rule 3)', () => {
  it('finds every word in any order, as whole words', () => {
    const text = 'Autora: MARIA SILVA OLIVEIRA. Réu: Município.'
    const h = hit({ term: 'Oliveira da Maria', mode: 'todas' }, text)
    expect(h?.reasonCodes).toEqual(['todas-palavras'])
    expect(h?.reasons).toEqual(['Todas as palavras: “Oliveira”, “Maria”'])
    // Marked on the first occurrence of the longest word.
    expect(h && text.slice(h.start, h.end)).toBe('OLIVEIRA')
    expect(matches({ term: 'Ana Souza', mode: 'todas' }, 'Autora: MARIANA SOUZA.')).toBe(false)
    expect(matches({ term: 'licitação merenda', kind: 'termo', mode: 'todas' }, 'licitação escolar')).toBe(
      false,
    )
  })
  it('does not apply the longer-name check', () => {
    expect(matches({ term: 'João Silva', mode: 'todas' }, 'Autor: JOÃO SILVA SANTOS.')).toBe(true)
  })
})

describe('exact terms (rule 4)', () => {
  it('matches consecutive words, a "nº" before a number aside', () => {
    const text = 'AVISO DE LICITAÇÃO - PREGÃO ELETRÔNICO Nº 45/2026. Objeto: material.'
    const h = hit({ term: 'pregão eletrônico 45/2026', kind: 'termo' }, text)
    expect(h?.reasonCodes).toEqual(['termo-exato'])
    expect(h && text.slice(h.start, h.end)).toBe('PREGÃO ELETRÔNICO Nº 45/2026')
    expect(
      matches({ term: 'pregão eletrônico 45/2026', kind: 'termo' }, 'PREGÃO ELETRÔNICO Nº 145/2026'),
    ).toBe(false)
    expect(matches({ term: 'lei 8.666', kind: 'termo' }, 'nos termos da Lei nº 8.666/93')).toBe(true)
  })
  it('skips no particles and ignores capitals', () => {
    expect(matches({ term: 'ação de cobrança', kind: 'termo' }, 'Ação de Cobrança Ajuizada')).toBe(true)
    expect(matches({ term: 'ação de cobrança', kind: 'termo' }, 'Ação Cobrança')).toBe(false)
  })
})

describe('place filters (rule 5)', () => {
  const text = 'Intimação. Autora: MARIA APARECIDA COSTA. Réu: Banco.'
  it('a contradicting place excludes, a confirming one adds a reason, silence keeps the hit', () => {
    expect(matches({ term: 'Maria Aparecida Costa', uf: 'SP' }, text, { uf: 'RJ' })).toBe(false)
    expect(hit({ term: 'Maria Aparecida Costa', uf: 'SP' }, text, { uf: 'sp' })?.reasons).toEqual([
      'Nome exato: “MARIA APARECIDA COSTA”',
      'Mesmo estado: SP',
    ])
    expect(hit({ term: 'Maria Aparecida Costa', uf: 'SP' }, text)?.reasonCodes).toEqual(['nome-exato'])
  })
  it('compares cities by IBGE code, and a city against a UF by the code’s state', () => {
    const r = { term: 'Maria Aparecida Costa', cityCode: 3509502, cityName: 'Campinas' }
    expect(matches(r, text, { uf: 'SP', cityCode: 3548500 })).toBe(false)
    expect(matches(r, text, { uf: 'PR' })).toBe(false)
    expect(hit(r, text, { uf: 'SP' })?.reasonCodes).toEqual(['nome-exato', 'uf'])
    const same = hit(r, text, { uf: 'SP', cityCode: 3509502 })
    expect(same?.reasonCodes).toEqual(['nome-exato', 'cidade'])
    expect(same?.reasons[1]).toBe('Mesma cidade: Campinas')
  })
})

describe('CPF and CNPJ (rule 5)', () => {
  const r = { term: 'Maria Silva Oliveira', taxId: '123.456.789-09' }
  it('agrees by visible digits, whole or masked, and says so', () => {
    const whole = hit(r, 'Autora: MARIA SILVA OLIVEIRA, CPF 123.456.789-09.')
    expect(whole?.reasonCodes).toEqual(['nome-exato', 'cpf'])
    expect(whole?.reasons[1]).toBe('CPF confere (…456.789…)')
    expect(hit(r, 'Autora: MARIA SILVA OLIVEIRA (CPF XXX.456.789-XX)')?.reasonCodes).toContain('cpf')
    expect(hit(r, 'Autora: MARIA SILVA OLIVEIRA, CPF 12345678909')?.reasonCodes).toContain('cpf')
  })
  it('excludes a different CPF near the name, and is silent without one', () => {
    expect(matches(r, 'Autora: MARIA SILVA OLIVEIRA, CPF 987.654.321-00.')).toBe(false)
    expect(matches(r, 'Autora: MARIA SILVA OLIVEIRA, CPF ***.111.222-**.')).toBe(false)
    expect(hit(r, 'Autora: MARIA SILVA OLIVEIRA. Réu: Banco.')?.reasonCodes).toEqual(['nome-exato'])
  })
  it('takes a fragment inside the visible digits', () => {
    const frag = { term: 'Maria Silva Oliveira', taxId: '456789' }
    expect(hit(frag, 'MARIA SILVA OLIVEIRA (CPF ***.456.789-**)')?.reasons[1]).toBe('CPF confere (…456.789…)')
    expect(matches(frag, 'MARIA SILVA OLIVEIRA (CPF ***.111.222-**)')).toBe(false)
    // Hidden digits could hold the fragment: silent, not a contradiction.
    expect(hit(frag, 'MARIA SILVA OLIVEIRA (CPF ***.***.*89-12)')?.reasonCodes).toEqual(['nome-exato'])
  })
  it('gives a CPF to its own name, not to the next or previous person', () => {
    expect(matches(r, 'Autora: MARIA SILVA OLIVEIRA. Réu: JOÃO PEREIRA LIMA, CPF 987.654.321-00.')).toBe(true)
    expect(matches(r, 'Autor: PEDRO ALVES COSTA, CPF 987.654.321-00. Ré: MARIA SILVA OLIVEIRA.')).toBe(true)
    const list = 'Lista:\nCPF 123.456.789-09 - MARIA SILVA OLIVEIRA\nCPF 222.333.444-55 - PEDRO LIMA'
    expect(hit(r, list)?.reasonCodes).toEqual(['nome-exato', 'cpf'])
  })
  it('compares a CNPJ and its root', () => {
    const company = { term: 'Construtora Horizonte', taxId: '12.345.678/0001-90' }
    const h = hit(company, 'Contratada: Construtora Horizonte Ltda. - ME, CNPJ 12.345.678/0001-90.')
    expect(h?.reasonCodes).toEqual(['nome-exato', 'cnpj'])
    expect(h?.reasons[1]).toBe('CNPJ confere (12.345.678/0001-90)')
    expect(matches(company, 'Participante: Construtora Horizonte S.A., CNPJ 98.765.432/0001-10.')).toBe(false)
    const root = { term: 'Construtora Horizonte', taxId: '12345678' }
    expect(hit(root, 'Autuada: CONSTRUTORA HORIZONTE LTDA, CNPJ 12.345.678/0002-71')?.reasonCodes).toContain(
      'cnpj',
    )
  })
})

describe('OAB (rule 5)', () => {
  const r = { term: 'Carla Mendes Rocha', oab: '123456/SP' }
  it('agrees on the number (and the UF when both have one)', () => {
    for (const text of [
      'Advogada: CARLA MENDES ROCHA (OAB/SP 123.456).',
      'Advogada: CARLA MENDES ROCHA, OAB 123456/SP.',
      'Advogada: CARLA MENDES ROCHA, OAB-SP nº 123.456.',
      'Advogada: CARLA MENDES ROCHA - OAB SP123456.',
      'Advogada: CARLA MENDES ROCHA, inscrita na OAB/SP sob o nº 123.456.',
    ])
      expect(hit(r, text)?.reasonCodes, text).toEqual(['nome-exato', 'oab'])
    expect(hit(r, 'Advogada: CARLA MENDES ROCHA (OAB/SP 123.456).')?.reasons[1]).toBe(
      'OAB confere (123456/SP)',
    )
    expect(matches({ ...r, oab: '94719' }, 'ADVOGADO: CARLA MENDES ROCHA OAB/RJ-094719 APDO')).toBe(true)
  })
  it('excludes another number or another section near the name', () => {
    expect(matches(r, 'Advogada: CARLA MENDES ROCHA (OAB/SP 654.321).')).toBe(false)
    expect(matches(r, 'Advogada: CARLA MENDES ROCHA, OAB/RJ 123.456.')).toBe(false)
  })
  it('takes the OABs the source lists, and is silent without any', () => {
    const text = 'Partes: Banco x Pedro Lima. Advogados: Carla Mendes Rocha, Jorge Dias (OAB/SP 999.999).'
    expect(hit(r, text, { oabs: ['SP 123456'] })?.reasonCodes).toEqual(['nome-exato', 'oab'])
    expect(hit(r, 'Certifico que Carla Mendes Rocha retirou os autos.')?.reasonCodes).toEqual(['nome-exato'])
  })
})

describe('co-party and exclusions (rule 5)', () => {
  it('requires the co-party anywhere in the document', () => {
    const r = { term: 'Maria Silva Oliveira', coParty: 'Banco da Horizonte' }
    const h = hit(r, 'MARIA SILVA OLIVEIRA x BANCO HORIZONTE S.A.')
    expect(h?.reasonCodes).toEqual(['nome-exato', 'coparte'])
    expect(h?.reasons[1]).toBe('Com a outra parte: “BANCO HORIZONTE”')
    expect(matches(r, 'MARIA SILVA OLIVEIRA x CONSTRUTORA SERRA LTDA.')).toBe(false)
  })
  it('drops a document whose context the user marked "não sou eu"', () => {
    const r = { term: 'Maria Silva Oliveira', exclusions: ['processo:1', 'processo:2'] }
    expect(matches(r, 'Autora: MARIA SILVA OLIVEIRA.', { contextKey: 'processo:2' })).toBe(false)
    expect(matches(r, 'Autora: MARIA SILVA OLIVEIRA.', { contextKey: 'processo:3' })).toBe(true)
  })
})
