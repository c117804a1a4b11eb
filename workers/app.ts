import { Hono } from 'hono'
import { t } from '~/i18n/pt-BR'
import { accountsApi } from './api/accounts'
import { devApi } from './api/dev'
import { devOidcApi } from './api/dev-oidc'
import { eventsApi } from './api/events'
import { healthApi } from './api/health'
import { imagesApi } from './api/images'
import { notificationsApi } from './api/notifications'
import { profilesApi } from './api/profiles'
import { referenceApi } from './api/reference'
import { searchApi } from './api/search'
import { selectsApi } from './api/selects'
import { sharesApi } from './api/shares'
import { socialLoginApi } from './api/social-login'
import { suggestionsApi } from './api/suggestions'
import { handleScheduled } from './cron/scheduled'
import type { AppEnv } from './env'
import { errorBody, onError } from './lib/errors'
import { privateWhenLoggedIn } from './middleware/cache-control'
import { originCheck } from './middleware/origin'
import { requestId } from './middleware/request-id'
import { securityHeaders } from './middleware/security'
import { session } from './middleware/session'
import { deps, siteResolution } from './middleware/site'
import { handleQueue } from './queues'
import { remix } from './remix'

export const app = new Hono<AppEnv>()
  .use(requestId())
  .use(securityHeaders())
  .use(deps())
  .use(siteResolution())
  .use(originCheck())
  .use(session())
  .use(privateWhenLoggedIn())
  .route('/', healthApi)
  .route('/', suggestionsApi)
  .route('/', searchApi)
  .route('/', notificationsApi)
  .route('/', imagesApi)
  .route('/', sharesApi)
  .route('/', eventsApi)
  .route('/', accountsApi)
  .route('/', socialLoginApi)
  .route('/', selectsApi)
  .route('/', profilesApi)
  .route('/', referenceApi)

app.use('/__dev/*', async (c, next) => {
  if (c.env.ENVIRONMENT === 'production') return c.json(errorBody([t('api.notFound')]), 404)
  await next()
})
app.route('/', devApi)
app.route('/', devOidcApi)

// Unknown API paths answer JSON, never the HTML 404 page.
app.all('/api/*', (c) => c.json(errorBody([t('api.notFound')]), 404))
app.all('/ajax/*', (c) => c.json(errorBody([t('api.notFound')]), 404))
app.all('*', remix)
app.onError(onError)

export default {
  fetch: app.fetch,
  queue: (batch, env, _ctx) => handleQueue(batch, env),
  scheduled: (controller, env, _ctx) => handleScheduled(controller, env),
} satisfies ExportedHandler<Env>
