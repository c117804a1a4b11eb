import { Hono } from 'hono'
import { DomainError } from '~/domain/errors'
import { readImage } from '~/domain/images/images.server'
import type { AppEnv } from '../env'

/** Profile photos from R2. Keys are random and content never changes, so caches keep them for a year. */
export const imagesApi = new Hono<AppEnv>().get('/imagens/perfil/:file', async (c) => {
  const object = await readImage(c.var.deps, `perfil/${c.req.param('file')}`)
  if (!object) throw new DomainError('image.notFound', 404)
  if (c.req.header('if-none-match') === object.httpEtag) return c.body(null, 304)
  const headers = new Headers()
  object.writeHttpMetadata(headers)
  headers.set('ETag', object.httpEtag)
  headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  headers.set('Content-Length', String(object.size))
  return new Response(object.body, { headers })
})
