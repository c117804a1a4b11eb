import MarkdownIt from 'markdown-it'

/**
 * Article bodies are Markdown rendered on the server with raw HTML off (decisions/0026): every
 * `<tag>` a user types is text, links can only be http(s) without user or password, mailto or our own paths (markdown-it's
 * validateLink already refuses javascript:, vbscript:, file: and data:), and every link leaves
 * with `rel="nofollow ugc noopener"`. Nothing a user writes is ever executed.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i

/**
 * `https://www.bb.com.br@golpe.example/` reads as the bank and goes to `golpe.example`: a link
 * with a user or password before the host is refused like a bad scheme (issue 27 item 11's class).
 */
const WITH_USERINFO = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*@/i

md.validateLink = (url: string) => SAFE_HREF.test(url.trim()) && !WITH_USERINFO.test(url.trim())

const defaultLinkOpen = md.renderer.rules.link_open
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]
  if (token) {
    token.attrSet('rel', 'nofollow ugc noopener')
    if (/^https?:\/\//i.test(token.attrGet('href') ?? '')) token.attrSet('target', '_blank')
  }
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, idx, options, env, self)
    : self.renderToken(tokens, idx, options)
}

/** Images would let a reader's browser call any host: shown as their alt text. */
md.renderer.rules.image = (tokens, idx) => md.utils.escapeHtml(tokens[idx]?.content ?? '')

export function renderArticle(markdown: string): string {
  return md.render(markdown)
}

/** Reading time at 200 words a minute, at least one minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown.trim().split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / 200))
}
