import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './test/e2e/browser'

const PORT = process.env.E2E_PORT ?? '8799'
export const E2E_BASE_URL = `http://localhost:${PORT}`

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'chromium', testIgnore: /\.alone\.spec\.ts$/ },
    // Tests that must not share the server with any other (see each file), after all the rest.
    { name: 'alone', testMatch: /\.alone\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/api/saude`,
    reuseExistingServer: false,
    // Migrating, seeding 20,000 documents and importing the samples: minutes on a busy 2-core machine.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: PORT },
  },
})
