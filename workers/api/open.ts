import { Hono } from 'hono'
import {
  company,
  decision,
  directory,
  gazetteArticle,
  lawsuit,
  person,
  search,
  statuteArticle,
} from '~/api/endpoints/open'
import { OPEN_API_DOCS, OPEN_API_DOCUMENT } from '~/api/routes'
import {
  companyBySlug,
  decisionById,
  directoryPage,
  gazetteArticleById,
  lawsuitByNumber,
  personBySlug,
  statuteArticle as readStatuteArticle,
  searchCategory,
} from '~/domain/open-api/read.server'
import { todayIso } from '~/lib/dates'
import type { AppEnv } from '../env'
import { openApiCors } from '../lib/problem'
import { register, reply } from '../lib/register'
import { openApiDocsPage } from './open-docs-page'
import { openApiDocument } from './open-document'

/**
 * The open API (/api/v2, decisions/0063): declared in app/api/endpoints/open.ts, each handler one
 * call of the same domain functions as the pages. Browsers may call it from any origin, without
 * cookies (the key is the credential); answers are the caller's own, never cached by the edge.
 */
const openApiBase = new Hono<AppEnv>()
  .options(OPEN_API_DOCUMENT, openApiCors)
  .get(OPEN_API_DOCUMENT, openApiCors, (c) => c.json(openApiDocument(c.var.deps.origin)))
  .get(OPEN_API_DOCS, (c) => c.html(openApiDocsPage(c.var.deps.origin)))

const openApi1 = register(openApiBase, search, async (c) =>
  reply(c, search, await searchCategory(c.var.deps, c.req.valid('query'), todayIso())),
)
const openApi2 = register(openApi1, lawsuit, async (c) =>
  reply(c, lawsuit, await lawsuitByNumber(c.var.deps, c.req.valid('query').numero)),
)
const openApi3 = register(openApi2, gazetteArticle, async (c) =>
  reply(c, gazetteArticle, await gazetteArticleById(c.var.deps, c.req.valid('query').id)),
)
const openApi4 = register(openApi3, decision, async (c) =>
  reply(c, decision, await decisionById(c.var.deps, c.req.valid('query').id)),
)
const openApi5 = register(openApi4, statuteArticle, async (c) => {
  const { slug, dispositivo } = c.req.valid('query')
  return reply(c, statuteArticle, await readStatuteArticle(c.var.deps, slug, dispositivo))
})
const openApi6 = register(openApi5, person, async (c) =>
  reply(c, person, await personBySlug(c.var.deps, c.req.valid('query').slug)),
)
const openApi7 = register(openApi6, company, async (c) =>
  reply(c, company, await companyBySlug(c.var.deps, c.req.valid('query').slug)),
)
const openApi8 = register(openApi7, directory, async (c) =>
  reply(c, directory, await directoryPage(c.var.deps, c.req.valid('query'))),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const openApi = openApi8
