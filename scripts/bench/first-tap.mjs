// `npm run bench:first-tap`: how long a reader's first press takes on a page the edge keeps
// (issue 28 §3, decisions/0056), against the same press with the application loaded, under
// Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down, 750 kbps up, 4× CPU) set through
// Chromium's DevTools protocol.
//
// For each press, in a fresh browser context (cold cache, anonymous) per run:
// - first press: the page loads, nothing is touched, then the press; the time from the press to
//   what the reader waits for (the login page shown, the first suggestion, the modal open);
// - loaded press: the page loads, the reader shows intent (Shift), the application hydrates,
//   then the same press.
// It prints each run as it ends (both presses and the machine's load average then, so a run
// taken under a burst of load can be told apart), then the median of N runs of each, their ratio
// (target ≤ 1.3), and for the first visit the
// Largest Contentful Paint and the scripts requested before any intent (target: none, the inline
// bootstrap only). Not a test: speed is measured here, behaviours are tested in
// test/e2e/first-tap.spec.ts.
//
// Options: --url http://host:port (a running server; otherwise it builds, migrates, seeds and
// starts one as `npm run lighthouse` does, on --port, default 8814), --runs N (default 5), --term
// carl (what is typed for the suggestions), --cpu 4 (the CPU slowdown), --only N (only the Nth
// press, 1–3).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { startLocalSite } from '../lib/local-site.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const RUNS = Number(option('runs', '5'))
const TERM = option('term', 'carl')
const CPU = Number(option('cpu', '4'))
const PORT = option('port', '8814')
const ONLY = Number(option('only', '0'))
const _bin = (name) => `node_modules/.bin/${name}`
// The same Chromium the end-to-end tests find (test/e2e/browser.ts): Debian's headless shell first.
const CHROME = [
  process.env.CHROMIUM_PATH,
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
].find((path) => path && existsSync(path))
// Lighthouse's mobile throttling (its "slow 4G" preset), in bytes per second.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const KEY_DELAY_MS = 100
/** What the pages reported as errors: a page that never hydrates says why here. */
const pageErrors = new Set()

/** A lawsuit page of the data: the first one a search for lawsuits lists. */
async function findLawsuit(base) {
  for (const q of ['silva', 'souza', 'santos']) {
    const html = await (await fetch(`${base}/busca?q=${q}&qo=t`)).text()
    const match = /href="(\/processos\/[^"?#]+)"/.exec(html)
    if (match) return match[1]
  }
  throw new Error('bench:first-tap: nenhum processo nos dados (rode npm run seed).')
}

/** A fresh anonymous context with the mobile profile; counts the scripts the page requests. */
async function throttledPage(browser) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', NETWORK)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  const scripts = []
  page.on('pageerror', (error) => pageErrors.add(String(error).slice(0, 160)))
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.add(m.text().slice(0, 160))
  })
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  return { context, page, scripts }
}

/** The first visit's LCP, in ms from navigation start. */
async function lcp(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries()
          resolve(entries[entries.length - 1].startTime)
        }).observe({ type: 'largest-contentful-paint', buffered: true })
        setTimeout(() => resolve(Number.NaN), 3000)
      }),
  )
}

async function hydrate(page) {
  await page.keyboard.press('Shift')
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 20_000 })
}

/** The presses: where, what the reader does, and what they wait for. Each returns ms. */
const PRESSES = [
  {
    name: 'botão com login ("Monitorar processo")',
    path: (ctx) => ctx.lawsuit,
    async press(page) {
      const button = page.getByRole('button', { name: 'Monitorar processo' })
      const started = Date.now()
      await Promise.all([
        page.waitForURL(/\/login/, { waitUntil: 'commit', timeout: 20_000 }),
        button.click(),
      ])
      // Shown: the login page's heading painted (its own scripts, which the module loading of
      // DOMContentLoaded would wait for, are the same in both cases and not this press's doing).
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 })
      return Date.now() - started
    },
  },
  {
    name: `sugestões (digitar "${TERM}")`,
    path: () => '/busca?q=&qo=t',
    async press(page) {
      const input = page.getByRole('main').getByRole('combobox', { name: 'Termo de busca' })
      const started = Date.now()
      await input.click()
      await input.pressSequentially(TERM, { delay: KEY_DELAY_MS })
      await page
        .getByRole('listbox', { name: 'Sugestões' })
        .getByRole('option')
        .first()
        .waitFor({ timeout: 20_000 })
      return Date.now() - started
    },
  },
  {
    name: 'modal ("Seguir": o login)',
    path: (ctx) => ctx.lawsuit,
    async press(page) {
      const button = page.locator('form.follow').getByRole('button').first()
      const started = Date.now()
      await button.click()
      await page.getByRole('dialog').waitFor({ timeout: 20_000 })
      return Date.now() - started
    },
  },
]

