import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import { ptBR } from './app/i18n/pt-BR'
import { inlineMessages } from './scripts/vite/inline-messages'

declare module '@remix-run/cloudflare' {
  interface Future {
    v3_singleFetch: true
  }
}

// The server bundle is imported by workers/app.ts and bundled again by wrangler for workerd.
// We never use the Vite dev server: it runs loaders in Node (docs/decisions/0002).
export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    inlineMessages(ptBR, fileURLToPath(new URL('./app/i18n/fill.ts', import.meta.url))),
  ],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  ssr: {
    resolve: {
      conditions: ['workerd', 'worker', 'browser'],
      externalConditions: ['workerd', 'worker'],
    },
  },
  build: {
    // Small, content-hashed client chunks; the server bundle is minified by wrangler.
    target: 'es2022',
  },
})
