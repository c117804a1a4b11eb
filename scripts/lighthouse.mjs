// `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone, simulated
// slow 4G) on the pages issue 18 names, against the built app under `wrangler dev` with React's
// production build and the demo data of `npm start`. Each page runs 3 times; the median score per
// category is printed and compared with the targets (performance >= 95, the others 100; SEO is
// not asked of search pages, which are `noindex` on purpose: decisions/0036).
// Options: --url http://host:port (use a running server instead), --runs N, --pages diário,busca
// (only the pages whose names start so).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { startLocalSite } from './lib/local-site.mjs'
import { firstPages } from './lib/sitemap-pages.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const RUNS = Number(option('runs', '3'))
const PORT = '8812'
const bin = (name) => `node_modules/.bin/${name}`
// As the e2e tests look (test/e2e/browser.ts): $CHROMIUM_PATH, Debian's chromium, its headless shell.
const CHROME =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/lib/chromium/chromium-headless-shell'].find((path) => existsSync(path))
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }

/** One Lighthouse run; its own trace errors ("Please run Lighthouse again") are retried twice. */
function lighthouse(url, attempt = 1) {
  const result = spawnSync(
    bin('lighthouse'),
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...(CHROME ? { CHROME_PATH: CHROME } : {}) },
    },
  )
  if (result.status !== 0) {
    if (attempt < 3 && /run Lighthouse again/i.test(result.stderr)) return lighthouse(url, attempt + 1)
    throw new Error(`lighthouse: falhou em ${url}: ${result.stderr.slice(-500)}`)
  }
  const report = JSON.parse(result.stdout)
  const scores = Object.fromEntries(
    Object.entries(report.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
  )
  const failing = Object.values(report.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id)
  return { scores, failing }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function main() {
  const given = option('url', null)
  const server = given ? null : await startLocalSite(PORT, 'lighthouse')
  const base = given ?? `http://localhost:${PORT}`
  try {
    const first = await firstPages(base, ['processos', 'diarios', 'materias', 'perfis', 'artigos'])
    const pages = [
      ['início', `${base}/`, true],
      ['busca (noindex)', `${base}/busca?q=silva`, false],
      ['processo', first.processos, true],
      ['diário', first.diarios, true],
      ['matéria', first.materias, true],
      ['perfil', first.perfis, true],
      ['artigo', first.artigos, true],
    ]
    const only = option('pages', null)?.split(',')
    const rows = []
    let ok = true
    for (const [name, url, indexable] of pages) {
      if (only && !only.some((wanted) => name.startsWith(wanted))) continue
      const runs = Array.from({ length: RUNS }, () => lighthouse(url))
      const row = { página: name }
      for (const [category, target] of Object.entries(TARGETS)) {
        const score = median(runs.map((r) => r.scores[category]))
        row[category] = score
        if (score < target && (category !== 'seo' || indexable)) ok = false
      }
      row['auditorias abaixo'] = [...new Set(runs.flatMap((r) => r.failing))].join(' ') || '—'
      rows.push(row)
      console.log(`lighthouse: ${name} ${url}`)
    }
    console.table(rows)
    console.log(`metas: desempenho >= 95, acessibilidade, boas práticas e SEO 100 (mediana de ${RUNS}).`)
    if (!ok) {
      console.error('lighthouse: há páginas abaixo da meta.')
      process.exitCode = 1
    }
  } finally {
    server?.kill()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
