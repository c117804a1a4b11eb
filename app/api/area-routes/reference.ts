import { route } from '../routes'

/**
 * The reference lists of forms: autocompletes, specialties, the city by IP and the select pages
 * (decisions/0070). Apart from app/api/routes.ts, so only the pages with these fields carry them.
 */
export const referenceRoutes = {
  cities: route('cities', 'get', '/ajax/busca-cidades'),
  institutions: route('institutions', 'get', '/ajax/busca-instituicoes'),
  occupations: route('occupations', 'get', '/ajax/busca-titulos-profissionais'),
  communities: route('communities', 'get', '/ajax/busca-comunidades'),
  specialties: route('specialties', 'get', '/ajax/ocupacao/:id/especialidades'),
  cityByIp: route('cityByIp', 'get', '/ajax/cidade-por-ip'),
  courses: route('courses', 'get', '/ajax/cursos'),
}

/** The autocompletes (`Autocomplete` takes one of these). */
export type AutocompleteRouteId = 'cities' | 'institutions' | 'occupations' | 'communities'
/** What `RemoteSelect` reads: a select's pages, or an autocomplete as one page. */
export type SelectRouteId = 'courses' | AutocompleteRouteId
