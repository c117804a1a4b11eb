/**
 * The held-out pairs (decisions/0055): read `homonym-heldout-dou.ts` first. Shapes of the real
 * DOU samples in shared/data/dou (portarias, atos, extratos, avisos de licitação, resultados),
 * names invented. Do not tune the matcher on these.
 */
import { douXml, person } from './homonym-builders'
import type { DouCase } from './homonym-heldout-dou'
import { PLACE_CASES } from './homonym-heldout-places'
import { aposentar, contrato, endereco } from './homonym-heldout-texts'

export const HELDOUT_CASES: DouCase[] = [
  // Places named only in the text
  ...PLACE_CASES,
  // Addresses named after a person
  {
    name: 'rua com o nome',
    rule: person('Maria Quitéria Moreira'),
    xml: endereco('Rua Maria Quitéria Moreira, 250, Centro - Feira de Santana/BA'),
    expected: false,
    why: 'É o nome da rua.',
  },
  {
    name: 'escola estadual com o nome',
    rule: person('Joaquim Nabuco Lins'),
    xml: endereco('Escola Estadual Joaquim Nabuco Lins, Avenida Brasil, 100 - Salvador/BA'),
    expected: false,
    why: 'É o nome da escola.',
  },
  {
    name: 'edifício com o nome',
    rule: person('Carlos Gomes Pereira'),
    xml: endereco(
      'Auditório do Edifício Carlos Gomes Pereira, situado à Avenida Sete de Setembro, 1.200 - Salvador/BA',
    ),
    expected: false,
    why: 'É o nome do edifício.',
  },
  {
    name: 'avenida com título antes do nome',
    rule: person('Juscelino Ramos Vieira'),
    xml: endereco('Avenida Presidente Juscelino Ramos Vieira, s/n, Campus Ondina - Salvador/BA'),
    expected: false,
    why: 'É o nome da avenida.',
  },
  {
    name: 'praça com o nome',
    rule: person('Ana Néri Coutinho'),
    xml: endereco('Praça Ana Néri Coutinho, nº 12, Cachoeira/BA'),
    expected: false,
    why: 'É o nome da praça.',
  },
  {
    name: 'avenida abreviada com Dr.',
    rule: person('Benedito Valadares Ferraz'),
    xml: endereco('Av. Dr. Benedito Valadares Ferraz, 500 - Barreiras/BA'),
    expected: false,
    why: 'É o nome da avenida.',
  },
  {
    name: 'rua abreviada em maiúsculas',
    rule: person('Valdemar Pires Silveira'),
    xml: endereco('R. VALDEMAR PIRES SILVEIRA, 77 - JARDIM PAULISTA - Barreiras/BA'),
    expected: false,
    why: 'É o nome da rua.',
  },
  {
    name: 'contratada com endereço depois do nome',
    rule: person('Beatriz Fonseca Amaral'),
    xml: contrato(
      'Contratada: BEATRIZ FONSECA AMARAL, CPF ***.111.222-**, residente na Rua das Flores, 45, Centro.',
    ),
    expected: true,
    why: 'É ela; o endereço vem depois.',
  },
  {
    name: 'diretor de escola',
    rule: person('João Paulo Torres'),
    xml: contrato('Interveniente: JOÃO PAULO TORRES, Diretor da Escola Estadual Castro Alves.'),
    expected: true,
    why: 'É ele, diretor da escola.',
  },
  // Surname particles and company forms
  {
    name: 'sobrenome Sá a mais',
    rule: person('Marcelo Tavares Lima'),
    xml: aposentar('MARCELO TAVARES LIMA SÁ'),
    expected: false,
    why: 'Marcelo Tavares Lima Sá é outra pessoa.',
  },
  {
    name: 'sobrenome Câmara a mais',
    rule: person('Renata Oliveira Costa'),
    xml: aposentar('Renata Oliveira Costa Câmara'),
    expected: false,
    why: 'Renata Oliveira Costa Câmara é outra pessoa.',
  },
  {
    name: 'de Sá a mais',
    rule: person('Maria das Graças Souza'),
    xml: aposentar('MARIA DAS GRAÇAS SOUZA DE SÁ'),
    expected: false,
    why: 'Maria das Graças Souza de Sá é outra pessoa.',
  },
  {
    name: 'CAMARA sem acento a mais',
    rule: person('Joana Ribeiro Freitas'),
    xml: aposentar('JOANA RIBEIRO FREITAS CAMARA'),
    expected: false,
    why: 'Joana Ribeiro Freitas Camara é outra pessoa.',
  },
  {
    name: 'empresa S.A.',
    rule: person('Oliveira Costa Engenharia'),
    xml: contrato('Contratada: OLIVEIRA COSTA ENGENHARIA S.A., CNPJ 12.345.678/0001-90.'),
    expected: true,
    why: 'A empresa monitorada, com a forma S.A.',
  },
  {
    name: 'microempresa do próprio',
    rule: person('Pedro Henrique Barros'),
    xml: contrato('Contratada: PEDRO HENRIQUE BARROS ME, CNPJ 23.456.789/0001-01.'),
    expected: true,
    why: 'A microempresa individual dele.',
  },
  {
    name: 'de Sá no monitorado e no texto',
    rule: person('Antônio de Sá Barreto'),
    xml: aposentar('ANTÔNIO DE SÁ BARRETO'),
    expected: true,
    why: 'O mesmo nome.',
  },
  {
    name: 'empresa Ltda - EPP',
    rule: person('Construtora Horizonte Azul'),
    xml: contrato('Contratada: CONSTRUTORA HORIZONTE AZUL LTDA - EPP, CNPJ 34.567.890/0001-12.'),
    expected: true,
    why: 'A empresa monitorada.',
  },
  // Other shapes
  {
    name: 'aposentadoria (amostra real)',
    rule: person('Wilson de Castilho'),
    xml: douXml(
      'Ato',
      'Poder Judiciário/Tribunal Regional do Trabalho da 9ª Região',
      'ATO Nº 143, DE 28 DE ABRIL DE 2023',
      [
        'Art. 1º CONCEDER, ad referendum do Órgão Especial, aposentadoria voluntária ao servidor WILSON DE CASTILHO, Técnico Judiciário, Área Administrativa, Classe C, Padrão 13.',
        '<p class="assina">ANA CAROLINA ZAINA</p>',
      ],
    ),
    expected: true,
    why: 'O nome inteiro.',
  },
  {
    name: 'nome do meio abreviado',
    rule: person('Patrícia Nogueira Campos'),
    xml: aposentar('PATRÍCIA N. CAMPOS'),
    expected: true,
    why: 'A inicial confere.',
  },
  {
    name: 'filho',
    rule: person('Bruno Teixeira Alves'),
    xml: aposentar('BRUNO TEIXEIRA ALVES FILHO'),
    expected: false,
    why: 'O filho é outra pessoa.',
  },
]
