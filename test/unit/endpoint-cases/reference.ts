import { cities } from '~/db/schema-corpus'
import { deps, get } from '../helpers'
import type { Case, Cases } from './case'

/** A list's answers: what it finds, `[]` for a short term, and a term that is not text (422). */
const list = (path: string, param: string, term: string) => async (): Promise<Case[]> => [
  { name: 'busca', ok: true, status: 200, call: () => get(`${path}?${param}=${encodeURIComponent(term)}`) },
  { name: 'termo curto', ok: true, status: 200, call: () => get(`${path}?${param}=a`) },
  { name: 'caractere de controle', ok: false, status: 422, call: () => get(`${path}?${param}=ab%01cd`) },
]

/** Reference lists, cities and selects (decisions/0070). */
export const referenceCases: Cases = {
  cities: list('/ajax/busca-cidades', 'cidade_nome', 'são paulo'),
  institutions: list('/ajax/busca-instituicoes', 'instituicao_nome', 'universidade'),
  occupations: list('/ajax/busca-titulos-profissionais', 'titulo', 'advog'),
  communities: list('/ajax/busca-comunidades', 'comunidade_nome', 'direito'),
  specialties: async () => [
    { name: 'advogado', ok: true, status: 200, call: () => get('/ajax/ocupacao/241005/especialidades') },
    {
      name: 'código malformado',
      ok: true,
      status: 200,
      call: () => get('/ajax/ocupacao/abc/especialidades'),
    },
    {
      name: 'caractere de controle',
      ok: false,
      status: 422,
      call: () => get('/ajax/ocupacao/24%0105/especialidades'),
    },
  ],
  cityByIp: async () => {
    await deps()
      .db.insert(cities)
      .values({ code: 3550308, name: 'São Paulo', uf: 'SP', slug: 'sao-paulo-sp' })
      .onConflictDoNothing()
    return [
      {
        name: 'em São Paulo',
        ok: true,
        status: 200,
        call: () =>
          get('/ajax/cidade-por-ip', {
            cf: { country: 'BR', regionCode: 'SP', city: 'São Paulo' },
          } as RequestInit),
      },
      // No city is an expected answer: the spec's status field in a 200.
      {
        name: 'fora do Brasil',
        ok: false,
        status: 200,
        call: () => get('/ajax/cidade-por-ip', { cf: { country: 'PT', city: 'Lisboa' } } as RequestInit),
      },
    ]
  },
  courses: async () => [
    { name: 'primeira página', ok: true, status: 200, call: () => get('/ajax/cursos?term=direito&page=1') },
    { name: 'página que não é número', ok: true, status: 200, call: () => get('/ajax/cursos?q=dir&page=x') },
    { name: 'caractere de controle', ok: false, status: 422, call: () => get('/ajax/cursos?term=%01') },
  ],
}
