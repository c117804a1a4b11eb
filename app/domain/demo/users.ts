import type { NewUser } from '~/db/schema'

/**
 * The named demo accounts the README lists, written after the generated directory
 * (app/domain/demo/directory, decisions/0025) so the home page's newest professionals are these.
 * Names are invented; e-mails use the reserved `.invalid` domain.
 * Professionals have their CBO code and their title in the form each chose (decisions/0018).
 */
/** The demo accounts' password (development data only; the README lists it). */
export const DEMO_PASSWORD = 'demo1234'

export const DEMO_USERS: NewUser[] = [
  {
    subdomain: 'ana',
    email: 'ana@exemplo.invalid',
    name: 'Ana Beatriz Souza',
    kind: 'profissional',
    headline: 'Advogada',
    occupationCode: '241005',
    city: 'São Paulo',
    cityCode: 3550308,
    uf: 'SP',
    about: 'Direito de família e sucessões. Atendimento presencial e on-line.',
  },
  {
    subdomain: 'carlosmendes',
    email: 'carlos@exemplo.invalid',
    name: 'Carlos Eduardo Mendes',
    kind: 'profissional',
    headline: 'Advogado',
    occupationCode: '241005',
    city: 'Belo Horizonte',
    cityCode: 3106200,
    uf: 'MG',
    about: 'Direito do trabalho e previdenciário.',
  },
  {
    subdomain: 'joanaribeiro',
    email: 'joana@exemplo.invalid',
    name: 'Joana Ribeiro Lima',
    kind: 'profissional',
    headline: 'Contadora',
    occupationCode: '252210',
    city: 'Recife',
    cityCode: 2611606,
    uf: 'PE',
    about: 'Perícia contábil judicial e planejamento tributário.',
  },
  {
    subdomain: 'antonioalves',
    email: 'antonio@exemplo.invalid',
    name: 'Antônio Alves Pereira',
    kind: 'profissional',
    headline: 'Advogado',
    occupationCode: '241005',
    city: 'Porto Alegre',
    cityCode: 4314902,
    uf: 'RS',
    about: 'Direito empresarial, contratos e recuperação judicial.',
  },
  {
    subdomain: 'mariliacosta',
    email: 'marilia@exemplo.invalid',
    name: 'Marília Costa Araújo',
    kind: 'profissional',
    headline: 'Tabeliã de notas',
    occupationCode: '241335',
    city: 'Salvador',
    cityCode: 2927408,
    uf: 'BA',
    about: null,
  },
  {
    subdomain: 'lucasferreira',
    email: 'lucas@exemplo.invalid',
    name: 'Lucas Ferreira Gonçalves',
    kind: 'estudante',
    headline: 'Estudante de Direito',
    city: 'Curitiba',
    cityCode: 4106902,
    uf: 'PR',
    about: null,
  },
]
