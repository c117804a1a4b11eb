import { type Context, Hono } from 'hono'
import type { Deps } from '~/deps.server'
import { pagesOf } from '~/domain/cache/purges'
import { DomainError } from '~/domain/errors'
import {
  searchCommunities,
  searchInstitutions,
  searchOccupations,
} from '~/domain/reference/autocomplete.server'
import { cityFromGeo, type RequestGeo, searchCities } from '~/domain/reference/cities.server'
import { type AutocompleteItem, searchTerm } from '~/domain/reference/match'
import { updateProfilePhoto } from '~/domain/reference/photo.server'
import { listSpecialties } from '~/domain/reference/specialties.server'
import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import type { AppEnv } from '../env'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { rateLimit, writeLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

/** Reference lists change only with a deploy: browsers and the edge may keep answers briefly. */
const SHORT_PUBLIC_CACHE = 'public, max-age=300'

/** A 4 MB image as base64 JSON is about 5.6 MB; anything much larger is refused unread. */
const MAX_PROFILE_BODY = 6 * 1024 * 1024

type Search = (deps: Pick<Deps, 'db'>, term: string) => Promise<AutocompleteItem[]>

/** One autocomplete endpoint (spec §7): `?{param}=term`, fewer than 2 characters → `[]`. */
function autocomplete(param: string, search: Search) {
  return async (c: Context<AppEnv>) => {
    const term = searchTerm(c.req.query(param))
    c.header('Cache-Control', SHORT_PUBLIC_CACHE)
    return c.json(term ? await search(c.var.deps, term) : [])
  }
}

const editProfileSchema = z.object({
  item: z.literal('imagem', { error: t('reference.unknownProfileItem') }),
  imagem: z.string({ error: t('image.invalid') }).min(1, t('image.invalid')),
})

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
  .post(
    '/ajax/editar-perfil',
    requireUser,
    writeLimit('perfil'),
    async (c, next) => {
      // Refused before the body is read: a huge upload is never buffered.
      const length = Number(c.req.header('content-length') ?? 0)
      if (length > MAX_PROFILE_BODY) throw new DomainError('image.invalid', 422)
      await next()
    },
    validate(editProfileSchema),
    async (c) => {
      const body = await updateProfilePhoto(c.var.deps, c.var.user.id, c.req.valid('form').imagem)
      c.header('Cache-Control', 'no-store')
      return respond(c, {
        message: t('photo.success'),
        redirect: '/conta/foto',
        body,
        effects: [pagesOf.profile(c.var.user.subdomain)],
      })
    },
  )
