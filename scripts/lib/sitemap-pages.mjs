// Real pages of each kind for `npm run lighthouse`, found the way a crawler finds them: read the
// sitemap index (/sitemap.xml) and follow it. A file's name is an id range (`processos-401.xml`:
// ids 4,000,001–4,010,000) and the corpus shards start their ids at their range
// (decisions/0072, 0075), so no file name can be assumed (decisions/0094).

const xmlText = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** The `<loc>` values of a sitemap or a sitemap index, unescaped. */
export const sitemapLocs = (xml) => [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((m) => xmlText(m[1]))

/** The kind a sitemap file lists, from its name (`…/sitemaps/processos-401.xml` → `processos`). */
export const sitemapKind = (loc) => /\/sitemaps\/([a-z]+)-\d+\.xml$/.exec(new URL(loc).pathname)?.[1] ?? null

/**
 * The first page of each of `kinds`, following the index at `${base}/sitemap.xml` file by file
 * (an id range can be empty). Pages keep the address the sitemap gives (profiles are on their
 * subdomain). Rejects, naming the kinds, when some kind has no page at all.
 */
export async function firstPages(base, kinds, fetchText = async (url) => (await fetch(url)).text()) {
  const found = {}
  const files = sitemapLocs(await fetchText(`${base}/sitemap.xml`))
  for (const kind of kinds) {
    for (const file of files.filter((loc) => sitemapKind(loc) === kind)) {
      const page = sitemapLocs(await fetchText(file))[0]
      if (page) {
        found[kind] = page
        break
      }
    }
  }
  const missing = kinds.filter((kind) => !found[kind])
  if (missing.length)
    throw new Error(
      `lighthouse: nenhuma página de ${missing.join(', ')} nos sitemaps de ${base}/sitemap.xml.`,
    )
  return found
}
