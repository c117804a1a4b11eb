/**
 * The held-out pairs (decisions/0055): read `homonym-heldout-dou.ts` first. Shapes of the real
 * DOU samples in shared/data/dou (portarias, atos, extratos, avisos de licitação, resultados),
 * names invented. Do not tune the matcher on these.
 */
import { douXml, person } from './homonym-builders'
import type { DouCase } from './homonym-heldout-dou'

type City = [number, string, string]
const LONDRINA: City = [4113700, 'Londrina', 'PR']
const CAMPINAS: City = [3509502, 'Campinas', 'SP']
const NATAL: City = [2408102, 'Natal', 'RN']
const CURITIBA: City = [4106902, 'Curitiba', 'PR']
const SALVADOR: City = [2927408, 'Salvador', 'BA']
const PELOTAS: City = [4314407, 'Pelotas', 'RS']
const FORTALEZA: City = [2304400, 'Fortaleza', 'CE']
const RECIFE: City = [2611606, 'Recife', 'PE']
const PORTO_ALEGRE: City = [4314902, 'Porto Alegre', 'RS']
const SAO_LUIS: City = [2111300, 'São Luís', 'MA']
const TERESINA: City = [2211001, 'Teresina', 'PI']
const SANTA_MARIA: City = [4316907, 'Santa Maria', 'RS']
const SOUSA: City = [2516201, 'Sousa', 'PB']

const INSS =
  'Ministério da Previdência Social/Instituto Nacional do Seguro Social/Superintendência Regional Sul'
const UF_CAT = 'Ministério da Educação/Universidade Federal'
const PREF = 'Prefeituras'
const portaria = (n: number) => `PORTARIA Nº ${n}, DE 10 DE MAIO DE 2023`
const extrato = (n: number) => `EXTRATO DE CONTRATO Nº ${n}/2023`
const resolve =
  'O SUPERINTENDENTE REGIONAL, no uso das atribuições que lhe confere o Decreto nº 10.995, de 14 de março de 2022, resolve:'

const designar = (name: string, where: string) =>
  douXml('Portaria', INSS, portaria(311), [
    resolve,
    `Art. 1º DESIGNAR ${name}, Analista do Seguro Social, matrícula nº 1234567, lotada na Agência da Previdência Social de ${where}, para exercer a função de Chefe de Seção.`,
    'Art. 2º Esta Portaria entra em vigor na data de sua publicação.',
    '<p class="assina">CLÁUDIO ROBERTO FAGUNDES</p>',
  ])
const contrato = (party: string) =>
  douXml('Extrato de Contrato', `${UF_CAT} de Pernambuco`, extrato(14), [
    `Nº Processo: 23076.012345/2023-11. Contratante: UNIVERSIDADE FEDERAL. ${party} Objeto: prestação de serviços de manutenção predial. Vigência: 12/05/2023 a 11/05/2024. Valor Total: R$ 48.000,00.`,
  ])
const edital = (municipio: string, name: string, dateLine: string) =>
  douXml('Aviso', `${PREF}/${municipio}`, `PREFEITURA MUNICIPAL DE ${municipio.toUpperCase()}`, [
    'AVISO DE RESULTADO DE RECURSO - PROCESSO SELETIVO SIMPLIFICADO Nº 2/2023',
    `A Comissão torna público o resultado do recurso interposto pela candidata ${name}, inscrição nº 4417, para o cargo de Professora: deferido.`,
    dateLine,
    '<p class="assina">MARCOS ANTÔNIO BRITO</p><p class="cargo">Presidente da Comissão</p>',
  ])
const lista = (lines: string[]) =>
  douXml('Edital', `${UF_CAT} do Rio Grande do Sul`, 'EDITAL Nº 41, DE 10 DE MAIO DE 2023', [
    'RESULTADO FINAL DO CONCURSO PÚBLICO PARA TÉCNICO-ADMINISTRATIVO EM EDUCAÇÃO. Candidatos aprovados, por ordem de classificação, com o município de residência declarado na inscrição:',
    lines.join('; '),
  ])
const endereco = (local: string) =>
  douXml('Aviso de Licitação-Pregão', `${UF_CAT} da Bahia`, 'AVISO DE LICITAÇÃO', [
    'Pregão Eletrônico Nº 17/2023 - UASG 153038',
    `Nº Processo: 23066.004411/2023-02. Objeto: Contratação de serviços de limpeza. Total de Itens Licitados: 3. Edital: 12/05/2023 das 08h00 às 12h00. Endereço: ${local}. Entrega das Propostas: a partir de 12/05/2023 no site www.gov.br/compras.`,
    '<p class="assina">RITA DE CÁSSIA MOTA</p><p class="cargo">Pregoeira</p>',
  ])
const aposentar = (name: string) =>
  douXml('Portaria', 'Ministério da Saúde/Secretaria-Executiva', portaria(902), [
    `Art. 1º CONCEDER aposentadoria voluntária a ${name}, matrícula SIAPE nº 0654321, ocupante do cargo de Agente Administrativo, nos termos do art. 3º da Emenda Constitucional nº 47/2005.`,
    '<p class="assina">JULIANA SOARES VAZ</p>',
  ])

export const HELDOUT_CASES: DouCase[] = [
  // Places named only in the text
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
