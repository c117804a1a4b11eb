import { isLocalDev } from '~/domain/site/environment'
import { t } from '~/i18n/pt-BR'
import { isLoopbackHost } from '~/lib/loopback'
import { devApi } from './api/dev'
import { devDatajudApi } from './api/dev-datajud'
import { devDjenApi } from './api/dev-djen'
import { devGovbrApi } from './api/dev-govbr'
import { devInlabsApi } from './api/dev-inlabs'
import { devOidcApi } from './api/dev-oidc'
import { devQueridoDiarioApi } from './api/dev-querido-diario'
import { devSourcesApi } from './api/dev-sources'
import { devSourcesPage } from './api/dev-sources-page'
import { devTrustApi } from './api/dev-trust'
import { backgroundHandlers, createApp } from './create-app'
import { errorBody } from './lib/errors'
import { handleQueue } from './queues'

/**
 * The local Worker (`main` at the top of wrangler.toml: `wrangler dev`, the Workers tests and the
 * end-to-end server): the production app plus the development routes (decisions/0021).
 */
export const app = createApp((local) => {
  // Mounted here, and still answered only in local development (LOCAL_DEV, ENVIRONMENT, host).
  local.use('/__dev/*', async (c, next) => {
    if (!isLocalDev(c.env)) return c.json(errorBody([t('api.notFound')]), 404)
    await next()
  })
  local.route('/', devApi)
  local.route('/', devOidcApi)
  local.route('/', devGovbrApi)
  local.route('/', devTrustApi)
  local.route('/', devDatajudApi)
  // The public sources' stand-ins (decisions/0101).
  local.route('/', devSourcesApi)
  local.route('/', devSourcesPage)
  local.route('/', devDjenApi)
  local.route('/', devQueridoDiarioApi)
  local.route('/', devInlabsApi)
})

/**
 * `wrangler dev --port N` keeps wrangler.toml's BASE_DOMAIN (localhost:8787), so links, the
 * Origin check, the stand-in provider's issuer and the Turnstile stand-in would all point at the
 * wrong port. Locally, the port the request came in on is the site's port.
 */
export function localEnv(request: Request, env: Env): Env {
  if (!isLocalDev(env)) return env
  const url = new URL(request.url)
  const configured = new URL(`http://${env.BASE_DOMAIN}`)
  const onLocalhost = url.hostname === 'localhost' || url.hostname.endsWith('.localhost')
  if (configured.hostname !== 'localhost' || !onLocalhost || url.port === configured.port) return env
  return { ...env, BASE_DOMAIN: url.port ? `localhost:${url.port}` : 'localhost' }
}

export default {
  fetch(request, env, ctx) {
    // This entry is for this machine only: deployed by mistake (`wrangler deploy` without
    // `--env production`), it answers nothing on a public host.
    if (!isLoopbackHost(new URL(request.url).hostname))
      return new Response(t('api.notFound'), { status: 404 })
    return app.fetch(request, localEnv(request, env), ctx)
  },
  ...backgroundHandlers,
  // Locally, a webhook pointed at this server (the dev receiver) is answered in-process.
  queue: (batch, env, ctx) =>
    handleQueue(batch, env, isLocalDev(env) ? async (request) => app.fetch(request, env, ctx) : undefined),
} satisfies ExportedHandler<Env>
