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
import {
  searchCommunities,
  searchInstitutions,
  searchOccupations,
} from '~/domain/reference/autocomplete.server'
import { cityByAddress, type RequestGeo, searchCities } from '~/domain/reference/cities.server'
import { autocomplete } from '~/domain/reference/match'
import { saveProfilePhoto } from '~/domain/reference/photo.server'
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
export const referenceApi = new Hono<AppEnv>()

// The four autocompletes (spec §7): `?{param}=term`, fewer than 2 letters → `[]`.
register(referenceApi, cities, async (c) =>
  reply(
    c,
    cities,
    await autocomplete(c.var.deps, searchCities, c.req.valid('query').cidade_nome),
    SHORT_PUBLIC_CACHE,
  ),
)
register(referenceApi, institutions, async (c) =>
  reply(
    c,
    institutions,
    await autocomplete(c.var.deps, searchInstitutions, c.req.valid('query').instituicao_nome),
    SHORT_PUBLIC_CACHE,
  ),
)
register(referenceApi, occupations, async (c) =>
  reply(
    c,
    occupations,
    await autocomplete(c.var.deps, searchOccupations, c.req.valid('query').titulo),
    SHORT_PUBLIC_CACHE,
  ),
)
register(referenceApi, communities, async (c) =>
  reply(
    c,
    communities,
    await autocomplete(c.var.deps, searchCommunities, c.req.valid('query').comunidade_nome),
    SHORT_PUBLIC_CACHE,
  ),
)

register(referenceApi, specialties, async (c) =>
  reply(c, specialties, await listSpecialties(c.var.deps, c.req.valid('query').id), SHORT_PUBLIC_CACHE),
)

// The answer depends on the caller's address: never shared by a cache.
register(referenceApi, cityByIp, async (c) =>
  c.json(await cityByAddress(c.var.deps, c.req.raw.cf as RequestGeo | undefined), 200, {
    'Cache-Control': 'private, no-store',
  }),
)

// The photo editor's "Salvar"; declared in app/api/endpoints/photo.ts (the size check before the
// body is read, the input, one counter with the profile forms), the outcome is the use-case's.
register(referenceApi, profilePhoto, async (c) => {
  c.header('Cache-Control', 'no-store')
  return respond(c, await saveProfilePhoto(c.var.deps, c.var.user, c.req.valid('form').imagem))
})
