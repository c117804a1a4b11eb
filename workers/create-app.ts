import { Hono } from 'hono'
import { timing } from 'hono/timing'
import { isLocalDev } from '~/domain/site/environment'
import { t } from '~/i18n/pt-BR'
import { accountsApi } from './api/accounts'
import { apiKeysApi } from './api/api-keys'
import { articlesApi } from './api/articles'
import { claimsApi } from './api/claims'
import { deadlinesApi } from './api/deadlines'
import { emailPreferencesApi } from './api/email-preferences'
import { eventsApi } from './api/events'
import { followsApi } from './api/follows'
import { govbrApi } from './api/govbr'
import { healthApi } from './api/health'
import { imagesApi } from './api/images'
import { intimationsApi } from './api/intimations'
import { mergeApi } from './api/merge'
import { monitoringApi } from './api/monitoring'
import { notificationsApi } from './api/notifications'
import { openApi } from './api/open'
import { profilesApi } from './api/profiles'
import { referenceApi } from './api/reference'
import { removalApi } from './api/removal'
import { reviewApi } from './api/review'
import { searchApi } from './api/search'
import { selectsApi } from './api/selects'
import { sessionBridgeApi } from './api/session-bridge'
import { sharesApi } from './api/shares'
import { sitemapsApi } from './api/sitemaps'
import { socialLoginApi } from './api/social-login'
import { sourcesApi } from './api/sources'
import { suggestionsApi } from './api/suggestions'
import { handleScheduled } from './cron/scheduled'
import type { AppEnv } from './env'
import { errorBody, onError } from './lib/errors'
import { flash } from './lib/flash'
import { bodyLimit } from './middleware/body-limit'
import { privateWhenLoggedIn } from './middleware/cache-control'
import { methodAllowed } from './middleware/method-allowed'
import { originCheck } from './middleware/origin'
import { pageCache } from './middleware/page-cache'
import { requestId } from './middleware/request-id'
import { countSearches } from './middleware/search-count'
import { securityHeaders } from './middleware/security'
import { session, sessionBridgeHint } from './middleware/session'
import { deps, siteResolution } from './middleware/site'
import { handleQueue } from './queues'
import { remix } from './remix'

export type App = Hono<AppEnv>

/**
 * The app as a typed client sees it (`hc<AppType>`, `app.request`): derived from the routers'
 * chained registrations (workers/lib/register.ts), each endpoint with its input, the success its
 * handler sends and its declared errors. test/types/app-type.ts holds it to the registry's
 * declarations; the conformance test (test/unit/endpoint-schemas.test.ts) to the real answers.
 */
export type AppType = ReturnType<typeof createApp>

/**
 * The Worker's Hono app (docs/architecture.md). `local` mounts the development routes: only the
 * local entry (workers/app.dev.ts) passes it, so the production entry never bundles them
 * (decisions/0021). With it, and only in local development, `c.var.localFetch` answers requests
 * to our own dev routes in-process (a Worker cannot reliably fetch its own local address).
 */
export function createApp(local?: (app: App) => void) {
  const app = new Hono<AppEnv>()
  if (local)
    app.use(async (c, next) => {
      if (isLocalDev(c.env)) c.set('localFetch', async (request) => app.fetch(request, c.env, c.executionCtx))
      await next()
    })
  const routed = app
    // Server-Timing on every answer: total (the Worker's own time), db, render, cache.
    .use(timing({ totalDescription: 'Worker' }))
    .use(requestId())
    .use(securityHeaders())
    .use(deps())
    .use(siteResolution())
    // Before anything reads a body: each route's byte cap, counted as it streams (0091).
    .use(bodyLimit())
    .use(methodAllowed())
    .use(countSearches())
    .use(pageCache())
    .use(originCheck())
    .use(session())
    .use(sessionBridgeHint())
    .use(privateWhenLoggedIn())
    .use(flash())
    .route('/', healthApi)
    .route('/', openApi)
    .route('/', suggestionsApi)
    .route('/', searchApi)
    .route('/', notificationsApi)
    .route('/', emailPreferencesApi)
    .route('/', imagesApi)
    .route('/', sharesApi)
    .route('/', eventsApi)
    .route('/', accountsApi)
    .route('/', socialLoginApi)
    .route('/', govbrApi)
    .route('/', selectsApi)
    .route('/', profilesApi)
    .route('/', referenceApi)
    .route('/', followsApi)
    .route('/', apiKeysApi)
    .route('/', articlesApi)
    .route('/', monitoringApi)
    .route('/', intimationsApi)
    .route('/', mergeApi)
    .route('/', removalApi)
    .route('/', claimsApi)
    .route('/', reviewApi)
    .route('/', deadlinesApi)
    .route('/', sourcesApi)
    .route('/', sessionBridgeApi)
    .route('/', sitemapsApi)
  local?.(app)
  // Unknown API paths answer JSON, never the HTML 404 page.
  app.all('/api/*', (c) => c.json(errorBody([t('api.notFound')]), 404))
  app.all('/ajax/*', (c) => c.json(errorBody([t('api.notFound')]), 404))
  // Where the development routes are not mounted (production), their paths simply do not exist.
  app.all('/__dev/*', (c) => c.json(errorBody([t('api.notFound')]), 404))
  app.all('*', remix)
  app.onError(onError)
  return routed
}

/** The queue and cron entry points, the same for both entries. */
export const backgroundHandlers = {
  queue: (batch, env, _ctx) => handleQueue(batch, env),
  scheduled: (controller, env, _ctx) => handleScheduled(controller, env),
} satisfies ExportedHandler<Env>
