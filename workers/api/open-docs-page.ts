import type { z } from 'zod'
import { type AnyEndpoint, pathParams } from '~/api/endpoint'
import { OPEN_API_BASE, OPEN_API_DOCUMENT } from '~/api/routes'
import { errorsOf, publicEndpoints } from './open-document'

// The open API's reference page, in Portuguese (decisions/0063): drawn by the Worker from the
// same declarations as the document, plain HTML and a little CSS, no script (it costs no
// JavaScript and reads at 360 px).

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  )

type Field = { name: string; where: 'caminho' | 'consulta'; required: boolean; description: string }

function fieldsOf(def: AnyEndpoint): Field[] {
  const inPath = pathParams(def.path)
  const shape = (def.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    where: inPath.includes(name) ? 'caminho' : 'consulta',
    required: !schema.safeParse(undefined).success,
    description: String((schema.meta() as { description?: string } | undefined)?.description ?? ''),
  }))
}

function exampleUrl(origin: string, def: AnyEndpoint): string {
  const example = (def.example ?? {}) as Record<string, unknown>
  const inPath = pathParams(def.path)
  const path = def.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(example[name] ?? name)),
  )
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(example))
    if (!inPath.includes(name)) query.append(name, String(value))
  const search = query.toString()
  return `${origin}${path}${search ? `?${search}` : ''}`
}

function section(origin: string, def: AnyEndpoint): string {
  const rows = fieldsOf(def)
    .map(
      (f) =>
        `<tr><td><code>${escapeHtml(f.name)}</code></td><td>${f.where}${f.required ? ', obrigatório' : ''}</td><td>${escapeHtml(f.description)}</td></tr>`,
    )
    .join('')
  const curl = `curl -H "Authorization: Bearer SUA_CHAVE" "${exampleUrl(origin, def)}"`
  return `<section id="${escapeHtml(def.id)}" aria-labelledby="t-${escapeHtml(def.id)}">
<h2 id="t-${escapeHtml(def.id)}">${escapeHtml(def.summary)}</h2>
<p><code class="rota">${def.method.toUpperCase()} ${escapeHtml(def.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'))}</code></p>
${def.description ? `<p>${escapeHtml(def.description)}</p>` : ''}
<div class="tabela" tabindex="0" role="region" aria-label="Parâmetros: ${escapeHtml(def.summary)}"><table><caption>Parâmetros</caption><thead><tr><th scope="col">Nome</th><th scope="col">Onde</th><th scope="col">Descrição</th></tr></thead><tbody>${rows}</tbody></table></div>
<p>Erros possíveis: ${Object.entries(errorsOf(def))
    .map(([status, text]) => `<a href="#erro-${status}">${status}</a> (${escapeHtml(text)})`)
    .join('; ')}.</p>
<p>Exemplo:</p>
<pre tabindex="0" role="region" aria-label="Exemplo: ${escapeHtml(def.summary)}"><code>${escapeHtml(curl)}</code></pre>
</section>`
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}main{max-width:52rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem}code{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}
pre{background:#f3f4f6;padding:.75rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}.tabela{overflow-x:auto}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #d1d5db;padding:.35rem .5rem;text-align:left;vertical-align:top}
caption{text-align:left;font-weight:600}a{color:#0b5cad}nav ul{padding-left:1.2rem}`

export function openApiDocsPage(origin: string): string {
  const list = publicEndpoints
    .map((def) => `<li><a href="#${escapeHtml(def.id)}">${escapeHtml(def.summary)}</a></li>`)
    .join('')
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API do JurisEdge – referência</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="robots" content="index, follow"><style>${STYLE}</style></head>
<body><main>
<p><a href="/">JurisEdge</a></p>
<h1>API do JurisEdge</h1>
<p>Os dados públicos do site para os seus programas: as mesmas buscas e páginas, em JSON. Endereço base: <code>${escapeHtml(origin + OPEN_API_BASE)}</code>.</p>
<h2 id="chaves">Chaves</h2>
<p>Toda chamada leva uma chave no cabeçalho <code>Authorization: Bearer &lt;chave&gt;</code>. Crie, veja o uso e revogue suas chaves em <a href="/conta/api">Conta → API</a>. Cada chave faz até 60 chamadas por minuto; depois disso a resposta é 429, com o cabeçalho <code>Retry-After</code> dizendo quantos segundos esperar.</p>
<h2 id="paginas">Páginas de resultados</h2>
<p>Listas vêm 20 itens por vez, em ordem estável. Quando há mais, a resposta traz <code>nextCursor</code>: repita a chamada com <code>cursor=</code> esse valor e os mesmos filtros. Na última página, <code>nextCursor</code> é <code>null</code>.</p>
<h2 id="trechos">Trechos e destaques</h2>
<p>Nas buscas, <code>snippet</code> é o trecho que contém os termos, em texto simples. Para destacar os termos, <code>highlights</code> lista onde cada um está no trecho: <code>start</code> (inclusivo) e <code>end</code> (exclusivo), em unidades de código UTF-16, as posições de <code>String.prototype.slice</code> em JavaScript (em Python, conte <code>len(texto.encode('utf-16-le')) // 2</code>).</p>
<h2 id="erros">Erros</h2>
<p>Todo erro vem em <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> (em português) e, quando há campos recusados, <code>errors</code> com <code>field</code> e <code>message</code> de cada um.</p>
<ul><li id="erro-401"><strong>401</strong>: sem chave, ou chave inválida ou revogada.</li><li id="erro-404"><strong>404</strong>: não encontrado (processos em segredo de justiça nunca são devolvidos).</li><li id="erro-405"><strong>405</strong>: método não aceito pelo endereço; o cabeçalho <code>Allow</code> diz quais são.</li><li id="erro-422"><strong>422</strong>: parâmetros inválidos.</li><li id="erro-429"><strong>429</strong>: limite de chamadas da chave atingido.</li><li id="erro-500"><strong>500</strong>: erro interno; tente de novo.</li></ul>
<h2 id="campos">Nomes dos campos</h2>
<p>Os parâmetros têm os mesmos nomes dos endereços do site (<code>q</code>, <code>uf</code>, <code>tribunal</code>…); os campos das respostas são em inglês, no formato camelCase, e não mudam nesta versão. O documento OpenAPI 3.1 completo, para gerar clientes, está em <a href="${OPEN_API_DOCUMENT}"><code>${OPEN_API_DOCUMENT}</code></a>.</p>
<nav aria-label="Chamadas"><h2>Chamadas</h2><ul>${list}</ul></nav>
${publicEndpoints.map((def) => section(origin, def)).join('\n')}
</main></body></html>`
}
