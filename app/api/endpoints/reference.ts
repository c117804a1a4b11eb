import {
  citiesQuerySchema,
  cityByIpQuerySchema,
  communitiesQuerySchema,
  institutionsQuerySchema,
  occupationsQuerySchema,
  selectQuerySchema,
  specialtiesQuerySchema,
} from '~/schemas/reference'
import { z } from '~/schemas/zod'
import { referenceRoutes as routes } from '../area-routes/reference'
import { actionError, actionSuccess, endpoint } from '../endpoint'

// Reference data for forms (issue 6; spec §7). The lists answer what the spec gives, a bare list
// or a select's page, not `{status}`: `call` reads a 2xx body without `status` as the body.

/** Spec §3, §7: `label` may hold one `<span class="muted">`; `inputLabel` is plain text. */
const autocompleteItems = z.array(
  z.object({
    label: z.string(),
    inputLabel: z.string(),
    value: z.union([z.string(), z.number()]),
    slug: z.string(),
  }),
)

const list = {
  output: autocompleteItems,
  error: actionError,
  access: 'anyone',
  limit: 'address',
  public: false,
} as const

export const cities = endpoint({
  ...routes.cities,
  spec: 'Autocompletes',
  ...list,
  input: citiesQuerySchema,
  summary: 'Buscar municípios pelo nome',
})

export const institutions = endpoint({
  ...routes.institutions,
  spec: 'Autocompletes',
  ...list,
  input: institutionsQuerySchema,
  summary: 'Buscar instituições de ensino',
})

export const occupations = endpoint({
  ...routes.occupations,
  spec: 'Autocompletes',
  ...list,
  input: occupationsQuerySchema,
  summary: 'Buscar títulos profissionais (CBO)',
})

export const communities = endpoint({
  ...routes.communities,
  spec: 'Autocompletes',
  ...list,
  input: communitiesQuerySchema,
  summary: 'Buscar comunidades',
})

/** Spec §7 "Profession": `[{id, titulo}]`. */
export const specialties = endpoint({
  ...routes.specialties,
  spec: 'Profession',
  ...list,
  input: specialtiesQuerySchema,
  output: z.array(z.object({ id: z.number().int(), titulo: z.string() })),
  summary: 'Especialidades de uma ocupação',
})

/**
 * Spec §7 "City by IP": the city, or (still a 200: an expected answer, not a failure) the
 * Portuguese message that there is none, in the error shape `call` reads as "no city". Both are
 * what the 200 carries (the app's type, derived from the handler, said so: decisions/0093).
 */
export const cityByIp = endpoint({
  ...routes.cityByIp,
  spec: 'City by IP',
  ...list,
  input: cityByIpQuerySchema,
  output: z.union([
    actionSuccess({
      cidade: z.object({ id: z.number().int(), nome: z.string(), uf: z.string() }),
      aproximada: z.boolean(),
    }),
    z.object({ status: z.literal('error'), errors: z.array(z.string()).min(1) }),
  ]),
  summary: 'Cidade aproximada pelo endereço de quem pede',
})

/** A select fed by a URL (spec §7): the courses a student picks from. */
export const courses = endpoint({
  ...routes.courses,
  spec: 'Select widgets',
  ...list,
  input: selectQuerySchema,
  output: z.object({
    results: z.array(z.object({ id: z.string(), text: z.string() })),
    pagination: z.object({ more: z.boolean() }),
  }),
  summary: 'Cursos, página a página',
})
