/**
 * The held-out pairs whose place is named only in the text (decisions/0055): read
 * `homonym-heldout-dou.ts` first. Do not tune the matcher on these.
 */
import { douXml, person } from './homonym-builders'
import type { DouCase } from './homonym-heldout-dou'
import {
  aposentar,
  CAMPINAS,
  CURITIBA,
  contrato,
  designar,
  edital,
  extrato,
  FORTALEZA,
  INSS,
  LONDRINA,
  lista,
  NATAL,
  PELOTAS,
  PORTO_ALEGRE,
  portaria,
  RECIFE,
  SALVADOR,
  SANTA_MARIA,
  SAO_LUIS,
  SOUSA,
  TERESINA,
  UF_CAT,
} from './homonym-heldout-texts'

export const PLACE_CASES: DouCase[] = [
  {
    name: 'lotada na cidade monitorada',
    rule: person('Fernanda Ribeiro Lopes', LONDRINA),
    xml: designar('FERNANDA RIBEIRO LOPES', 'Londrina/PR'),
    expected: true,
    why: 'Lotada em Londrina/PR, a cidade do monitoramento.',
  },
  {
    name: 'lotada em outra cidade',
    rule: person('Fernanda Ribeiro Lopes', LONDRINA),
    xml: designar('FERNANDA RIBEIRO LOPES', 'Manaus/AM'),
    expected: false,
    why: 'Lotada em Manaus/AM: outra Fernanda.',
  },
  {
    name: 'contratado residente em outro município',
    rule: person('Antônio Carlos Menezes', CAMPINAS),
    xml: contrato(
      'Contratado: ANTÔNIO CARLOS MENEZES, CPF ***.456.789-**, residente no município de Caruaru - PE.',
    ),
    expected: false,
    why: 'Mora em Caruaru/PE, não em Campinas.',
  },
  {
    name: 'contratado residente na cidade',
    rule: person('Antônio Carlos Menezes', CAMPINAS),
    xml: contrato('Contratado: ANTÔNIO CARLOS MENEZES, CPF ***.456.789-**, residente em Campinas/SP.'),
    expected: true,
    why: 'Mora em Campinas/SP.',
  },
  {
    name: 'prefeitura de outro estado',
    rule: person('Luciana Alves Pacheco', undefined, 'BA'),
    xml: edital('Recife', 'LUCIANA ALVES PACHECO', 'Recife - PE, 10 de maio de 2023.'),
    expected: false,
    why: 'Processo seletivo da Prefeitura do Recife (PE); monitorada na Bahia.',
  },
  {
    name: 'prefeitura do estado monitorado',
    rule: person('Luciana Alves Pacheco', undefined, 'BA'),
    xml: edital('Ilhéus', 'LUCIANA ALVES PACHECO', 'Ilhéus/BA, 10 de maio de 2023.'),
    expected: true,
    why: 'Prefeitura de Ilhéus/BA.',
  },
  {
    name: 'removido entre campi de outro estado',
    rule: person('Roberto Nunes Farias', NATAL),
    xml: douXml('Portaria', `${UF_CAT} da Bahia`, portaria(77), [
      `Art. 1º REMOVER, a pedido, o servidor ROBERTO NUNES FARIAS, Professor do Ensino Básico, Técnico e Tecnológico, do Campus Vitória da Conquista para o Campus Jequié, ambos no Estado da Bahia.`,
    ]),
    expected: false,
    why: 'Servidor de campi da Bahia; o monitorado é de Natal.',
  },
  {
    name: 'campus com o nome da cidade, estado por extenso',
    rule: person('Roberto Nunes Farias', NATAL),
    xml: douXml('Portaria', 'Ministério da Educação/Instituto Federal do Rio Grande do Norte', portaria(78), [
      `Art. 1º Conceder progressão funcional ao servidor ROBERTO NUNES FARIAS, com exercício no Campus Natal-Central do Instituto Federal de Educação, Ciência e Tecnologia do Rio Grande do Norte.`,
    ]),
    expected: true,
    why: 'Campus Natal-Central, Rio Grande do Norte.',
  },
  {
    name: 'sobrenome que é nome de cidade',
    rule: person('Marcos Paulo Franca', CURITIBA),
    xml: douXml('Portaria', INSS, portaria(412), [
      `Art. 1º NOMEAR MARCOS PAULO FRANCA, aprovado no concurso público, para o cargo de Técnico do Seguro Social, com lotação em Curitiba/PR.`,
    ]),
    expected: true,
    why: 'Franca é sobrenome aqui; a lotação é Curitiba/PR.',
  },
  {
    name: 'outra pessoa com sobrenome de cidade ao lado',
    rule: person('Adriana Costa Lima', SALVADOR),
    xml: contrato('Contratados: ADRIANA COSTA LIMA e JOSÉ VITÓRIA SANTOS, residentes em Salvador/BA.'),
    expected: true,
    why: 'Vitória é sobrenome do outro contratado; ambos moram em Salvador/BA.',
  },
  {
    name: 'prefeito de município de outro estado',
    rule: person('Sérgio Augusto Prado', undefined, 'MG'),
    xml: douXml(
      'Extrato de Convênio',
      'Ministério das Cidades/Secretaria Nacional de Habitação',
      'EXTRATO DE TERMO DE CONVÊNIO Nº 908112/2023',
      [
        'Convenente: Município de Caxias - MA. Responsável: SÉRGIO AUGUSTO PRADO, Prefeito Municipal. Objeto: construção de unidades habitacionais. Valor: R$ 1.200.000,00.',
      ],
    ),
    expected: false,
    why: 'Prefeito de Caxias/MA; monitorado em Minas Gerais.',
  },
  {
    name: 'prefeito de município do estado monitorado',
    rule: person('Sérgio Augusto Prado', undefined, 'MG'),
    xml: douXml(
      'Extrato de Convênio',
      'Ministério das Cidades/Secretaria Nacional de Habitação',
      'EXTRATO DE TERMO DE CONVÊNIO Nº 908113/2023',
      [
        'Convenente: Município de Lavras/MG. Responsável: SÉRGIO AUGUSTO PRADO, Prefeito Municipal. Objeto: pavimentação urbana. Valor: R$ 800.000,00.',
      ],
    ),
    expected: true,
    why: 'Prefeito de Lavras/MG.',
  },
  {
    name: 'lista com a cidade de cada um (a dela confere)',
    rule: person('Tatiane Rocha Batista', PELOTAS),
    xml: lista([
      '1º ANDRÉ LUIZ KOCH - Porto Alegre/RS',
      '2º TATIANE ROCHA BATISTA - Pelotas/RS',
      '3º GISELE MARQUES DIAS - Recife/PE',
    ]),
    expected: true,
    why: 'A cidade ao lado dela é Pelotas/RS.',
  },
  {
    name: 'lista com a cidade de cada um (a dela não confere)',
    rule: person('Tatiane Rocha Batista', PELOTAS),
    xml: lista([
      '1º ANDRÉ LUIZ KOCH - Porto Alegre/RS',
      '2º TATIANE ROCHA BATISTA - Joinville/SC',
      '3º GISELE MARQUES DIAS - Pelotas/RS',
    ]),
    expected: false,
    why: 'A cidade ao lado dela é Joinville/SC; Pelotas é de outra candidata.',
  },
  {
    name: 'cidade e estado por extenso',
    rule: person('Eduardo Lins Pereira', FORTALEZA),
    xml: contrato(
      'Contratado: EDUARDO LINS PEREIRA, engenheiro, com escritório em Belo Horizonte, Minas Gerais.',
    ),
    expected: false,
    why: 'Belo Horizonte, MG; monitorado em Fortaleza.',
  },
  {
    name: 'matéria sem lugar nenhum',
    rule: person('Eduardo Lins Pereira', FORTALEZA),
    xml: aposentar('EDUARDO LINS PEREIRA'),
    expected: true,
    why: 'Nada diz onde ele está: o filtro fica em silêncio.',
  },
  {
    name: 'lugar só na linha de data do ato',
    rule: person('Helena Duarte Sampaio', RECIFE),
    xml: douXml('Portaria', 'Ministério da Saúde/Gabinete do Ministro', portaria(1200), [
      'A MINISTRA DE ESTADO DA SAÚDE, no uso de suas atribuições, resolve:',
      'Art. 1º Designar HELENA DUARTE SAMPAIO, representante dos usuários, para compor o Conselho Nacional de Saúde, como titular.',
      'Brasília, 10 de maio de 2023.',
      '<p class="assina">NÍSIA TRINDADE LIMA</p>',
    ]),
    expected: true,
    why: 'Brasília é onde o ato foi assinado, não o lugar dela.',
  },
  {
    name: 'mesmo estado, outra cidade',
    rule: person('Rogério Teles Bastos', PORTO_ALEGRE),
    xml: douXml('Extrato de Contrato', `${UF_CAT} de Santa Maria`, extrato(31), [
      'Contratante: Universidade Federal de Santa Maria. Contratado: ROGÉRIO TELES BASTOS, CPF ***.222.333-**, com domicílio em Santa Maria/RS. Objeto: serviços de tradução.',
    ]),
    expected: false,
    why: 'Domiciliado em Santa Maria/RS, não em Porto Alegre.',
  },
  {
    name: 'mesmo estado, cidade da Paraíba',
    rule: person('Priscila Gomes Teixeira', SOUSA),
    xml: contrato('Contratada: PRISCILA GOMES TEIXEIRA, residente em Cabedelo/PB.'),
    expected: false,
    why: 'Mora em Cabedelo/PB, não em Sousa.',
  },
  {
    name: 'cidade que é sobrenome, UF de outro estado',
    rule: person('Vanessa Lima Torres', undefined, 'SC'),
    xml: contrato('Contratada: VANESSA LIMA TORRES, estabelecida em Torres - RS.'),
    expected: false,
    why: 'Estabelecida em Torres/RS; monitorada em SC.',
  },
  {
    name: 'cedido ao governo do estado',
    rule: person('Ubirajara do Pindare Almeida Sousa', SAO_LUIS),
    xml: douXml(
      'Portaria',
      'Ministério da Fazenda/Caixa Econômica Federal',
      'PORTARIA Nº 1.563, de 22 de MAIO de 2023',
      [
        'A PRESIDENTE DA CAIXA ECONÔMICA FEDERAL, considerando o disposto no art. 93 da Lei nº 8.112, de 11 de dezembro de 1990, resolve:',
        'Art. 1º Ceder o empregado UBIRAJARA DO PINDARE ALMEIDA SOUSA, matrícula nº 040162-1, pertencente ao Quadro de Pessoal da Caixa Econômica Federal, para exercício no Governo do Estado do Maranhão como Secretário de Estado da Agricultura. Art. 2º O ônus pela remuneração é do órgão cessionário.',
        '<p class="assina">Maria Rita Serrano</p>',
      ],
    ),
    expected: true,
    why: 'Cedido ao Governo do Maranhão; monitorado em São Luís/MA.',
  },
  {
    name: 'cedido ao governo de outro estado',
    rule: person('Ubirajara do Pindare Almeida Sousa', TERESINA),
    xml: douXml(
      'Portaria',
      'Ministério da Fazenda/Caixa Econômica Federal',
      'PORTARIA Nº 1.564, de 22 de MAIO de 2023',
      [
        'A PRESIDENTE DA CAIXA ECONÔMICA FEDERAL, resolve:',
        'Art. 1º Ceder o empregado UBIRAJARA DO PINDARE ALMEIDA SOUSA, matrícula nº 040162-1, para exercício no Governo do Estado do Maranhão como Secretário de Estado da Agricultura.',
        '<p class="assina">Maria Rita Serrano</p>',
      ],
    ),
    expected: false,
    why: 'Trabalha para o Maranhão; monitorado em Teresina/PI.',
  },
  {
    name: 'signatária: o lugar do ato é de outra pessoa',
    rule: person('Maria Rita Serrano', undefined, 'DF'),
    xml: douXml(
      'Portaria',
      'Ministério da Fazenda/Caixa Econômica Federal',
      'PORTARIA Nº 1.565, de 22 de MAIO de 2023',
      [
        'A PRESIDENTE DA CAIXA ECONÔMICA FEDERAL, resolve:',
        'Art. 1º Ceder o empregado JOSÉ RIBAMAR COSTA, matrícula nº 040163-0, para exercício no Governo do Estado do Maranhão.',
        '<p class="assina">Maria Rita Serrano</p>',
      ],
    ),
    expected: true,
    why: 'O Maranhão é o destino do empregado cedido, não o lugar da presidente da Caixa.',
  },
  {
    name: 'signatário de aviso com endereço na cidade',
    rule: person('Jayme Worst', SANTA_MARIA),
    xml: douXml('Aviso de Licitação-Pregão', `${UF_CAT} de Santa Maria`, 'AVISO DE LICITAÇÃO', [
      'Pregão Eletrônico Nº 62/2023 - UASG 153164',
      'Nº Processo: 23081059385202369. Objeto: REGISTRO DE PREÇOS PARA AQUISIÇÃO DE EQUIPAMENTOS. Endereço: Av. Roraima, 1.000 Campus Universitário, Camobi, - Santa Maria/RS ou https://www.gov.br/compras/edital/153164-5-00062-2023.',
      '<p class="assina">JAYME WORST</p><p class="cargo">Coordenador de Licitações</p>',
    ]),
    expected: true,
    why: 'Coordenador da UFSM, em Santa Maria/RS.',
  },
  {
    name: 'signatário de aviso com endereço em outra cidade',
    rule: person('Jayme Worst', RECIFE),
    xml: douXml('Aviso de Licitação-Pregão', `${UF_CAT} de Santa Maria`, 'AVISO DE LICITAÇÃO', [
      'Pregão Eletrônico Nº 63/2023 - UASG 153164',
      'Nº Processo: 23081059385202370. Objeto: AQUISIÇÃO DE MOBILIÁRIO. Endereço: Av. Roraima, 1.000 Campus Universitário, Camobi, - Santa Maria/RS.',
      '<p class="assina">JAYME WORST</p><p class="cargo">Coordenador de Licitações</p>',
    ]),
    expected: false,
    why: 'O coordenador de licitações da UFSM está em Santa Maria/RS; monitorado no Recife.',
  },
]
