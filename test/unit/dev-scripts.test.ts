import { describe, expect, it } from 'vitest'
import { tickLine } from '../../scripts/cron/schedule.mjs'
import { firstPages } from '../../scripts/lib/sitemap-pages.mjs'

// Development scripts' pure parts (issue 38, item 13): the cron runner's line per tick and how
// `npm run lighthouse` finds its pages.

describe('the cron runner', () => {
  it('logs each tick: when it was due, the cron, its result and its duration', () => {
    const at = Date.UTC(2026, 10, 29, 3, 5, 0)
    expect(tickLine('*/5 * * * *', at, { ok: true, status: 200, outcome: 'ok' }, 1234)).toBe(
      'cron: "*/5 * * * *" às 03:05:00 UTC: ok em 1,2 s',
    )
    expect(tickLine('*/5 * * * *', at, { ok: false, status: 500, outcome: 'Erro X' }, 80)).toBe(
      'cron: "*/5 * * * *" às 03:05:00 UTC falhou (500) em 0,1 s: Erro X',
    )
  })
})

/** A site whose sitemaps are named by id range, as the four corpus databases make them. */
const SITE: Record<string, string> = {
  'http://x.test/sitemap.xml': `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://x.test/sitemaps/paginas-1.xml</loc></sitemap><sitemap><loc>http://x.test/sitemaps/processos-401.xml</loc></sitemap><sitemap><loc>http://x.test/sitemaps/processos-402.xml</loc></sitemap><sitemap><loc>http://x.test/sitemaps/perfis-1.xml</loc></sitemap></sitemapindex>`,
  'http://x.test/sitemaps/paginas-1.xml': '<urlset><url><loc>http://x.test/</loc></url></urlset>',
  // A range can be empty (all de-indexed, or secret): the next file of the kind is read.
  'http://x.test/sitemaps/processos-401.xml': '<urlset></urlset>',
  'http://x.test/sitemaps/processos-402.xml':
    '<urlset><url><loc>http://x.test/processos/0000001-02.2023.8.26.0100?a=1&amp;b=2</loc></url></urlset>',
  'http://x.test/sitemaps/perfis-1.xml': '<urlset><url><loc>http://ana.x.test/</loc></url></urlset>',
}
const read = async (url: string) => {
  const text = SITE[url]
  if (text === undefined) throw new Error(`404 ${url}`)
  return text
}

describe('npm run lighthouse', () => {
  it('finds its pages by following the sitemap index, whatever the files are named', async () => {
    expect(await firstPages('http://x.test', ['processos', 'perfis'], read)).toEqual({
      processos: 'http://x.test/processos/0000001-02.2023.8.26.0100?a=1&b=2',
      perfis: 'http://ana.x.test/',
    })
  })

  it('says which kinds have no page at all', async () => {
    await expect(firstPages('http://x.test', ['processos', 'artigos'], read)).rejects.toThrow(
      'nenhuma página de artigos',
    )
  })
})
