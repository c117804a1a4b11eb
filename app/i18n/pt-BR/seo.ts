/** Sitemaps and robots.txt (issue 18, decisions/0037). */
export const seoMessages = {
  'seo.sitemapNotFound': 'Sitemap não encontrado.',
} as const
