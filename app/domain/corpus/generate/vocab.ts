// Legal vocabulary of the demo corpus (classes, movements, courts, templates), written for this
// project. Names of people and companies are in names.ts.

/** Plausible TPU classes by court kind (codes and names as in the CNJ table). */
export const CIVIL_CLASSES = [
  [7, 'Procedimento Comum Cível'],
  [436, 'Procedimento do Juizado Especial Cível'],
  [159, 'Execução de Título Extrajudicial'],
  [1116, 'Execução Fiscal'],
  [12078, 'Cumprimento de Sentença contra a Fazenda Pública'],
  [156, 'Cumprimento de Sentença'],
  [120, 'Mandado de Segurança Cível'],
  [1690, 'Inventário'],
  [12246, 'Divórcio Litigioso'],
  [198, 'Apelação Cível'],
  [202, 'Agravo de Instrumento'],
] as const
export const CRIMINAL_CLASSES = [
  [283, 'Ação Penal - Procedimento Ordinário'],
  [307, 'Habeas Corpus Criminal'],
  [10943, 'Termo Circunstanciado'],
] as const
export const LABOUR_CLASSES = [
  [985, 'Ação Trabalhista - Rito Ordinário'],
  [1125, 'Ação Trabalhista - Rito Sumaríssimo'],
] as const

export const SUBJECTS = [
  [7780, 'Indenização por Dano Moral'],
  [10433, 'Indenização por Dano Material'],
  [6220, 'Contratos Bancários'],
  [7771, 'Práticas Abusivas'],
  [10671, 'Obrigação de Fazer / Não Fazer'],
  [5952, 'IPTU / Imposto Predial e Territorial Urbano'],
  [7619, 'Alimentos'],
  [7621, 'Guarda'],
  [9580, 'Inventário e Partilha'],
  [10432, 'Planos de Saúde'],
  [3370, 'Furto'],
  [3608, 'Tráfico de Drogas e Condutas Afins'],
  [2581, 'Horas Extras'],
  [2546, 'Verbas Rescisórias'],
  [10028, 'Fornecimento de Energia Elétrica'],
  [9607, 'Locação de Imóvel'],
] as const

/** Movements in the order a lawsuit lives them (TPU codes). */
export const OPENING_MOVES = [
  [26, 'Distribuição'],
  [51, 'Conclusão'],
  [11010, 'Mero expediente'],
] as const
export const MIDDLE_MOVES = [
  [85, 'Petição'],
  [60, 'Expedição de documento'],
  [11383, 'Ato ordinatório'],
  [970, 'Audiência'],
  [123, 'Remessa'],
  [132, 'Recebimento'],
  [51, 'Conclusão'],
  [12164, 'Outras Decisões'],
  [11009, 'Despacho'],
  [92, 'Publicação'],
] as const
export const CLOSING_MOVES = [
  [219, 'Procedência'],
  [220, 'Improcedência'],
  [221, 'Procedência em Parte'],
  [466, 'Homologação de Transação'],
  [848, 'Trânsito em julgado'],
  [246, 'Definitivo'],
] as const

export const STATE_COURT_CITIES: Record<string, string[]> = {
  TJSP: ['São Paulo', 'Campinas', 'Santos', 'Ribeirão Preto', 'Sorocaba'],
  TJRJ: ['Rio de Janeiro', 'Niterói', 'Duque de Caxias', 'Petrópolis'],
  TJMG: ['Belo Horizonte', 'Uberlândia', 'Juiz de Fora', 'Contagem'],
  TJRS: ['Porto Alegre', 'Caxias do Sul', 'Pelotas', 'Santa Maria'],
  TJPR: ['Curitiba', 'Londrina', 'Maringá', 'Cascavel'],
  TJBA: ['Salvador', 'Feira de Santana', 'Vitória da Conquista'],
  TJPE: ['Recife', 'Olinda', 'Caruaru'],
  TJCE: ['Fortaleza', 'Juazeiro do Norte', 'Sobral'],
  TJSC: ['Florianópolis', 'Joinville', 'Blumenau'],
  TJGO: ['Goiânia', 'Anápolis', 'Aparecida de Goiânia'],
}
/** TR codes of the courts above (segment 8). */
export const COURT_TR: Record<string, number> = {
  TJSP: 26,
  TJRJ: 19,
  TJMG: 13,
  TJRS: 21,
  TJPR: 16,
  TJBA: 5,
  TJPE: 17,
  TJCE: 6,
  TJSC: 24,
  TJGO: 9,
}
export const COURT_UF: Record<string, string> = {
  TJSP: 'SP',
  TJRJ: 'RJ',
  TJMG: 'MG',
  TJRS: 'RS',
  TJPR: 'PR',
  TJBA: 'BA',
  TJPE: 'PE',
  TJCE: 'CE',
  TJSC: 'SC',
  TJGO: 'GO',
}

export const CIVIL_BODIES = [
  'Vara Cível',
  'Vara da Fazenda Pública',
  'Juizado Especial Cível',
  'Vara de Família e Sucessões',
  'Vara Criminal',
]
export const CHAMBERS = [
  'Câmara de Direito Privado',
  'Câmara de Direito Público',
  'Câmara Cível',
  'Câmara Criminal',
]

