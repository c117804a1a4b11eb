// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs and outputs here are source code
import { parse } from 'acorn'
import type { Program } from 'estree'
import { describe, expect, it } from 'vitest'
import { rewriteMessages } from '../../scripts/vite/inline-messages'

// The browser build's replacement of t('key') by the message (scripts/vite/inline-messages.ts,
// decisions/0038). A wrong rewrite would show the wrong words or break hydration on every page.
const catalogue = {
  'site.name': 'Jurisedge',
  'greet.hello': 'Olá, {nome}!',
  'kind.a': 'Pessoa',
  'kind.b': 'Empresa',
  'other.x': 'Outro',
}
const IMPORT = "import { t } from '~/i18n/pt-BR';\n"

function rewrite(body: string) {
  const code = IMPORT + body
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Program
  const done = rewriteMessages(code, ast, catalogue, '/app/i18n/fill.ts', 'teste.js')
  return done ? { code: done.out.toString().replace(IMPORT, ''), left: done.left } : null
}

describe('inline messages (browser build)', () => {
  it('replaces a literal key by its message, and fills parameters with the same filler', () => {
    expect(rewrite("const a = t('site.name');")).toEqual({ code: 'const a = "Jurisedge";', left: 0 })
    const filled = rewrite("const b = t('greet.hello', { nome: t('site.name') });")
    expect(filled?.code).toBe(
      'import { fill as __fill } from "/app/i18n/fill.ts";\nconst b = __fill("Olá, {nome}!", { nome: "Jurisedge" });',
    )
  })

  it('replaces each branch of a conditional key, and a template key by the messages it can name', () => {
    expect(rewrite("t(x ? 'kind.a' : 'kind.b');")?.code).toBe('(x ? "Pessoa" : "Empresa");')
    // Parenthesised, so an arrow function returning it is not read as a block.
    expect(rewrite('const f = (k) => t(`kind.${k}`);')?.code).toBe(
      'const f = (k) => ({"kind.a":"Pessoa","kind.b":"Empresa"})[`kind.${k}`];',
    )
  })

  it('leaves a call with a key known only at run time, and counts it (the catalogue stays)', () => {
    expect(rewrite('const c = t(key);')).toEqual({ code: 'const c = t(key);', left: 1 })
  })

  it('fails the build on a key the catalogue lacks', () => {
    expect(() => rewrite("t('site.nome');")).toThrow("a mensagem 'site.nome' não existe")
    expect(() => rewrite('t(`nada.${k}`);')).toThrow('nenhuma mensagem casa')
  })

  it('touches only the t imported from the catalogue, under whatever local name', () => {
    expect(rewrite("const t2 = (k) => k; t2('site.name');")?.code).toBe(
      "const t2 = (k) => k; t2('site.name');",
    )
    const code = "import { t as tr } from '../i18n/pt-BR';\nconst d = tr('site.name');"
    const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Program
    expect(rewriteMessages(code, ast, catalogue, '/f.ts', 'x')?.out.toString()).toContain(
      'const d = "Jurisedge";',
    )
    const none = "import { t } from './outro';\nt('site.name');"
    expect(
      rewriteMessages(
        none,
        parse(none, { ecmaVersion: 'latest', sourceType: 'module' }) as never,
        catalogue,
        '/f.ts',
        'x',
      ),
    ).toBeNull()
  })
})
