/**
 * The labelled homonym set (issue 16, decisions/0031): small documents in the style of gazettes
 * and court communications, each with a monitoring and whether it really concerns the monitored
 * person, company or term. `expected` is the truth as a reader of the document would judge it,
 * not what the engine does: the cases the rules get wrong stay wrong, and the precision and
 * recall they give are reported as they are (the unit test and `npm run bench:monitoring`).
 */
import { compileMonitorings, type MatchDocument, type MonitoringRule } from './matcher'

export type HomonymCase = {
  name: string
  rule: Omit<MonitoringRule, 'id'>
  doc: Omit<MatchDocument, 'key' | 'contextKey'> & { contextKey?: string }
  expected: boolean
  why: string
}

const CAMPINAS = 3509502
const SANTOS = 3548500

const nome = (term: string, extra: Partial<MonitoringRule> = {}): Omit<MonitoringRule, 'id'> => ({
  kind: 'nome',
  term,
  mode: 'exato',
  ...extra,
})
const termo = (term: string, mode: MonitoringRule['mode'] = 'exato'): Omit<MonitoringRule, 'id'> => ({
  kind: 'termo',
  term,
  mode,
})
const intimacao = (parties: string) =>
  `Intimação - Processo 1001234-56.2024.8.26.0100. ${parties}\nFica a parte intimada a recolher as custas de diligência do oficial de justiça no prazo de 5 (cinco) dias.`