export const FEDERAL_ORGANS = [
  'Ministério da Fazenda/Secretaria Especial da Receita Federal do Brasil',
  'Ministério da Educação/Universidade Federal do Estado',
  'Ministério da Saúde/Secretaria de Atenção Especializada à Saúde',
  'Ministério da Justiça e Segurança Pública/Polícia Federal',
  'Ministério do Trabalho e Emprego/Superintendência Regional do Trabalho',
  'Ministério da Agricultura e Pecuária/Secretaria de Defesa Agropecuária',
  'Poder Judiciário/Tribunal Regional Federal da 3ª Região',
  'Ministério da Gestão e da Inovação em Serviços Públicos/Secretaria de Gestão de Pessoas',
] as const

export const SUMMARY_TOPICS = [
  'a política municipal de mobilidade urbana e o transporte coletivo',
  'o programa de regularização fundiária de núcleos urbanos informais',
  'a criação do conselho de defesa dos direitos da pessoa idosa',
  'a concessão de incentivos fiscais para empresas de tecnologia',
  'as normas gerais de licitações e contratos no âmbito da administração direta',
  'o plano de carreira dos servidores da educação básica',
  'a proteção de dados pessoais nos serviços públicos digitais',
  'o uso de energia solar em prédios públicos',
  'a coleta seletiva e a destinação de resíduos sólidos',
  'o atendimento prioritário às pessoas com deficiência',
  'a transparência na divulgação das despesas com publicidade oficial',
  'o funcionamento das feiras livres e do comércio ambulante',
] as const

export const EMENTA_AREAS = [
  {
    class: 'Apelação Cível',
    theme: 'DIREITO DO CONSUMIDOR. CONTRATO BANCÁRIO. DESCONTOS INDEVIDOS EM BENEFÍCIO PREVIDENCIÁRIO',
    holding:
      'A instituição financeira responde objetivamente pelos danos decorrentes de descontos não autorizados, sendo devida a restituição em dobro dos valores cobrados indevidamente',
  },
  {
    class: 'Apelação Cível',
    theme: 'RESPONSABILIDADE CIVIL. PLANO DE SAÚDE. NEGATIVA DE COBERTURA DE TRATAMENTO PRESCRITO',
    holding:
      'É abusiva a recusa de cobertura de tratamento indicado pelo médico assistente quando a doença está coberta pelo contrato',
  },
  {
    class: 'Agravo de Instrumento',
    theme: 'EXECUÇÃO FISCAL. EXCEÇÃO DE PRÉ-EXECUTIVIDADE. PRESCRIÇÃO INTERCORRENTE',
    holding:
      'Reconhece-se a prescrição intercorrente quando o processo permanece paralisado por prazo superior ao legal sem diligência útil da exequente',
  },
  {
    class: 'Apelação Cível',
    theme: 'DIREITO DE FAMÍLIA. ALIMENTOS. BINÔMIO NECESSIDADE-POSSIBILIDADE',
    holding:
      'A fixação dos alimentos deve observar as necessidades do alimentando e a capacidade contributiva do alimentante',
  },
  {
    class: 'Habeas Corpus Criminal',
    theme: 'PROCESSO PENAL. PRISÃO PREVENTIVA. FUNDAMENTAÇÃO CONCRETA',
    holding:
      'A prisão preventiva exige fundamentação em elementos concretos que demonstrem o risco à ordem pública, não bastando a gravidade abstrata do delito',
  },
  {
    class: 'Apelação Cível',
    theme: 'DIREITO ADMINISTRATIVO. SERVIDOR PÚBLICO. PROGRESSÃO FUNCIONAL',
    holding:
      'Preenchidos os requisitos legais, o servidor tem direito à progressão funcional, não podendo a Administração invocar a falta de regulamentação para negá-la',
  },
  {
    class: 'Agravo de Instrumento',
    theme: 'LOCAÇÃO. AÇÃO DE DESPEJO POR FALTA DE PAGAMENTO. LIMINAR',
    holding:
      'Presentes os requisitos legais e prestada a caução, é cabível a concessão de liminar para desocupação do imóvel',
  },
] as const

export const OUTCOMES = [
  'Recurso conhecido e provido.',
  'Recurso conhecido e não provido.',
  'Recurso parcialmente provido.',
  'Ordem concedida.',
  'Ordem denegada.',
] as const

export const ARTICLE_OPENINGS = [
  'Fica instituído, no âmbito do ente federativo,',
  'Compete ao Poder Executivo regulamentar',
  'Para os fins desta Lei, considera-se',
  'É vedada a cobrança de taxa ou tarifa para',
  'O órgão responsável deverá publicar, anualmente,',
  'As despesas decorrentes da execução desta Lei correrão por conta de',
  'Os contratos celebrados a partir da vigência desta Lei observarão',
  'A fiscalização do disposto nesta Lei caberá',
] as const
export const ARTICLE_OBJECTS = [
  'o cadastro único dos beneficiários do programa',
  'as dotações orçamentárias próprias, suplementadas se necessário',
  'o relatório de metas e resultados alcançados no exercício',
  'os critérios de acessibilidade previstos na legislação federal',
  'a participação de representantes da sociedade civil',
  'a divulgação dos dados em formato aberto na internet',
  'o atendimento gratuito aos usuários de baixa renda',
  'as sanções administrativas aplicáveis aos infratores',
] as const
