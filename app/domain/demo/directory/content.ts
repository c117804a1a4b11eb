import { FIRST_NAMES, WOMEN_FIRST_NAMES } from '~/domain/corpus/generate/names'

/**
 * How the demo directory splits among the directory's professions (slugs of
 * DIRECTORY_PROFESSIONS), roughly as a legal network's members do: most are lawyers, then
 * accountants and court staff; notaries, registrars and judges are few (decisions/0025).
 */
export const PROFESSION_WEIGHTS: Record<string, number> = {
  advogado: 620,
  contador: 110,
  'auxiliar-juridico': 40,
  'consultor-juridico': 30,
  escrevente: 25,
  procurador: 25,
  'oficial-de-justica': 20,
  juiz: 14,
  escrivao: 14,
  mediador: 14,
  'perito-contabil': 14,
  'promotor-de-justica': 12,
  'delegado-de-policia': 12,
  'psicologo-juridico': 10,
  'defensor-publico': 8,
  tabeliao: 6,
  'oficial-de-registro': 6,
  arbitro: 5,
}

/** Within a profession, the plain title (its first code) is the one most choose. */
export const FIRST_CODE_SHARE = 0.6

/** Services a professional of each profession lists (0 to 5 of them). */
export const SERVICES: Record<string, readonly string[]> = {
  advogado: [
    'Consulta jurídica',
    'Elaboração e revisão de contratos',
    'Ação de divórcio',
    'Inventário e partilha',
    'Reclamação trabalhista',
    'Defesa em processo criminal',
    'Ação de cobrança',
    'Revisão de aposentadoria',
    'Ação de indenização',
    'Usucapião',
    'Pensão alimentícia',
    'Recuperação de crédito',
  ],
  'consultor-juridico': [
    'Consultoria empresarial',
    'Programa de compliance',
    'Adequação à LGPD',
    'Due diligence',
    'Pareceres jurídicos',
  ],
  contador: [
    'Abertura de empresa',
    'Imposto de renda pessoa física',
    'Folha de pagamento',
    'Planejamento tributário',
    'Escrituração contábil',
    'Regularização fiscal',
  ],
  'perito-contabil': [
    'Perícia judicial',
    'Laudo pericial contábil',
    'Cálculos trabalhistas',
    'Assistência técnica em perícias',
    'Revisão de contratos bancários',
  ],
  tabeliao: [
    'Escrituras',
    'Procurações',
    'Reconhecimento de firma',
    'Autenticação',
    'Inventário extrajudicial',
  ],
  'oficial-de-registro': [
    'Registro de imóveis',
    'Certidões',
    'Registro de nascimento e casamento',
    'Registro de títulos e documentos',
  ],
  mediador: ['Mediação familiar', 'Mediação empresarial', 'Conciliação', 'Mediação on-line'],
  arbitro: ['Arbitragem empresarial', 'Arbitragem de contratos', 'Parecer em arbitragem'],
  'psicologo-juridico': [
    'Avaliação psicológica forense',
    'Assistência técnica em perícias',
    'Laudo psicológico',
    'Mediação familiar',
  ],
}

/** Public servants offer what they may do outside office: teaching, talks, writing. */
export const PUBLIC_SERVICE_EXTRAS = [
  'Palestras',
  'Aulas para concursos',
  'Mentoria de carreira',
  'Artigos e pareceres acadêmicos',
]

export const WOMEN_NAMES: readonly string[] = FIRST_NAMES.filter((name) => WOMEN_FIRST_NAMES.has(name))
export const MEN_NAMES: readonly string[] = FIRST_NAMES.filter((name) => !WOMEN_FIRST_NAMES.has(name))

/** A few lines of "about", filled with the professional's own specialties and city. */
export const ABOUT_TEMPLATES = [
  'Atuação em {a} e {b}. Atendimento presencial e on-line.',
  'Mais de {anos} anos de experiência em {a}. Atendo em {cidade} e região.',
  '{a}, com foco em soluções rápidas e atendimento próximo.',
  'Experiência em {a} e {b}, com atendimento humanizado em {cidade}.',
] as const
