import type { DatabaseSync } from 'node:sqlite'
import { DIRECTORY_MAX_PAGE, DIRECTORY_PAGE_SIZE } from '../../app/domain/directory/directory.server'

/** One page of the directory bench: how the loader is called, and its path over HTTP (if any). */
export type PageCase = {
  name: string
  path: string | null
  load:
    | { kind: 'list'; query: { profession?: string; city?: string; page: number } }
    | { kind: 'home'; cached: boolean }
    | { kind: 'communities' }
    | { kind: 'community'; slug: string }
}

const BIG_CITY = 'sao-paulo-sp'
const MEDIUM_CITY = 'campinas-sp'

/**
 * The fixed page set (issue 13): a big profession+city (pages 1, 2 and the last), the big city's
 * page, the whole country's lawyers (page 1 and the deepest allowed), a medium and a small city,
 * an empty page with its suggestions, the directory home, and the communities. The small city is
 * picked from the data (the generator is seeded, so every run asks the same).
 */
export function directoryCases(db: DatabaseSync): { cases: PageCase[]; facts: Record<string, unknown> } {
  const one = <T>(sql: string, ...params: (string | number)[]) => db.prepare(sql).get(...params) as T
  const code = (slug: string) => one<{ code: number }>('SELECT code FROM cities WHERE slug = ?', slug).code
  const pagesOf = (where: string, ...params: (string | number)[]) => {
    const { n } = one<{ n: number }>(`SELECT count(*) AS n FROM directory_listings WHERE ${where}`, ...params)
    return { total: n, last: Math.min(DIRECTORY_MAX_PAGE, Math.max(1, Math.ceil(n / DIRECTORY_PAGE_SIZE))) }
  }
  const bigLawyers = pagesOf('profession = ? AND city_code = ?', 'advogado', code(BIG_CITY))
  const bigCity = pagesOf('city_code = ?', code(BIG_CITY))
  const lawyers = pagesOf('profession = ? AND home', 'advogado')
  // A small town with a handful of listings and no notary: its notary page is empty.
  const small = one<{ slug: string; n: number }>(
    `SELECT c.slug, count(*) AS n FROM directory_listings l JOIN cities c ON c.code = l.city_code
     GROUP BY l.city_code HAVING n BETWEEN 3 AND 6
       AND sum(l.profession = 'tabeliao') = 0
     ORDER BY l.city_code LIMIT 1`,
  )
  const list = (
    name: string,
    query: { profession?: string; city?: string; page: number },
    path: string,
  ): PageCase => ({
    name,
    path: query.page > 1 ? `${path}?page=${query.page}` : path,
    load: { kind: 'list', query },
  })
  const cases: PageCase[] = [
    list('advogado + SP, p. 1', { profession: 'advogado', city: BIG_CITY, page: 1 }, `/advogado/${BIG_CITY}`),
    list('advogado + SP, p. 2', { profession: 'advogado', city: BIG_CITY, page: 2 }, `/advogado/${BIG_CITY}`),
    list(
      `advogado + SP, p. ${bigLawyers.last} (última)`,
      { profession: 'advogado', city: BIG_CITY, page: bigLawyers.last },
      `/advogado/${BIG_CITY}`,
    ),
    list('cidade SP, p. 1', { city: BIG_CITY, page: 1 }, `/cidade/${BIG_CITY}`),
    list(
      `cidade SP, p. ${bigCity.last} (última)`,
      { city: BIG_CITY, page: bigCity.last },
      `/cidade/${BIG_CITY}`,
    ),
    list('advogado (Brasil), p. 1', { profession: 'advogado', page: 1 }, '/advogado'),
    list(
      `advogado (Brasil), p. ${lawyers.last} (última)`,
      { profession: 'advogado', page: lawyers.last },
      '/advogado',
    ),
    list(
      'contador + Campinas, p. 1',
      { profession: 'contador', city: MEDIUM_CITY, page: 1 },
      `/contador/${MEDIUM_CITY}`,
    ),
    list(`cidade pequena (${small.slug})`, { city: small.slug, page: 1 }, `/cidade/${small.slug}`),
    list(
      `vazia com sugestões (tabeliao + ${small.slug})`,
      { profession: 'tabeliao', city: small.slug, page: 1 },
      `/tabeliao/${small.slug}`,
    ),
    {
      name: '/profissionais (contagens em cache)',
      path: '/profissionais',
      load: { kind: 'home', cached: true },
    },
    { name: '/profissionais (contagens sem cache)', path: null, load: { kind: 'home', cached: false } },
    { name: '/comunidades', path: '/comunidades', load: { kind: 'communities' } },
    {
      name: '/comunidades/advogado',
      path: '/comunidades/advogado',
      load: { kind: 'community', slug: 'advogado' },
    },
  ]
  const facts = {
    listings: one<{ n: number }>('SELECT count(*) AS n FROM directory_listings').n,
    professionals: one<{ n: number }>("SELECT count(*) AS n FROM users WHERE kind = 'profissional'").n,
    follows: one<{ n: number }>('SELECT count(*) AS n FROM follows').n,
    advogadoSaoPaulo: bigLawyers.total,
    saoPaulo: bigCity.total,
    advogados: lawyers.total,
    smallCity: small,
  }
  return { cases, facts }
}
