import { describe, expect, it } from 'vitest'
import { headingTopics, personNames } from '~/domain/privacy/minors'

// Issue 30: a sensitive case's texts mask natural persons only. Companies keep their names even
// where the source gives no CNPJ, and an ementa's all-caps subjects are not names.

describe('the private persons a text names', () => {
  it('a company named with its form after the name is no person, whatever the form', () => {
    const text =
      'Processo 0002212-75.2023.8.26.0264. Autor: Adriana Lopes Rodrigues Duarte. Réu: Auto Peças Estrada Real Eireli. ' +
      'Processo 0001265-78.2025.8.26.0287. Autor: Débora Correia Siqueira. Réu: Têxtil Fio de Prata Ltda.. ' +
      'Autor: Logística Integrada Rota Certa do Brasil S.A.. Réu: Engenharia e Projetos Marco Zero Ltda. - EPP. ' +
      'Réu: Padaria Pão Quente ME. Autor: Casa Norte S/A. Advogado(a): Patrícia Lima Medeiros (OAB 92531/SP).'
    expect(personNames(text).sort()).toEqual(['Adriana Lopes Rodrigues Duarte', 'Débora Correia Siqueira'])
  })

  it('"me" written as a pronoun after a name does not make it a company', () => {
    expect(personNames('Declarou que Maria Souza Lima me procurou.')).toEqual(['Maria Souza Lima'])
  })

  it("an ementa's heading is subjects: skipped there, and where the full text repeats them", () => {
    const ementa =
      'HABEAS CORPUS CRIMINAL. PROCESSO PENAL. PRISÃO PREVENTIVA. FUNDAMENTAÇÃO CONCRETA. 1. A prisão preventiva exige ' +
      'fundamentação concreta. Paciente: Renan Siqueira Bastos.'
    expect(personNames(ementa, { heading: true })).toEqual(['Renan Siqueira Bastos'])
    // Without the heading rule the subjects are no names either: they are legal phrases (issue 38,
    // decisions/0090).
    expect(personNames(ementa)).toEqual(['Renan Siqueira Bastos'])
    expect([...headingTopics(ementa)]).toEqual(
      expect.arrayContaining(['habeas corpus criminal', 'prisao preventiva', 'fundamentacao concreta']),
    )
  })

  it('a text all in capitals has no heading told apart: its names are still found', () => {
    expect(personNames('AUTOR: JOANA TAVARES GOMES. RÉU: JOSÉ LIMA.', { heading: true })).toEqual([
      'JOANA TAVARES GOMES',
      'JOSÉ LIMA',
    ])
  })
})
