import { type Context, Hono } from 'hono'
import { profilePhoto } from '~/api/endpoints/photo'
import type { Deps } from '~/deps.server'
import {
  searchCommunities,
  searchInstitutions,
  searchOccupations,
} from '~/domain/reference/autocomplete.server'
import { cityFromGeo, type RequestGeo, searchCities } from '~/domain/reference/cities.server'
import { type AutocompleteItem, searchTerm } from '~/domain/reference/match'
import { saveProfilePhoto } from '~/domain/reference/photo.server'
import { listSpecialties } from '~/domain/reference/specialties.server'
import { t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { respond } from '../lib/respond'
import { rateLimit } from '../middleware/rate-limit'

/** Reference lists change only with a deploy: browsers and the edge may keep answers briefly. */
const SHORT_PUBLIC_CACHE = 'public, max-age=300'

type Search = (deps: Pick<Deps, 'db'>, term: string) => Promise<AutocompleteItem[]>

/** One autocomplete endpoint (spec §7): `?{param}=term`, fewer than 2 characters → `[]`. */
function autocomplete(param: string, search: Search) {
  return async (c: Context<AppEnv>) => {
    const term = searchTerm(c.req.query(param))
    c.header('Cache-Control', SHORT_PUBLIC_CACHE)
    return c.json(term ? await search(c.var.deps, term) : [])
  }
}

const limited = rateLimit((env) => env.API_LIMITER)

/** Reference data for forms: autocompletes, specialties, city by IP, profile photo (issue 6). */
export const referenceApi = new Hono<AppEnv>()
  .get('/ajax/busca-cidades', limited, autocomplete('cidade_nome', searchCities))
  .get('/ajax/busca-instituicoes', limited, autocomplete('instituicao_nome', searchInstitutions))
  .get('/ajax/busca-titulos-profissionais', limited, autocomplete('titulo', searchOccupations))
  .get('/ajax/busca-comunidades', limited, autocomplete('comunidade_nome', searchCommunities))
  .get('/ajax/ocupacao/:id/especialidades', limited, async (c) => {
    c.header('Cache-Control', SHORT_PUBLIC_CACHE)
    return c.json(await listSpecialties(c.var.deps, c.req.param('id')))
  })
  .get('/ajax/cidade-por-ip', limited, async (c) => {
    // The answer depends on the caller's address: never shared by a cache.
    c.header('Cache-Control', 'private, no-store')
    const found = await cityFromGeo(c.var.deps, c.req.raw.cf as RequestGeo | undefined)
    // "No city" is an expected answer, not a failure: 200 with the spec's status field, so pages
    // with the city field do not log a failed request on every visit under wrangler dev.
    if (!found) return c.json({ status: 'error', errors: [t('city.notFoundByIp')] })
    return c.json({ status: 'success', cidade: found.city, aproximada: found.approximate })
  })

// The photo editor's "Salvar"; declared in app/api/endpoints/photo.ts (the size check before the
// body is read, the input, one counter with the profile forms), the outcome is the use-case's.
register(referenceApi, profilePhoto, async (c) => {
  c.header('Cache-Control', 'no-store')
  return respond(c, await saveProfilePhoto(c.var.deps, c.var.user, c.req.valid('form').imagem))
})
