import { slugify } from '~/domain/corpus/import/text'

/** A city as the directory's lists and addresses name it. */
export type DirectoryCity = { code: number; name: string; uf: string; slug: string }

/** The directory's home (the header's "Encontre um profissional"). */
export const DIRECTORY_HOME = '/profissionais'

/**
 * The URL forms of spec §2 (decisions/0024): `/{profissão}/{cidade}` when both are chosen,
 * `/cidade/{cidade}` with the city alone, `/{profissão}` with the profession alone, and the home
 * when nothing is. `page` 1 is never written, so each list has one address.
 */
export function directoryPath({
  profession,
  city,
  page = 1,
}: {
  profession?: string | null
  city?: string | null
  page?: number
}): string {
  const base =
    profession && city
      ? `/${profession}/${city}`
      : city
        ? `/cidade/${city}`
        : profession
          ? `/${profession}`
          : DIRECTORY_HOME
  return page > 1 ? `${base}?page=${page}` : base
}

/** A city's slug, name plus UF (`sao-paulo-sp`), as the IBGE list is stored (scripts/seed.ts). */
export function citySlugOf(city: { nome: string; uf: string }): string {
  return `${slugify(city.nome)}-${city.uf.toLowerCase()}`
}

/** The shape of a city slug; anything else is not looked up at all. */
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/
