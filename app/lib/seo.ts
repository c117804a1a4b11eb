import type { MetaDescriptor } from '@remix-run/cloudflare'
import { t } from '~/i18n/pt-BR'
import { plainTextFromHtml, truncateAtWord } from './plain-text'

/** Title, description and canonical link for a page, plus the Open Graph basics. */
export function seo({
  title,
  description,
  canonical,
}: {
  title: string
  description?: string
  canonical?: string
}) {
  const fullTitle = `${title} | ${t('site.name')}`
  // Every description (and og:description) is plain text cut at a word: callers may pass a
  // whole body or HTML-bearing text and never a tag, an entity or half a word reaches a preview.
  const desc = description ? truncateAtWord(plainTextFromHtml(description), 160) : t('site.description')
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: desc },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: desc },
    { property: 'og:site_name', content: t('site.name') },
    { property: 'og:locale', content: 'pt_BR' },
  ]
  if (canonical) {
    tags.push(
      { tagName: 'link', rel: 'canonical', href: canonical },
      { property: 'og:url', content: canonical },
    )
  }
  return tags
}

/** Canonical URL of a path on the main site: no query string noise, no trailing slash. */
export function canonicalUrl(origin: string, pathname: string): string {
  const path = pathname !== '/' ? pathname.replace(/\/+$/, '') : ''
  return `${origin}${path}`
}