const median = (xs) => {
  const s = [...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b)
  if (!s.length) return Number.NaN
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

const ms = (x) => (Number.isFinite(x) ? String(Math.round(x)) : '—')

/** The press's time, or NaN (counted as a failure) when what the reader waits for never came. */
async function timed(press, page, failures) {
  try {
    return await press.press(page)
  } catch (error) {
    failures.push(String(error).split('\n')[0])
    return Number.NaN
  }
}

async function measure(browser, base, ctx, press) {
  const first = []
  const loaded = []
  const failures = []
  const lcps = []
  const scriptsBefore = []
  for (let i = 0; i < RUNS; i++) {
    {
      const { context, page, scripts } = await throttledPage(browser)
      await page.goto(base + press.path(ctx), { waitUntil: 'load', timeout: 60_000 })
      lcps.push(await lcp(page))
      scriptsBefore.push(scripts.length)
      first.push(await timed(press, page, failures))
      await context.close()
    }
    {
      const { context, page } = await throttledPage(browser)
      await page.goto(base + press.path(ctx), { waitUntil: 'load', timeout: 60_000 })
      const ready = await hydrate(page).then(
        () => true,
        (error) => failures.push(`hidratação: ${String(error).split('\n')[0]}`),
      )
      loaded.push(ready === true ? await timed(press, page, failures) : Number.NaN)
      await context.close()
    }
    console.log(
      `  ${press.name}, execução ${i + 1}/${RUNS}: 1º toque ${ms(first[i])} ms, carregado ${ms(loaded[i])} ms` +
        ` (razão ${(first[i] / loaded[i]).toFixed(2)}; carga ${loadavg()[0].toFixed(1)})`,
    )
  }
  const runs = first.map((f, i) => `${ms(f)}/${ms(loaded[i])}`).join(' ')
  const f = median(first)
  const l = median(loaded)
  return {
    toque: press.name,
    '1º toque (ms)': Math.round(f),
    'carregado (ms)': Math.round(l),
    razão: +(f / l).toFixed(2),
    'meta ≤ 1,3': f / l <= 1.3 ? 'OK' : 'FALHOU',
    'LCP 1ª visita (ms)': Math.round(median(lcps)),
    'scripts antes da intenção': Math.max(...scriptsBefore),
    falhas: failures.length,
    'execuções (1º/carregado, ms)': runs,
  }
}

async function main() {
  const given = option('url', null)
  const server = given ? null : await startLocalSite(PORT, 'bench:first-tap')
  const base = given ?? `http://localhost:${PORT}`
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const ctx = { lawsuit: await findLawsuit(base) }
    console.log(`bench:first-tap: ${base}, ${RUNS} execuções por toque, CPU ${CPU}×, 150 ms RTT, 1,6 Mbps.`)
    const rows = []
    for (const [i, press] of PRESSES.entries())
      if (!ONLY || ONLY === i + 1) rows.push(await measure(browser, base, ctx, press))
    console.table(rows)
    if (pageErrors.size) console.log(`erros nas páginas:\n- ${[...pageErrors].join('\n- ')}`)
    console.log(`carga da máquina (uptime): ${spawnSync('uptime', { encoding: 'utf8' }).stdout.trim()}`)
  } finally {
    await browser.close()
    server?.kill()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