export const HOMONYM_CASES: HomonymCase[] = [
  // Place
  {
    name: 'mesmo nome em outro estado, com filtro de UF',
    rule: nome('Maria Aparecida Costa', { uf: 'SP' }),
    doc: { text: intimacao('Autora: MARIA APARECIDA COSTA. Réu: Banco Horizonte S.A.'), uf: 'RJ' },
    expected: false,
    why: 'O monitoramento é de SP; a intimação é do TJRJ: é outra Maria Aparecida Costa.',
  },
  {
    name: 'mesmo nome em outro estado, sem filtro',
    rule: nome('Maria Aparecida Costa'),
    doc: { text: intimacao('Autora: MARIA APARECIDA COSTA. Réu: Banco Horizonte S.A.'), uf: 'RJ' },
    expected: true,
    why: 'Sem filtro de lugar o usuário quer ver todas as ocorrências do nome.',
  },
  {
    name: 'mesmo estado confirma',
    rule: nome('Maria Aparecida Costa', { uf: 'SP' }),
    doc: { text: intimacao('Autora: MARIA APARECIDA COSTA. Réu: Banco Horizonte S.A.'), uf: 'SP' },
    expected: true,
    why: 'Nome e estado conferem.',
  },
  {
    name: 'documento sem estado (DOU) não exclui',
    rule: nome('Maria Aparecida Costa', { uf: 'SP' }),
    doc: {
      text: 'PORTARIA Nº 412, DE 3 DE MARÇO DE 2026. Resolve: NOMEAR MARIA APARECIDA COSTA para exercer o cargo de Assessora Técnica.',
    },
    expected: true,
    why: 'O Diário Oficial da União não tem estado: o filtro fica em silêncio.',
  },
  {
    name: 'outra cidade do mesmo estado',
    rule: nome('Rafael Moreira Dias', { cityCode: CAMPINAS }),
    doc: {
      text: 'Decreto nº 88/2026. Rafael Moreira Dias, Secretário de Governo.',
      uf: 'SP',
      cityCode: SANTOS,
    },
    expected: false,
    why: 'Monitorado em Campinas; o diário é de Santos.',
  },
  {
    name: 'cidade desconhecida, estado coerente',
    rule: nome('Rafael Moreira Dias', { cityCode: CAMPINAS }),
    doc: { text: intimacao('Requerente: RAFAEL MOREIRA DIAS.'), uf: 'SP' },
    expected: true,
    why: 'O DJE de SP não diz a cidade; o estado é o da cidade monitorada.',
  },
  {
    name: 'cidade monitorada, documento de outro estado',
    rule: nome('Rafael Moreira Dias', { cityCode: CAMPINAS }),
    doc: { text: intimacao('Requerente: RAFAEL MOREIRA DIAS.'), uf: 'PR' },
    expected: false,
    why: 'Campinas é de SP; o documento é do Paraná.',
  },
  {
    name: 'mesma cidade',
    rule: nome('Rafael Moreira Dias', { cityCode: CAMPINAS }),
    doc: {
      text: 'Decreto nº 88/2026. Rafael Moreira Dias, Secretário de Governo.',
      uf: 'SP',
      cityCode: CAMPINAS,
    },
    expected: true,
    why: 'Nome e cidade conferem.',
  },
  {
    name: 'homônimo no mesmo estado, nada o distingue',
    rule: nome('José Carlos Pereira', { uf: 'SP' }),
    doc: {
      text: intimacao('Réu: JOSÉ CARLOS PEREIRA, comerciante, residente em Ribeirão Preto.'),
      uf: 'SP',
    },
    expected: false,
    why: 'É outro José Carlos Pereira (o monitorado mora em Campinas e não é parte); o texto não traz nada que os distinga.',
  },
  // Abbreviations
  {
    name: 'nome do meio abreviado com ponto',
    rule: nome('Maria Silva Oliveira'),
    doc: { text: intimacao('Autora: MARIA S. OLIVEIRA. Réu: Município de Campinas.') },
    expected: true,
    why: 'O nome do meio abreviado é o mesmo nome.',
  },
  {
    name: 'nome do meio abreviado sem ponto',
    rule: nome('Maria Silva Oliveira'),
    doc: { text: 'Relação de aprovados: Maria S Oliveira; Pedro Lima Souza.' },
    expected: true,
    why: 'A inicial sem ponto também abrevia o nome do meio.',
  },
  {
    name: 'primeiro nome abreviado',
    rule: nome('Maria Silva Oliveira'),
    doc: { text: 'Relação de aprovados: M. Silva Oliveira; Pedro Lima Souza.' },
    expected: false,
    why: 'M. pode ser Marcos, Mário, Mariana: o primeiro nome precisa estar inteiro.',
  },
  {
    name: 'último sobrenome abreviado',
    rule: nome('Maria Silva Oliveira'),
    doc: { text: 'Relação de aprovados: Maria Silva O.; Pedro Lima Souza.' },
    expected: false,
    why: 'Maria Silva O. pode ser Ortiz, Osório: o último sobrenome precisa estar inteiro.',
  },
  {
    name: 'dois nomes do meio abreviados',
    rule: nome('Ana Paula Souza Lima'),
    doc: { text: intimacao('Executada: ANA P. S. LIMA.') },
    expected: true,
    why: 'As duas iniciais conferem com os nomes do meio.',
  },
  {
    name: 'monitorado com inicial, texto com o nome inteiro',
    rule: nome('Carlos A. Ferreira'),
    doc: { text: intimacao('Autor: CARLOS ALBERTO FERREIRA.') },
    expected: true,
    why: 'O usuário digitou a inicial; Alberto começa por A.',
  },
  {
    name: 'inicial E. não é a conjunção',
    rule: nome('Maria Eduarda Santos'),
    doc: { text: 'Homologo a inscrição de Maria E. Santos, conforme edital.' },
    expected: true,
    why: 'E. com ponto é a inicial de Eduarda.',
  },
  // Longer names
  {
    name: 'nome dentro de um nome maior (depois)',
    rule: nome('João Silva'),
    doc: { text: intimacao('Autor: JOÃO SILVA SANTOS. Réu: Estado de São Paulo.') },
    expected: false,
    why: 'João Silva Santos é outra pessoa.',
  },
  {
    name: 'nome dentro de um nome maior (antes)',
    rule: nome('João Silva'),
    doc: { text: intimacao('Autor: Pedro João Silva. Réu: Estado de São Paulo.') },
    expected: false,
    why: 'Pedro João Silva é outra pessoa.',
  },
  {
    name: 'nome seguido de vírgula',
    rule: nome('João Silva'),
    doc: { text: 'Intimem-se as partes e João Silva, advogado, para a audiência de 12/03/2026.' },
    expected: true,
    why: 'A vírgula encerra o nome.',
  },
  {
    name: 'nome maior com partícula',
    rule: nome('João Silva'),
    doc: { text: intimacao('Autor: João Silva dos Santos.') },
    expected: false,
    why: 'João Silva dos Santos é outra pessoa.',
  },
  {
    name: 'dois nomes ligados por "e"',
    rule: nome('João Silva'),
    doc: { text: intimacao('Autores: João Silva e Maria Souza. Réu: Banco Horizonte S.A.') },
    expected: true,
    why: 'O "e" liga duas pessoas.',
  },
  {
    name: 'sobrenome composto com "e"',
    rule: nome('João Silva'),
    doc: { text: intimacao('Autor: João Silva e Santos, brasileiro, casado.') },
    expected: false,
    why: 'João Silva e Santos é o nome completo de outra pessoa.',
  },
  {
    name: 'nome seguido de mais dois sobrenomes (maiúsculas)',
    rule: nome('Rosa Nair da Silva'),
    doc: {
      text: 'com a presença dos Desembargadores IARA TEIXEIRA RIOS, ROSA NAIR DA SILVA NOGUEIRA REIS e WANDA LÚCIA RAMOS DA SILVA',
    },
    expected: false,
    why: 'Rosa Nair da Silva Nogueira Reis é outra pessoa.',
  },
  {
    name: 'cargo depois do nome',
    rule: nome('Davi Pires Batista'),
    doc: {
      text: 'DAVI PIRES BATISTA, Prefeito do Município de Pratânia, no uso de suas atribuições legais',
      uf: 'SP',
    },
    expected: true,
    why: 'O cargo vem depois da vírgula.',
  },
  {
    name: 'título antes do nome',
    rule: nome('Geraldo Rodrigues do Nascimento'),
    doc: {
      text: 'sob a presidência do Excelentíssimo Desembargador GERALDO RODRIGUES DO NASCIMENTO, Presidente do Tribunal',
    },
    expected: true,
    why: '"Desembargador" é título, não parte do nome.',
  },
  {
    name: 'cargo em maiúsculas logo depois do nome',
    rule: nome('Renata Machado Cotta'),
    doc: {
      text: 'FAÇO PÚBLICO, DE ORDEM DO(A) EXMO(A). SR(A). DES. RENATA MACHADO COTTA PRESIDENTE Em exercício DA SEGUNDA CAMARA',
      uf: 'RJ',
    },
    expected: true,
    why: '"PRESIDENTE" é o cargo, não um sobrenome.',
  },
  {
    name: 'pai e filho',
    rule: nome('Luiz Peixoto de Siqueira'),
    doc: {
      text: 'APTE: SIGILOSO ADVOGADO: LUIZ PEIXOTO DE SIQUEIRA FILHO OAB/RJ-094719 APDO: SIGILOSO',
      uf: 'RJ',
    },
    expected: false,
    why: 'O advogado é o filho; o monitorado é o pai.',
  },
  {
    name: 'ato em maiúsculas: verbo antes do nome',
    rule: nome('Maria Silva Santos'),
    doc: {
      text: 'O Secretário resolve: NOMEAR MARIA SILVA SANTOS para exercer o cargo em comissão de Assessor Técnico.',
    },
    expected: true,
    why: '"NOMEAR" é o verbo do ato.',
  },
  {
    name: 'verbo em maiúsculas fora da lista depois do nome',
    rule: nome('Ana Souza Lima'),
    doc: { text: 'Vistos. A exequente ANA SOUZA LIMA REQUEREU a penhora on-line dos valores.' },
    expected: true,
    why: '"REQUEREU" é verbo; Ana Souza Lima é a exequente.',
  },
  {
    name: 'cargo na linha de baixo',
    rule: nome('Paulo Lima Freitas'),
    doc: { text: 'Pratânia, 13 de outubro de 2020.\nPAULO LIMA FREITAS\nSecretário de Governo' },
    expected: true,
    why: 'A assinatura tem o cargo na linha seguinte.',
  },
  {
    name: 'nome quebrado em duas linhas',
    rule: nome('Lisandra Akemi de Moura Nascimento'),
    doc: {
      text: 'através do qual a servidora pública municipal LISANDRA \nAKEMI DE MOURA NASCIMENTO, requereu, expressamente, sua exoneração',
      uf: 'SP',
    },
    expected: true,
    why: 'A quebra de linha do PDF não muda o nome.',
  },
  {
    name: 'sobrenome composto com hífen',
    rule: nome('Marcelo Costa'),
    doc: { text: 'Perito nomeado: Marcelo Costa-Ribeiro, engenheiro civil.' },
    expected: false,
    why: 'Marcelo Costa-Ribeiro é outra pessoa.',
  },
  {
    name: 'nome com mais um sobrenome desconhecido',
    rule: nome('Pedro Alves'),
    doc: { text: intimacao('Autor: Pedro Alves Cabral.') },
    expected: false,
    why: 'Pedro Alves Cabral é outra pessoa.',
  },
  // Particles
  {
    name: 'partícula no monitorado, ausente no texto',
    rule: nome('Maria da Silva'),
    doc: { text: intimacao('Requerente: MARIA SILVA, qualificada nos autos.') },
    expected: true,
    why: 'O "da" é opcional.',
  },
  {
    name: 'partícula no texto, ausente no monitorado',
    rule: nome('Maria Silva'),
    doc: { text: 'Portaria nº 17/2026: conceder licença a Maria da Silva, servidora.' },
    expected: true,
    why: 'O "da" é opcional.',
  },
  {
    name: 'dos opcional',
    rule: nome('José dos Santos'),
    doc: { text: 'Edital de citação de JOSÉ SANTOS.' },
    expected: true,
    why: 'O "dos" é opcional.',
  },
  {
    name: 'nome maior depois de partícula',
    rule: nome('Antônio de Souza'),
    doc: { text: intimacao('Réu: Antônio Souza de Almeida.') },
    expected: false,
    why: 'Antônio Souza de Almeida é outra pessoa.',
  },
  // Accents and case
  {
    name: 'sem acentos no texto',
    rule: nome('João Conceição'),
    doc: { text: intimacao('Autor: JOAO CONCEICAO.') },
    expected: true,
    why: 'Acentos não contam.',
  },
  {
    name: 'minúsculas no texto',
    rule: nome('Sônia Gonçalves'),
    doc: { text: 'lista de presença: sonia goncalves; pedro lima.' },
    expected: true,
    why: 'Maiúsculas e minúsculas não contam.',
  },
  {
    name: 'acentos no texto, não no monitorado',
    rule: nome('Vitor Araujo'),
    doc: { text: intimacao('Autor: VÍTOR ARAÚJO.') },
    expected: true,
    why: 'Acentos não contam.',
  },
  // CPF
  {
    name: 'CPF inteiro confere',
    rule: nome('Maria Silva Oliveira', { taxId: '123.456.789-09' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA, CPF 123.456.789-09.') },
    expected: true,
    why: 'Mesmo CPF.',
  },
  {
    name: 'CPF inteiro diferente',
    rule: nome('Maria Silva Oliveira', { taxId: '123.456.789-09' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA, CPF 987.654.321-00.') },
    expected: false,
    why: 'CPF diferente: é uma homônima.',
  },
  {
    name: 'fragmento do CPF em CPF mascarado',
    rule: nome('Maria Silva Oliveira', { taxId: '456.789' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA (CPF ***.456.789-**).') },
    expected: true,
    why: 'Os dígitos visíveis são os do fragmento.',
  },
  {
    name: 'fragmento diferente do CPF mascarado',
    rule: nome('Maria Silva Oliveira', { taxId: '456789' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA (CPF ***.111.222-**).') },
    expected: false,
    why: 'Os dígitos visíveis não são os do fragmento.',
  },
  {
    name: 'CPF inteiro contra máscara com X',
    rule: nome('Maria Silva Oliveira', { taxId: '12345678909' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA, inscrita no CPF sob o nº XXX.456.789-XX.') },
    expected: true,
    why: 'Os dígitos visíveis conferem.',
  },
  {
    name: 'CPF inteiro contra máscara diferente',
    rule: nome('Maria Silva Oliveira', { taxId: '12345678909' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA, CPF ***.111.222-**.') },
    expected: false,
    why: 'Os dígitos visíveis são outros.',
  },
  {
    name: 'CPF monitorado, documento sem CPF',
    rule: nome('Maria Silva Oliveira', { taxId: '123.456.789-09' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA. Réu: Banco Horizonte S.A.') },
    expected: true,
    why: 'O documento não diz o CPF: o filtro fica em silêncio.',
  },
  {
    name: 'CPF de outra pessoa mais adiante',
    rule: nome('Maria Silva Oliveira', { taxId: '123.456.789-09' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA. Réu: JOÃO PEREIRA LIMA, CPF 987.654.321-00.') },
    expected: true,
    why: 'O CPF é do réu, não da autora.',
  },
  {
    name: 'CPF antes do nome, em lista',
    rule: nome('Maria Silva Oliveira', { taxId: '123.456.789-09' }),
    doc: {
      text: 'Relação de beneficiários:\nCPF 123.456.789-09 - MARIA SILVA OLIVEIRA\nCPF 222.333.444-55 - PEDRO LIMA',
    },
    expected: true,
    why: 'Na lista o CPF vem antes do nome.',
  },
  {
    name: 'CPF de quem vem antes',
    rule: nome('Maria Silva Oliveira', { taxId: '987.654.321-00' }),
    doc: { text: intimacao('Autor: PEDRO ALVES COSTA, CPF 123.456.789-09. Ré: MARIA SILVA OLIVEIRA.') },
    expected: true,
    why: 'O CPF citado antes é do autor; o texto não diz o da ré.',
  },
  {
    name: 'CPF só com dígitos',
    rule: nome('Maria Silva Oliveira', { taxId: '123.456.789-09' }),
    doc: { text: 'Beneficiária: Maria Silva Oliveira, CPF 12345678909, residente em Campinas.' },
    expected: true,
    why: 'Mesmo CPF sem pontuação.',
  },
  {
    name: 'CPF real do diário, depois do RG',
    rule: nome('Kledislaine Vaneça Nogueira Cardoso', { taxId: '327.616.598-80' }),
    doc: {
      text: 'a Sr.ª. KLEDISLAINE VANEÇA NOGUEIRA CARDOSO (RE Nº. 10639), portadora do RG nº 35.037.681-5 SSP/SP e do CPF nº 327.616.598-80, residente e domiciliada no município de Avaré/SP',
      uf: 'SP',
    },
    expected: true,
    why: 'O CPF vem depois do RG, ainda antes de outro nome.',
  },
  // OAB
  {
    name: 'OAB confere',
    rule: nome('Carla Mendes Rocha', { oab: '123456/SP' }),
    doc: { text: intimacao('Advogada: CARLA MENDES ROCHA (OAB/SP 123.456).') },
    expected: true,
    why: 'Mesma inscrição.',
  },
  {
    name: 'OAB diferente perto do nome',
    rule: nome('Carla Mendes Rocha', { oab: '123456/SP' }),
    doc: { text: intimacao('Advogada: CARLA MENDES ROCHA (OAB/SP 654.321).') },
    expected: false,
    why: 'Outra advogada com o mesmo nome.',
  },
  {
    name: 'OAB sem UF no monitorado',
    rule: nome('Carla Mendes Rocha', { oab: '123456' }),
    doc: { text: intimacao('Advogada: Carla Mendes Rocha, OAB 123456/RJ.'), uf: 'RJ' },
    expected: true,
    why: 'O número confere e o usuário não disse a seccional.',
  },
  {
    name: 'mesmo número em outra seccional',
    rule: nome('Carla Mendes Rocha', { oab: '123456/SP' }),
    doc: { text: intimacao('Advogada: Carla Mendes Rocha, OAB/RJ 123.456.'), uf: 'RJ' },
    expected: false,
    why: 'Inscrição de outra seccional: outra advogada.',
  },
  {
    name: 'OAB listada pela fonte (advogados do processo)',
    rule: nome('Carla Mendes Rocha', { oab: '123456/SP' }),
    doc: {
      text: 'Processo 1001234-56.2024.8.26.0100. Partes: Banco Horizonte S.A. x Pedro Lima. Advogados: Carla Mendes Rocha.',
      oabs: ['123456/SP'],
    },
    expected: true,
    why: 'A fonte lista a OAB monitorada entre os advogados.',
  },
  {
    name: 'OAB monitorada, documento sem OAB',
    rule: nome('Carla Mendes Rocha', { oab: '123456/SP' }),
    doc: { text: 'Certifico que Carla Mendes Rocha retirou os autos em carga.' },
    expected: true,
    why: 'O documento não diz a OAB: o filtro fica em silêncio.',
  },
  {
    name: 'OAB no formato do DJEN (com zero à esquerda)',
    rule: nome('Luiz Peixoto de Siqueira Filho', { oab: '94719' }),
    doc: {
      text: 'APTE: SIGILOSO ADVOGADO: LUIZ PEIXOTO DE SIQUEIRA FILHO OAB/RJ-094719 APDO: SIGILOSO',
      uf: 'RJ',
    },
    expected: true,
    why: '094719 é a inscrição 94719.',
  },
  // Co-party
  {
    name: 'outra parte presente',
    rule: nome('Maria Silva Oliveira', { coParty: 'Banco Horizonte' }),
    doc: { text: intimacao('MARIA SILVA OLIVEIRA x BANCO HORIZONTE S.A.') },
    expected: true,
    why: 'As duas partes aparecem.',
  },
  {
    name: 'outra parte ausente',
    rule: nome('Maria Silva Oliveira', { coParty: 'Banco Horizonte' }),
    doc: { text: intimacao('MARIA SILVA OLIVEIRA x CONSTRUTORA SERRA LTDA.') },
    expected: false,
    why: 'O usuário quer só os processos contra o Banco Horizonte.',
  },
  {
    name: 'outra parte com partícula',
    rule: nome('Pedro Lima Souza', { coParty: 'Construtora da Serra' }),
    doc: { text: intimacao('Autor: PEDRO LIMA SOUZA. Ré: CONSTRUTORA SERRA LTDA.') },
    expected: true,
    why: 'O "da" é opcional também na outra parte.',
  },
  // todas
  {
    name: 'todas as palavras em outra ordem',
    rule: nome('Oliveira Maria', { mode: 'todas' }),
    doc: { text: intimacao('Autora: MARIA SILVA OLIVEIRA.') },
    expected: true,
    why: 'Modo "todas": a ordem não importa.',
  },
  {
    name: 'todas as palavras de um termo, separadas',
    rule: termo('regularização fundiária Campinas', 'todas'),
    doc: {
      text: 'Regulamenta o programa de regularização fundiária de núcleos urbanos informais. Prefeitura Municipal de Campinas.',
    },
    expected: true,
    why: 'As três palavras aparecem.',
  },
  {
    name: 'todas: uma palavra só como parte de outra',
    rule: nome('Ana Souza', { mode: 'todas' }),
    doc: { text: intimacao('Autora: MARIANA SOUZA.') },
    expected: false,
    why: '"Ana" não aparece como palavra.',
  },
  {
    name: 'todas: falta uma palavra',
    rule: termo('licitação merenda escolar', 'todas'),
    doc: { text: 'Aviso de licitação: aquisição de material de consumo escolar.' },
    expected: false,
    why: 'Falta "merenda".',
  },
  // Terms and word boundaries
  {
    name: 'Ana não é Mariana',
    rule: nome('Ana'),
    doc: { text: intimacao('Autora: Mariana Ribeiro.') },
    expected: false,
    why: 'Fronteira de palavra.',
  },
  {
    name: 'Silva não é Silvana',
    rule: termo('Silva'),
    doc: { text: intimacao('Autora: Silvana Rocha.') },
    expected: false,
    why: 'Fronteira de palavra.',
  },
  {
    name: 'termo com nº no texto',
    rule: termo('pregão eletrônico 45/2026'),
    doc: {
      text: 'AVISO DE LICITAÇÃO - PREGÃO ELETRÔNICO Nº 45/2026. Objeto: aquisição de material de consumo.',
    },
    expected: true,
    why: 'O "Nº" não muda o pregão.',
  },
  {
    name: 'termo com número diferente',
    rule: termo('pregão eletrônico 45/2026'),
    doc: {
      text: 'AVISO DE LICITAÇÃO - PREGÃO ELETRÔNICO Nº 145/2026. Objeto: aquisição de material de consumo.',
    },
    expected: false,
    why: '145 não é 45.',
  },
  {
    name: 'lei citada com nº e ano',
    rule: termo('lei 8.666'),
    doc: { text: 'nos termos da Lei nº 8.666/93 e alterações posteriores.' },
    expected: true,
    why: 'É a lei monitorada.',
  },
  {
    name: 'termo no plural',
    rule: termo('dano moral'),
    doc: { text: 'Ação de indenização por danos morais. JULGO PROCEDENTE o pedido.' },
    expected: true,
    why: 'Quem monitora "dano moral" quer também "danos morais".',
  },
  // Companies
  {
    name: 'empresa com Ltda. e CNPJ',
    rule: nome('Construtora Horizonte Ltda'),
    doc: {
      text: 'Contratada: CONSTRUTORA HORIZONTE LTDA., CNPJ 12.345.678/0001-90. Objeto: manutenção predial.',
    },
    expected: true,
    why: 'Mesma razão social.',
  },
  {
    name: 'empresa com CNPJ monitorado, sufixo ME',
    rule: nome('Construtora Horizonte', { taxId: '12.345.678/0001-90' }),
    doc: {
      text: 'Contratada: Construtora Horizonte Ltda. - ME, CNPJ 12.345.678/0001-90. Vigência: 12 meses.',
    },
    expected: true,
    why: 'Nome e CNPJ conferem; "Ltda. - ME" é a forma jurídica.',
  },
  {
    name: 'empresa homônima com outro CNPJ',
    rule: nome('Construtora Horizonte', { taxId: '12.345.678/0001-90' }),
    doc: {
      text: 'Empresa participante: Construtora Horizonte S.A., CNPJ 98.765.432/0001-10. Abertura da sessão pública às 10h.',
    },
    expected: false,
    why: 'Outro CNPJ: outra empresa.',
  },
  {
    name: 'outra empresa com nome mais longo',
    rule: nome('Construtora Horizonte'),
    doc: { text: 'Contratada: Construtora Horizonte do Brasil S.A., CNPJ 98.765.432/0001-10.' },
    expected: false,
    why: 'Construtora Horizonte do Brasil é outra empresa.',
  },
  {
    name: 'empresa sem acentos no texto',
    rule: nome('Farmácia Saúde Já'),
    doc: { text: 'EXTRATO DE CONTRATO Nº 12/2026. Contratada: FARMACIA SAUDE JA LTDA - EPP.' },
    expected: true,
    why: 'Acentos não contam; Ltda e EPP são a forma jurídica.',
  },
  {
    name: 'raiz do CNPJ em uma filial',
    rule: nome('Supermercados Preço Bom', { taxId: '12.345.678' }),
    doc: { text: 'Autuada: SUPERMERCADOS PREÇO BOM LTDA, CNPJ 12.345.678/0002-71, filial de Campinas.' },
    expected: true,
    why: 'A raiz do CNPJ é a da empresa monitorada.',
  },
  {
    name: 'nome de uma palavra (empresa)',
    rule: nome('Petrobras'),
    doc: { text: 'Recorrente: PETRÓLEO BRASILEIRO S.A. - PETROBRAS. Recorrido: Município de Santos.' },
    expected: true,
    why: 'Nome de uma palavra funciona como termo.',
  },
  // Exclusions
  {
    name: '"não sou eu" neste processo',
    rule: nome('Maria Silva Oliveira', { exclusions: ['processo:10012345620248260100'] }),
    doc: {
      text: intimacao('Autora: MARIA SILVA OLIVEIRA.'),
      contextKey: 'processo:10012345620248260100',
    },
    expected: false,
    why: 'O usuário disse que este processo não é dele.',
  },
  {
    name: '"não sou eu" em outro processo',
    rule: nome('Maria Silva Oliveira', { exclusions: ['processo:10099995620248260100'] }),
    doc: {
      text: intimacao('Autora: MARIA SILVA OLIVEIRA.'),
      contextKey: 'processo:10012345620248260100',
    },
    expected: true,
    why: 'A exclusão vale só para o outro processo.',
  },
  {
    name: 'OAB com a UF colada ao número',
    rule: nome('João Pedro Silva', { oab: '123456/SP' }),
    doc: { text: 'Advogado(s): JOAO PEDRO SILVA - OAB SP123456. Prazo: 15 dias.', uf: 'SP' },
    expected: true,
    why: 'SP123456 é a inscrição 123456 da seccional de SP.',
  },
  {
    name: 'juíza com título abreviado',
    rule: nome('Maria Silva Oliveira'),
    doc: { text: 'Juíza de Direito: Dra. MARIA SILVA OLIVEIRA\nEscrivã-Diretora: Ana Lima Souza' },
    expected: true,
    why: 'Dra. é título.',
  },
  {
    name: 'CPF logo depois do nome, sem vírgula',
    rule: nome('Maria Silva Oliveira', { taxId: '123.456.789-09' }),
    doc: { text: 'Beneficiária: MARIA SILVA OLIVEIRA CPF 123.456.789-09 Valor: R$ 1.200,00' },
    expected: true,
    why: 'O rótulo CPF não é sobrenome.',
  },
  {
    name: 'Júnior é outra pessoa',
    rule: nome('Pedro Lima Souza'),
    doc: { text: intimacao('Autor: PEDRO LIMA SOUZA JÚNIOR.') },
    expected: false,
    why: 'O filho (Júnior) é outra pessoa.',
  },
  {
    name: 'empresário individual com o próprio nome',
    rule: nome('Maria Silva Oliveira'),
    doc: {
      text: 'Contratada: MARIA SILVA OLIVEIRA ME, CNPJ 11.222.333/0001-81. Objeto: serviços de limpeza.',
    },
    expected: true,
    why: 'A microempresa individual é a própria pessoa.',
  },
  {
    name: 'cidade só no texto',
    rule: nome('Rafael Moreira Dias', { cityCode: CAMPINAS }),
    doc: { text: intimacao('Foro de Santos - 2ª Vara Cível. Requerente: RAFAEL MOREIRA DIAS.'), uf: 'SP' },
    expected: false,
    why: 'O documento é do foro de Santos; o monitorado é de Campinas.',
  },
  // Forms the rules do not read
  {
    name: 'sobrenome antes do nome',
    rule: nome('Maria Silva Oliveira'),
    doc: { text: 'Lista de credores (ordem alfabética): OLIVEIRA, Maria Silva; PEREIRA, João.' },
    expected: true,
    why: 'A lista inverte o nome, mas é a mesma pessoa.',
  },
  {
    name: 'nome hifenizado na quebra de linha',
    rule: nome('Maria Silva Oliveira'),
    doc: { text: 'a servidora MARIA SIL-\nVA OLIVEIRA, matrícula 1234, para exercer a função.' },
    expected: true,
    why: 'A hifenização do PDF cortou o sobrenome.',
  },
]

export type HomonymScore = {
  cases: number
  tp: number
  fp: number
  fn: number
  tn: number
  precision: number
  recall: number
  wrong: { name: string; expected: boolean; why: string }[]
}

/** Runs every case through the matcher (one rule each) and counts the outcomes. */
export function scoreHomonymCases(cases: HomonymCase[] = HOMONYM_CASES): HomonymScore {
  let tp = 0
  let fp = 0
  let fn = 0
  let tn = 0
  const wrong: HomonymScore['wrong'] = []
  cases.forEach((c, i) => {
    const matcher = compileMonitorings([{ ...c.rule, id: i + 1 }])
    const key = `caso:${i + 1}`
    const got = matcher.match({ ...c.doc, key, contextKey: c.doc.contextKey ?? key }).length > 0
    if (got && c.expected) tp++
    else if (got) fp++
    else if (c.expected) fn++
    else tn++
    if (got !== c.expected) wrong.push({ name: c.name, expected: c.expected, why: c.why })
  })
  return {
    cases: cases.length,
    tp,
    fp,
    fn,
    tn,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: tp + fn ? tp / (tp + fn) : 1,
    wrong,
  }
}
