/**
 * The directory's professions as people search for them (`/advogado`, `/contador`, `/tabeliao`),
 * each grouping the CBO 2002 codes a professional may hold (decisions/0023). Append only: the
 * slugs are public URLs, and migrations/0011 ships the code → slug table the listings join.
 */
export type DirectoryProfession = {
  slug: string
  /** "Advogado": the title of one, in the masculine generic form. */
  singular: string
  /** "Advogados": titles, descriptions and the select. */
  plural: string
  codes: readonly string[]
}

export const DIRECTORY_PROFESSIONS: readonly DirectoryProfession[] = [
  {
    slug: 'advogado',
    singular: 'Advogado',
    plural: 'Advogados',
    codes: ['241005', '241010', '241015', '241020', '241025', '241030', '241035'],
  },
  {
    slug: 'consultor-juridico',
    singular: 'Consultor jurídico',
    plural: 'Consultores jurídicos',
    codes: ['241040'],
  },
  { slug: 'contador', singular: 'Contador', plural: 'Contadores', codes: ['252210'] },
  { slug: 'perito-contabil', singular: 'Perito contábil', plural: 'Peritos contábeis', codes: ['252215'] },
  { slug: 'tabeliao', singular: 'Tabelião', plural: 'Tabeliães', codes: ['241335', '241340'] },
  {
    slug: 'oficial-de-registro',
    singular: 'Oficial de registro',
    plural: 'Oficiais de registro',
    codes: ['241310', '241315', '241325', '241330'],
  },
  {
    slug: 'mediador',
    singular: 'Mediador de conflitos',
    plural: 'Mediadores de conflitos',
    codes: ['351435'],
  },
  { slug: 'arbitro', singular: 'Árbitro', plural: 'Árbitros', codes: ['351440'] },
  {
    slug: 'psicologo-juridico',
    singular: 'Psicólogo jurídico',
    plural: 'Psicólogos jurídicos',
    codes: ['251525'],
  },
  {
    slug: 'procurador',
    singular: 'Procurador',
    plural: 'Procuradores',
    codes: [
      '241205',
      '241210',
      '241215',
      '241220',
      '241225',
      '241230',
      '241235',
      '242205',
      '242210',
      '242220',
    ],
  },
  {
    slug: 'promotor-de-justica',
    singular: 'Promotor de justiça',
    plural: 'Promotores de justiça',
    codes: ['242235'],
  },
  {
    slug: 'defensor-publico',
    singular: 'Defensor público',
    plural: 'Defensores públicos',
    codes: ['242405'],
  },
  {
    slug: 'delegado-de-policia',
    singular: 'Delegado de polícia',
    plural: 'Delegados de polícia',
    codes: ['242305'],
  },
  { slug: 'juiz', singular: 'Juiz', plural: 'Juízes', codes: ['111325', '111330', '111345'] },
  {
    slug: 'oficial-de-justica',
    singular: 'Oficial de justiça',
    plural: 'Oficiais de justiça',
    codes: ['351425'],
  },
  { slug: 'escrivao', singular: 'Escrivão judicial', plural: 'Escrivães judiciais', codes: ['351410'] },
  { slug: 'escrevente', singular: 'Escrevente', plural: 'Escreventes', codes: ['351405'] },
  {
    slug: 'auxiliar-juridico',
    singular: 'Auxiliar de serviços jurídicos',
    plural: 'Auxiliares de serviços jurídicos',
    codes: ['351430'],
  },
]

const BY_SLUG = new Map(DIRECTORY_PROFESSIONS.map((p) => [p.slug, p]))
const BY_CODE = new Map(DIRECTORY_PROFESSIONS.flatMap((p) => p.codes.map((code) => [code, p] as const)))

export function professionBySlug(slug: string): DirectoryProfession | undefined {
  return BY_SLUG.get(slug)
}

export function professionOfCode(code: string | null | undefined): DirectoryProfession | undefined {
  return code ? BY_CODE.get(code) : undefined
}
