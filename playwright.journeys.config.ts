import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './test/e2e/browser'
import { CRON_INTERVAL_SECONDS, JOURNEYS_ORIGIN, JOURNEYS_PORT, JOURNEYS_STATE } from './test/journeys/site'
import { FINGERPRINT_ENV, fingerprint } from './test/journeys/state-guard'

// Taken once, in the main process, before the site starts (workers inherit it); compared by the
// global teardown: the journeys must leave the developer's `.wrangler/state` as it was.
process.env[FINGERPRINT_ENV] ??= fingerprint()

/**
 * `npm run test:journeys`: long stories of people with a goal (test/journeys/), against one site
 * started exactly as the README says, shared by every journey (decisions/0060). Its state folder
 * is wiped first (`npm run reset` with JURISEDGE_STATE) so each run starts from what a newcomer
 * gets; `npm start` skips the build when `npm test` has just built.
 */
export default defineConfig({
  testDir: 'test/journeys',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report-journeys' }]],
  outputDir: 'test-results/journeys',
  // A journey is many pages long and waits for a cron tick; each step still waits at most 5 s.
  timeout: 240_000,
  use: {
    baseURL: JOURNEYS_ORIGIN,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    // A step that cannot happen fails in seconds, not at the end of the journey's budget.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'journeys' }],
  globalTeardown: './test/journeys/global-teardown.ts',
  webServer: {
    // Monitored lawsuits are looked up again every minute (issue 40), not every 12 hours.
    command: `npm run reset && npm start -- --port ${JOURNEYS_PORT} --var LAWSUIT_RECHECK_MINUTES:1`,
    url: `${JOURNEYS_ORIGIN}/api/saude`,
    reuseExistingServer: false,
    // Migrations, the full demo seed and wrangler's start: about a minute here, more on a busy CI.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { JURISEDGE_STATE: JOURNEYS_STATE, CRON_INTERVAL_SECONDS: String(CRON_INTERVAL_SECONDS) },
  },
})
