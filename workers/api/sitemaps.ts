import { Hono } from 'hono'
import { parseShardName, robotsTxt, sitemapIndexXml, urlsetXml } from '~/domain/seo/sitemap'
import { listShards, shardUrls } from '~/domain/seo/sitemap.server'
import { t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'

/** Crawlers re-read these often; an hour of staleness costs nothing (decisions/0037). */
const PUBLIC_HOUR = 'public, max-age=3600'
const XML = 'application/xml; charset=utf-8'

/** `/robots.txt` on every host, `/sitemap.xml` and its shards on the main host (issue 18). */
export const sitemapsApi = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    c.header('Cache-Control', PUBLIC_HOUR)
    return c.text(robotsTxt(c.var.deps.origin))
  })
  .get('/sitemap.xml', async (c, next) => {
    if (c.var.site.kind !== 'main') return next()
    const shards = await listShards(c.var.deps)
    return c.body(sitemapIndexXml(c.var.deps.origin, shards), 200, {
      'Content-Type': XML,
      'Cache-Control': PUBLIC_HOUR,
    })
  })
  .get('/sitemaps/:file', async (c, next) => {
    if (c.var.site.kind !== 'main') return next()
    const ref = parseShardName(c.req.param('file'))
    const urls = ref ? await shardUrls(c.var.deps, ref) : null
    if (!urls) return c.text(t('seo.sitemapNotFound'), 404, { 'Cache-Control': PUBLIC_HOUR })
    return c.body(urlsetXml(urls), 200, { 'Content-Type': XML, 'Cache-Control': PUBLIC_HOUR })
  })
