import { Hono } from 'hono'
import { profilePhoto } from '~/api/endpoints/photo'
import {
  cities,
  cityByIp,
  communities,
  institutions,
  occupations,
  specialties,
} from '~/api/endpoints/reference'
import { saveProfilePhoto } from '~/domain/profiles/photo.server'
import {
  searchCommunities,
  searchInstitutions,
  searchOccupations,
} from '~/domain/reference/autocomplete.server'
import { cityByAddress, type RequestGeo, searchCities } from '~/domain/reference/cities.server'
import { autocomplete } from '~/domain/reference/match'
import { listSpecialties } from '~/domain/reference/specialties.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'
import { respond } from '../lib/respond'

/** Reference lists change only with a deploy: browsers and the edge may keep answers briefly. */
const SHORT_PUBLIC_CACHE = { 'Cache-Control': 'public, max-age=300' }

/**
 * Reference data for forms: autocompletes, specialties, city by IP, profile photo (issue 6);
 * declared in app/api/endpoints/reference.ts and photo.ts.
 */
const referenceApiBase = new Hono<AppEnv>()

// The four autocompletes (spec §7): `?{param}=term`, fewer than 2 letters → `[]`.
const referenceApi1 = register(referenceApiBase, cities, async (c) =>
  reply(
    c,
    cities,
    await autocomplete(c.var.deps, searchCities, c.req.valid('query').cidade_nome),
    SHORT_PUBLIC_CACHE,
  ),
)
const referenceApi2 = register(referenceApi1, institutions, async (c) =>
  reply(
    c,
    institutions,
    await autocomplete(c.var.deps, searchInstitutions, c.req.valid('query').instituicao_nome),
    SHORT_PUBLIC_CACHE,
  ),
)
const referenceApi3 = register(referenceApi2, occupations, async (c) =>
  reply(
    c,
    occupations,
    await autocomplete(c.var.deps, searchOccupations, c.req.valid('query').titulo),
    SHORT_PUBLIC_CACHE,
  ),
)
const referenceApi4 = register(referenceApi3, communities, async (c) =>
  reply(
    c,
    communities,
    await autocomplete(c.var.deps, searchCommunities, c.req.valid('query').comunidade_nome),
    SHORT_PUBLIC_CACHE,
  ),
)

const referenceApi5 = register(referenceApi4, specialties, async (c) =>
  reply(c, specialties, await listSpecialties(c.var.deps, c.req.valid('query').id), SHORT_PUBLIC_CACHE),
)

// The answer depends on the caller's address: never shared by a cache.
const referenceApi6 = register(referenceApi5, cityByIp, async (c) =>
  reply(c, cityByIp, await cityByAddress(c.var.deps, c.req.raw.cf as RequestGeo | undefined), {
    'Cache-Control': 'private, no-store',
  }),
)

// The photo editor's "Salvar"; declared in app/api/endpoints/photo.ts (the size check before the
// body is read, the input, one counter with the profile forms), the outcome is the use-case's.
const referenceApi7 = register(referenceApi6, profilePhoto, async (c) => {
  c.header('Cache-Control', 'no-store')
  return respond(c, await saveProfilePhoto(c.var.deps, c.var.user, c.req.valid('form').imagem))
})

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const referenceApi = referenceApi7
