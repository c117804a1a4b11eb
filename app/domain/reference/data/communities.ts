import { COURSES } from './courses'
import { LEGAL_OCCUPATIONS, NEIGHBOUR_OCCUPATIONS } from './specialties'

/** Themes anyone can follow; profession and course communities come from the lists above. */
export const THEMES = [
  'Direito Civil',
  'Direito Penal',
  'Direito Trabalhista',
  'Direito Tributário',
  'Direito Previdenciário',
  'Direito de Família',
  'Direito do Consumidor',
  'Direito Empresarial',
  'Direito Administrativo',
  'Direito Constitucional',
  'Direito Digital',
  'Direito Ambiental',
  'Direito Imobiliário',
  'Direito Eleitoral',
  'Direito Internacional',
  'Direito Processual Civil',
  'Direito Processual Penal',
  'Direitos Humanos',
  'Proteção de Dados (LGPD)',
  'Exame da OAB',
  'Concursos Públicos',
  'Jurisprudência dos Tribunais Superiores',
  'Advocacia em Início de Carreira',
  'Tecnologia e Inovação Jurídica',
] as const

export type CommunitySeed = {
  name: string
  kind: 'profissao' | 'curso' | 'tema'
  occupationCode: string | null
  course: string | null
}

/** Order matters: the position is the row id (migrations/0008). Append only. */
export const COMMUNITIES: CommunitySeed[] = [
  ...Object.entries({ ...LEGAL_OCCUPATIONS, ...NEIGHBOUR_OCCUPATIONS }).map(([code, title]) => ({
    name: title,
    kind: 'profissao' as const,
    occupationCode: code,
    course: null,
  })),
  ...COURSES.map((course) => ({ name: course, kind: 'curso' as const, occupationCode: null, course })),
  ...THEMES.map((name) => ({ name, kind: 'tema' as const, occupationCode: null, course: null })),
]
