import { describe, expect, it } from 'vitest'
import { readingMinutes, renderArticle } from '~/domain/articles/markdown.server'

/** Payloads from the usual XSS lists, each as a user would paste it into an article. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '[clique](javascript:alert(1))',
  '[clique](JaVaScRiPt:alert(1))',
  '[clique](  javascript:alert(1))',
  '[clique](vbscript:msgbox(1))',
  '[clique](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[clique](//evil.example/x)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://evil.example/x.png)',
  '<a href="javascript:alert(1)">x</a>',
  '[a](https://ok.example "title\\" onmouseover=\\"alert(1)")',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '`<script>` e <b onclick=alert(1)>negrito</b>',
]

describe('article Markdown (decisions/0026)', () => {
  it('renders headings, emphasis, lists and safe links, every link nofollow ugc noopener', () => {
    const html = renderArticle(
      '# Título\n\nTexto *ênfase* e **forte**.\n\n- um\n- dois\n\n[STF](https://portal.stf.jus.br) e https://www.cnj.jus.br',
    )
    expect(html).toContain('<h1>Título</h1>')
    expect(html).toContain('<em>ênfase</em>')
    expect(html).toContain('<li>um</li>')
    expect(html).toContain(
      '<a href="https://portal.stf.jus.br" rel="nofollow ugc noopener" target="_blank">STF</a>',
    )
    expect(html).toContain('href="https://www.cnj.jus.br" rel="nofollow ugc noopener"')
  })

  it.each(ATTACKS)('never outputs anything executable for %s', (attack) => {
    const html = renderArticle(attack)
    // No element a browser would run or load from the payload, and no scheme that runs code.
    expect(html).not.toMatch(/<(script|iframe|svg|img|object|embed|div|b)\b/i)
    expect(html).not.toMatch(/\son\w+\s*=\s*"/i)
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i)
    expect(html).not.toMatch(/href="\/\//)
  })

  it('refuses a link that hides its host behind a user and password (issue 27 item 11)', () => {
    for (const link of [
      '[Banco do Brasil](https://www.bb.com.br@golpe.example/entrar)',
      '[STF](https://portal.stf.jus.br:senha@golpe.example/)',
      'https://www.bb.com.br@golpe.example/entrar',
    ]) {
      const html = renderArticle(link)
      expect(html, link).not.toContain('<a ')
    }
    expect(renderArticle('[e-mail](mailto:contato@exemplo.com.br)')).toContain(
      'href="mailto:contato@exemplo.com.br"',
    )
    expect(renderArticle('[busca](https://exemplo.com.br/busca?q=a@b)')).toContain('<a ')
  })

  it('counts reading time at 200 words a minute', () => {
    expect(readingMinutes('palavra '.repeat(50))).toBe(1)
    expect(readingMinutes('palavra '.repeat(1000))).toBe(5)
  })
})
