import { normalizeForMatch } from '~/domain/suggestions/normalize'

/**
 * Fixed data behind the component gallery's widgets (development and test builds only). The
 * real autocompletes (cities, institutions, professions, communities) come with their issues.
 */
const CAPITALS: [number, string, string][] = [
  [1200401, 'Rio Branco', 'AC'],
  [2704302, 'Maceió', 'AL'],
  [1600303, 'Macapá', 'AP'],
  [1302603, 'Manaus', 'AM'],
  [2927408, 'Salvador', 'BA'],
  [2304400, 'Fortaleza', 'CE'],
  [5300108, 'Brasília', 'DF'],
  [3205309, 'Vitória', 'ES'],
  [5208707, 'Goiânia', 'GO'],
  [2111300, 'São Luís', 'MA'],
  [5103403, 'Cuiabá', 'MT'],
  [5002704, 'Campo Grande', 'MS'],
  [3106200, 'Belo Horizonte', 'MG'],
  [1501402, 'Belém', 'PA'],
  [2507507, 'João Pessoa', 'PB'],
  [4106902, 'Curitiba', 'PR'],
  [2611606, 'Recife', 'PE'],
  [2211001, 'Teresina', 'PI'],
  [3304557, 'Rio de Janeiro', 'RJ'],
  [2408102, 'Natal', 'RN'],
  [4314902, 'Porto Alegre', 'RS'],
  [1100205, 'Porto Velho', 'RO'],
  [1400100, 'Boa Vista', 'RR'],
  [4205407, 'Florianópolis', 'SC'],
  [3550308, 'São Paulo', 'SP'],
  [2800308, 'Aracaju', 'SE'],
  [1721000, 'Palmas', 'TO'],
]

export function galleryCities(term: string) {
  const wanted = normalizeForMatch(term)
  return CAPITALS.filter(([, name]) => normalizeForMatch(name).includes(wanted))
    .slice(0, 10)
    .map(([code, name, uf]) => ({
      label: `${name} <span class="muted">${uf}</span>`,
      inputLabel: `${name}/${uf}`,
      value: code,
      slug: `${normalizeForMatch(name).replace(/\s+/g, '-')}-${uf.toLowerCase()}`,
    }))
}

const PROFESSIONS = [
  'Administrador',
  'Advogado',
  'Agente de segurança',
  'Analista judiciário',
  'Arquiteto',
  'Assistente social',
  'Auditor fiscal',
  'Bacharel em Direito',
  'Conciliador',
  'Contador',
  'Corretor de imóveis',
  'Defensor público',
  'Delegado de polícia',
  'Despachante',
  'Economista',
  'Engenheiro',
  'Escrevente',
  'Estagiário de Direito',
  'Investigador',
  'Juiz',
  'Mediador',
  'Oficial de justiça',
  'Oficial de registro',
  'Paralegal',
  'Perito contábil',
  'Perito judicial',
  'Procurador',
  'Professor de Direito',
  'Promotor de justiça',
  'Psicólogo',
  'Servidor público',
  'Tabelião',
  'Técnico judiciário',
  'Tradutor juramentado',
]
const PAGE_SIZE = 10

export function galleryOptions(term: string, page: number) {
  const wanted = normalizeForMatch(term)
  const matches = PROFESSIONS.filter((name) => normalizeForMatch(name).includes(wanted))
  const start = (Math.max(1, page) - 1) * PAGE_SIZE
  return {
    results: matches.slice(start, start + PAGE_SIZE).map((text, i) => ({ id: start + i + 1, text })),
    pagination: { more: start + PAGE_SIZE < matches.length },
  }
}
