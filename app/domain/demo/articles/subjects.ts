/**
 * What the demo articles are about (decisions/0027): subjects per theme community (the THEMES of
 * the reference data), each with the statute it rests on and three points.
 */

export type Subject = {
  /** The theme community's name (app/domain/reference/data/communities.ts). */
  theme: string
  /** Lower case, as it reads mid-sentence. */
  subject: string
  law: { label: string; url: string }
  points: readonly [string, string, string]
}

const PLANALTO = 'https://www.planalto.gov.br/ccivil_03'

export const SUBJECTS: readonly Subject[] = [
  {
    theme: 'Direito Civil',
    subject: 'usucapião extrajudicial',
    law: { label: 'art. 216-A da Lei de Registros Públicos', url: `${PLANALTO}/leis/l6015compilada.htm` },
    points: [
      'a ata notarial que comprova o tempo de posse',
      'a planta e o memorial descritivo assinados por profissional habilitado',
      'a notificação dos confrontantes e o prazo para impugnação',
    ],
  },
  {
    theme: 'Direito Civil',
    subject: 'responsabilidade civil por danos morais',
    law: { label: 'arts. 186 e 927 do Código Civil', url: `${PLANALTO}/leis/2002/l10406compilada.htm` },
    points: [
      'a prova do dano e do nexo causal',
      'os critérios de quantificação',
      'o prazo prescricional de três anos',
    ],
  },
  {
    theme: 'Direito Penal',
    subject: 'acordo de não persecução penal',
    law: {
      label: 'art. 28-A do Código de Processo Penal',
      url: `${PLANALTO}/decreto-lei/del3689compilado.htm`,
    },
    points: [
      'os requisitos objetivos e a confissão formal',
      'as condições que o Ministério Público pode propor',
      'as consequências do descumprimento',
    ],
  },
  {
    theme: 'Direito Trabalhista',
    subject: 'rescisão indireta do contrato de trabalho',
    law: { label: 'art. 483 da CLT', url: `${PLANALTO}/decreto-lei/del5452.htm` },
    points: ['as faltas graves do empregador', 'a imediatidade do pedido', 'as verbas rescisórias devidas'],
  },
  {
    theme: 'Direito Trabalhista',
    subject: 'horas extras no teletrabalho',
    law: { label: 'arts. 75-A a 75-F da CLT', url: `${PLANALTO}/decreto-lei/del5452.htm` },
    points: [
      'o controle de jornada por produção ou por tarefa',
      'os acordos individuais',
      'a prova do sobrelabor',
    ],
  },
  {
    theme: 'Direito Tributário',
    subject: 'prescrição intercorrente na execução fiscal',
    law: { label: 'art. 40 da Lei de Execução Fiscal', url: `${PLANALTO}/leis/l6830.htm` },
    points: [
      'o marco inicial da suspensão de um ano',
      'a intimação da Fazenda Pública',
      'o reconhecimento de ofício pelo juiz',
    ],
  },
  {
    theme: 'Direito Tributário',
    subject: 'transação tributária com a PGFN',
    law: { label: 'Lei nº 13.988/2020', url: `${PLANALTO}/_ato2019-2022/2020/lei/l13988.htm` },
    points: [
      'as modalidades de transação',
      'os descontos e prazos possíveis',
      'as hipóteses de rescisão do acordo',
    ],
  },
  {
    theme: 'Direito Previdenciário',
    subject: 'revisão da vida toda',
    law: { label: 'Lei nº 8.213/1991', url: `${PLANALTO}/leis/l8213cons.htm` },
    points: [
      'quem pode ter direito',
      'os cálculos que precisam ser feitos antes',
      'o prazo decadencial de dez anos',
    ],
  },
  {
    theme: 'Direito Previdenciário',
    subject: 'aposentadoria especial',
    law: { label: 'arts. 57 e 58 da Lei nº 8.213/1991', url: `${PLANALTO}/leis/l8213cons.htm` },
    points: ['o PPP e o LTCAT', 'a conversão do tempo especial', 'as regras de transição da reforma'],
  },
  {
    theme: 'Direito de Família',
    subject: 'guarda compartilhada',
    law: { label: 'art. 1.584 do Código Civil', url: `${PLANALTO}/leis/2002/l10406compilada.htm` },
    points: [
      'a base de moradia da criança',
      'a divisão do tempo de convivência',
      'o papel do plano de parentalidade',
    ],
  },
  {
    theme: 'Direito de Família',
    subject: 'revisão de pensão alimentícia',
    law: { label: 'art. 1.699 do Código Civil', url: `${PLANALTO}/leis/2002/l10406compilada.htm` },
    points: [
      'a mudança na capacidade financeira',
      'as provas que o juiz costuma pedir',
      'a tutela de urgência',
    ],
  },
  {
    theme: 'Direito do Consumidor',
    subject: 'negativação indevida',
    law: { label: 'art. 43 do Código de Defesa do Consumidor', url: `${PLANALTO}/leis/l8078compilado.htm` },
    points: ['a notificação prévia do consumidor', 'o dano moral presumido', 'a Súmula 385 do STJ'],
  },
  {
    theme: 'Direito do Consumidor',
    subject: 'direito de arrependimento nas compras on-line',
    law: { label: 'art. 49 do Código de Defesa do Consumidor', url: `${PLANALTO}/leis/l8078compilado.htm` },
    points: ['o prazo de sete dias', 'a devolução integral dos valores', 'os custos do frete de retorno'],
  },
  {
    theme: 'Direito Empresarial',
    subject: 'recuperação judicial de pequenas empresas',
    law: { label: 'Lei nº 11.101/2005', url: `${PLANALTO}/_ato2004-2006/2005/lei/l11101.htm` },
    points: ['o plano especial para ME e EPP', 'a suspensão das execuções', 'a assembleia de credores'],
  },
  {
    theme: 'Direito Empresarial',
    subject: 'acordo de sócios',
    law: { label: 'art. 118 da Lei das S.A.', url: `${PLANALTO}/leis/l6404consol.htm` },
    points: ['as cláusulas de saída', 'o direito de preferência', 'a solução de impasses'],
  },
  {
    theme: 'Direito Administrativo',
    subject: 'Lei de Licitações e Contratos',
    law: { label: 'Lei nº 14.133/2021', url: `${PLANALTO}/_ato2019-2022/2021/lei/l14133.htm` },
    points: ['o diálogo competitivo', 'o plano de contratações anual', 'as novas regras de habilitação'],
  },
  {
    theme: 'Direito Administrativo',
    subject: 'processo administrativo disciplinar',
    law: { label: 'Lei nº 8.112/1990', url: `${PLANALTO}/leis/l8112cons.htm` },
    points: ['a portaria de instauração', 'o direito à ampla defesa', 'a prescrição da pretensão punitiva'],
  },
  {
    theme: 'Direito Constitucional',
    subject: 'mandado de segurança contra ato de autoridade',
    law: { label: 'Lei nº 12.016/2009', url: `${PLANALTO}/_ato2007-2010/2009/lei/l12016.htm` },
    points: ['o direito líquido e certo', 'o prazo de 120 dias', 'a liminar e seus limites'],
  },
  {
    theme: 'Direito Digital',
    subject: 'remoção de conteúdo na internet',
    law: {
      label: 'art. 19 do Marco Civil da Internet',
      url: `${PLANALTO}/_ato2011-2014/2014/lei/l12965.htm`,
    },
    points: [
      'a ordem judicial específica',
      'a identificação clara do conteúdo',
      'a guarda de registros de acesso',
    ],
  },
  {
    theme: 'Direito Ambiental',
    subject: 'licenciamento ambiental',
    law: { label: 'Lei nº 6.938/1981', url: `${PLANALTO}/leis/l6938.htm` },
    points: [
      'as três licenças do procedimento',
      'o estudo de impacto ambiental',
      'a responsabilidade objetiva',
    ],
  },
  {
    theme: 'Direito Imobiliário',
    subject: 'distrato na compra de imóvel na planta',
    law: { label: 'Lei nº 13.786/2018', url: `${PLANALTO}/_ato2015-2018/2018/lei/l13786.htm` },
    points: ['a retenção pela incorporadora', 'o patrimônio de afetação', 'o prazo de devolução'],
  },
  {
    theme: 'Direito Imobiliário',
    subject: 'despejo por falta de pagamento',
    law: { label: 'Lei do Inquilinato', url: `${PLANALTO}/leis/l8245.htm` },
    points: ['a liminar de desocupação em quinze dias', 'a purgação da mora', 'a caução de três aluguéis'],
  },
  {
    theme: 'Direito Eleitoral',
    subject: 'propaganda eleitoral antecipada',
    law: { label: 'art. 36-A da Lei das Eleições', url: `${PLANALTO}/leis/l9504.htm` },
    points: ['o pedido explícito de voto', 'as redes sociais na pré-campanha', 'as multas aplicáveis'],
  },
  {
    theme: 'Direito Internacional',
    subject: 'homologação de sentença estrangeira',
    law: { label: 'arts. 960 a 965 do CPC', url: `${PLANALTO}/_ato2015-2018/2015/lei/l13105.htm` },
    points: ['a competência do STJ', 'a tradução juramentada', 'o trânsito em julgado no exterior'],
  },
  {
    theme: 'Direito Processual Civil',
    subject: 'tutela de urgência',
    law: { label: 'arts. 300 a 310 do CPC', url: `${PLANALTO}/_ato2015-2018/2015/lei/l13105.htm` },
    points: ['a probabilidade do direito', 'o perigo de dano', 'a estabilização da tutela antecipada'],
  },
  {
    theme: 'Direito Processual Civil',
    subject: 'contagem de prazos em dias úteis',
    law: { label: 'art. 219 do CPC', url: `${PLANALTO}/_ato2015-2018/2015/lei/l13105.htm` },
    points: [
      'os feriados locais',
      'a suspensão de fim de ano',
      'os prazos materiais, que correm em dias corridos',
    ],
  },
  {
    theme: 'Direito Processual Penal',
    subject: 'audiência de custódia',
    law: {
      label: 'art. 310 do Código de Processo Penal',
      url: `${PLANALTO}/decreto-lei/del3689compilado.htm`,
    },
    points: [
      'o prazo de 24 horas',
      'a análise da legalidade da prisão',
      'as medidas cautelares alternativas',
    ],
  },
  {
    theme: 'Direitos Humanos',
    subject: 'controle de convencionalidade',
    law: { label: 'art. 5º, § 3º, da Constituição', url: `${PLANALTO}/constituicao/constituicao.htm` },
    points: [
      'os tratados com status supralegal',
      'a jurisprudência da Corte Interamericana',
      'o papel do juiz de primeiro grau',
    ],
  },
  {
    theme: 'Proteção de Dados (LGPD)',
    subject: 'adequação de escritórios à LGPD',
    law: { label: 'Lei nº 13.709/2018', url: `${PLANALTO}/_ato2015-2018/2018/lei/l13709.htm` },
    points: [
      'o mapeamento dos dados de clientes',
      'as bases legais do tratamento',
      'o plano de resposta a incidentes',
    ],
  },
  {
    theme: 'Exame da OAB',
    subject: 'segunda fase do Exame da OAB',
    law: { label: 'Estatuto da Advocacia', url: `${PLANALTO}/leis/l8906.htm` },
    points: ['a escolha da área', 'a estrutura da peça prático-profissional', 'o uso do vade mecum'],
  },
  {
    theme: 'Concursos Públicos',
    subject: 'preparação para concursos de tribunais',
    law: { label: 'art. 37 da Constituição', url: `${PLANALTO}/constituicao/constituicao.htm` },
    points: [
      'o edital como roteiro de estudo',
      'a revisão por questões',
      'o cuidado com a saúde na reta final',
    ],
  },
  {
    theme: 'Jurisprudência dos Tribunais Superiores',
    subject: 'temas repetitivos do STJ',
    law: { label: 'art. 1.036 do CPC', url: `${PLANALTO}/_ato2015-2018/2015/lei/l13105.htm` },
    points: [
      'a suspensão dos processos afetados',
      'a distinção (distinguishing)',
      'a superação do precedente',
    ],
  },
  {
    theme: 'Advocacia em Início de Carreira',
    subject: 'precificação de honorários',
    law: { label: 'Código de Ética e Disciplina da OAB', url: 'https://www.oab.org.br/' },
    points: ['a tabela da seccional', 'o contrato de honorários por escrito', 'os honorários de êxito'],
  },
  {
    theme: 'Tecnologia e Inovação Jurídica',
    subject: 'inteligência artificial na advocacia',
    law: { label: 'Lei Geral de Proteção de Dados', url: `${PLANALTO}/_ato2015-2018/2018/lei/l13709.htm` },
    points: [
      'o sigilo dos dados do cliente',
      'a revisão humana de cada peça',
      'a transparência com o cliente',
    ],
  },
]
