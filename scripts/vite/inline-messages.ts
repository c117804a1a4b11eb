// Browser build only: replaces `t('key')` calls by the message itself, so a page downloads the
// strings it shows and not the whole pt-BR catalogue (issue 18; docs/decisions/0038). Keys known
// at build time are a string, a `cond ? 'a' : 'b'` of them, or a template literal such as
// `search.category.${code}` (replaced by the few messages that match it). A call with any other
// key (a variable) is left alone, and its module keeps importing the catalogue.
import type { CallExpression, Expression, Node, Program, SpreadElement } from 'estree'
import { walk } from 'estree-walker'
import MagicString from 'magic-string'
import type { Plugin } from 'vite'

type Catalogue = Readonly<Record<string, string>>
type Ranged = Node & { start: number; end: number }

const CATALOGUE_IMPORT = /(^|\/)i18n\/pt-BR(\.ts)?$/
const CATALOGUE_FILE = /\/app\/i18n\/pt-BR(\/[\w-]+)?\.ts$/

/** The messages a key expression can name, or null when it is not known at build time. */
function messagesOf(
  node: Expression | SpreadElement,
  catalogue: Catalogue,
  where: string,
): { kind: 'one'; text: string } | { kind: 'some'; texts: Record<string, string> } | null {
  if (node.type === 'Literal' && typeof node.value === 'string') {
    const text = catalogue[node.value]
    if (text === undefined) throw new Error(`${where}: a mensagem '${node.value}' não existe.`)
    return { kind: 'one', text }
  }
  if (node.type === 'TemplateLiteral') {
    const parts = node.quasis.map((q) => (q.value.cooked ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    const pattern = new RegExp(`^${parts.join('.+')}$`)
    const texts = Object.fromEntries(Object.entries(catalogue).filter(([key]) => pattern.test(key)))
    if (Object.keys(texts).length === 0) throw new Error(`${where}: nenhuma mensagem casa com ${pattern}.`)
    return { kind: 'some', texts }
  }
  return null
}

/**
 * Rewrites one module's `t()` calls (its code and its ESTree program, with offsets). Null when
 * the module does not import `t`; `left` counts the calls kept because their key is dynamic.
 */
export function rewriteMessages(
  code: string,
  ast: Program,
  catalogue: Catalogue,
  fillModule: string,
  where: string,
): { out: MagicString; left: number } | null {
  const local = ast.body
    .filter((n) => n.type === 'ImportDeclaration' && CATALOGUE_IMPORT.test(String(n.source.value)))
    .flatMap((n) => (n.type === 'ImportDeclaration' ? n.specifiers : []))
    .find((s) => s.type === 'ImportSpecifier' && s.imported.type === 'Identifier' && s.imported.name === 't')
    ?.local.name
  if (!local) return null

  const out = new MagicString(code)
  let filled = false
  let left = 0
  const source = (n: Node) => code.slice((n as Ranged).start, (n as Ranged).end)
  // The replacement of one key expression, or null to leave the call alone.
  const inline = (key: Expression | SpreadElement): string | null => {
    if (key.type === 'ConditionalExpression') {
      const yes = inline(key.consequent)
      const no = inline(key.alternate)
      return yes && no ? `(${source(key.test)} ? ${yes} : ${no})` : null
    }
    const found = messagesOf(key, catalogue, where)
    if (!found) return null
    if (found.kind === 'one') return JSON.stringify(found.text)
    // In parentheses: an arrow function's body must not start with `{`.
    return `(${JSON.stringify(found.texts)})[${source(key)}]`
  }

  walk(ast as Node, {
    enter(node) {
      if (node.type !== 'CallExpression') return
      const call = node as CallExpression & Ranged
      if (call.callee.type !== 'Identifier' || call.callee.name !== local) return
      const [key, params] = call.arguments
      const text = key ? inline(key) : null
      if (!text) {
        left++
        return
      }
      if (params) {
        // Only `t(key` is rewritten: calls inside the parameters are visited in turn.
        filled = true
        out.overwrite(call.start, (key as Ranged).end, `__fill(${text}`)
      } else {
        out.overwrite(call.start, call.end, text)
        this.skip()
      }
    },
  })
  if (filled) out.prepend(`import { fill as __fill } from ${JSON.stringify(fillModule)};\n`)
  return { out, left }
}

export function inlineMessages(catalogue: Catalogue, fillModule: string): Plugin {
  const report = process.env.INLINE_MESSAGES_REPORT === '1'
  return {
    name: 'inline-messages',
    apply: 'build',
    enforce: 'post',
    transform(code, id, options) {
      if (options?.ssr) return null
      const file = id.split('?')[0] ?? id
      // Lets the bundler drop the catalogue when no module of a chunk still calls `t`.
      if (CATALOGUE_FILE.test(file)) return { code, map: null, moduleSideEffects: false }
      if (file.includes('/node_modules/') || !code.includes('i18n/pt-BR')) return null
      const done = rewriteMessages(code, this.parse(code) as unknown as Program, catalogue, fillModule, file)
      if (!done) return null
      if (report && done.left)
        this.warn(`${done.left} chamada(s) de t() com chave dinâmica mantêm o catálogo`)
      return { code: done.out.toString(), map: done.out.generateMap({ hires: true }) }
    },
  }
}
