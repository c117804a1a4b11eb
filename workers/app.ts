import { backgroundHandlers, createApp } from './create-app'

/**
 * The production Worker (`main` of `[env.production]` in wrangler.toml): no development routes
 * are imported here, so none are bundled (decisions/0021; `npm run check:bundle` verifies it).
 */
export const app = createApp()

export default {
  fetch: app.fetch,
  ...backgroundHandlers,
} satisfies ExportedHandler<Env>
