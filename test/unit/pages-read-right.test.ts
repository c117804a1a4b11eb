// Issue 28 §5: every page reads right (decisions/0058). Each test reads a page as a person would.
import { describe, expect, it } from 'vitest'
import { communities } from '~/db/schema-accounts'
import { companies, gazettes, people } from '~/db/schema-corpus'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { generateCorpus } from '~/fixtures/corpus'
import { mayPublishIn } from './article-helpers'
import { jsonLd, makeCity, professional, tag } from './directory-helpers'
import { createUser, deps, gazetteArticleRecord, get, postJson, sessionCookie } from './helpers'
import { profileBase } from './profiles-helpers'

const base = { court: 'TJRJ', subjects: [], parties: [], secrecyLevel: 0, source: 'teste' }

/** The page's visible text, tags dropped, so assertions read what a person reads. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')

describe('lawsuit pages read right', () => {
  const lawsuitPage = async (number: number) => {
    const cnj = buildCnj(number, 2024, 8, 19, 1)
    await upsertLawsuits(deps().db, [
      {
        ...base,
        cnj,
        className: 'APELAçãO CíVEL',
        movements: [
          {
            at: '2024-03-01T10:00:00',
            code: 85,
            name: 'Petição',
            complements: 'tipo_de_peticao: Petição (outras)\nmotivo_da_remessa: em grau de recurso',
          },
        ],
      },
    ])
    const res = await get(`/processos/${formatCnj(cnj)}`)
    expect(res.status).toBe(200)
    return res.text()
  }

  it('labels DataJud complements in Portuguese, never the raw key', async () => {
    const text = visible(await lawsuitPage(5801))
    expect(text).toContain('Tipo de petição: Petição (outras)')
    expect(text).toContain('Motivo da remessa: em grau de recurso')
    expect(text).not.toMatch(/tipo_de_peticao|motivo_da_remessa/)
  })

  it('title-cases a class sent as "APELAçãO CíVEL"', async () => {
    const html = await lawsuitPage(5803)
    expect(visible(html)).toContain('Apelação Cível')
    expect(html).not.toMatch(/APELAçãO|Apela[çÇ]ãO/)
  })

  it('shows no "Partes" heading over nothing', async () => {
    expect(await lawsuitPage(5804)).not.toContain('id="partes"')
  })

  it('still shows "Partes" when the lawsuit has parties', async () => {
    const cnj = buildCnj(5802, 2024, 8, 19, 1)
    await upsertLawsuits(deps().db, [
      {
        ...base,
        cnj,
        className: 'Procedimento Comum Cível',
        movements: [],
        parties: [{ name: 'Maria Teste', pole: 'ativo', lawyers: [] }],
      },
    ])
    const html = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    expect(html).toContain('id="partes"')
    expect(visible(html)).toContain('Maria Teste')
  })
})

async function writer(name = 'Autora Leitura') {
  const [community] = await deps().db.select({ id: communities.id }).from(communities).limit(1)
  if (!community) throw new Error('no community')
  const user = await createUser({ name })
  await mayPublishIn(user.id, community.id)
  return { user, cookie: await sessionCookie(user.id), communityId: community.id }
}

async function publish(author: Awaited<ReturnType<typeof writer>>, titulo: string, conteudo: string) {
  const res = await postJson(
    '/ajax/artigos',
    { titulo, comunidade_id: String(author.communityId), conteudo },
    { Cookie: author.cookie },
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { artigo: { id: number; url: string } }).artigo
}

const pathOf = (url: string) => new URL(url, 'http://x').pathname

describe('comments and excerpts read right', () => {
  it("keeps a comment's line breaks, as text (no markup), and shows its date as dd/mm/aaaa", async () => {
    const author = await writer()
    const reader = await writer('Leitor Quebras')
    const artigo = await publish(author, 'Quebras de linha nos comentários', 'Corpo do artigo.')
    const sent = await postJson(
      `/ajax/artigos/${artigo.id}/comentarios`,
      { conteudo: 'Primeira linha\nSegunda <b>linha</b>' },
      { Cookie: reader.cookie },
    )
    expect(sent.status).toBe(200)
    const html = await (await get(pathOf(artigo.url))).text()
    const comment = html.slice(html.indexOf('id="comentario-'))
    expect(comment).toMatch(/Primeira linha<br\/?>Segunda &lt;b&gt;linha&lt;\/b&gt;/)
    expect(comment).not.toContain('<b>linha')
    const today = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    }).format(Date.now())
    expect(comment.slice(0, comment.indexOf('comment__body'))).toMatch(
      new RegExp(
        `<time[^>]*dateTime="[^"]+"[^>]*>${today.replace(/\//g, '\\/')},? \\d{2}:\\d{2}</time>`,
        'i',
      ),
    )
  })

  it('makes excerpts and descriptions plain text: no tags, no entities, cut at a word', async () => {
    const author = await writer()
    const body = `Texto com <b>html</b> &amp; **negrito** e [um link](https://exemplo.com.br).\n\n${'palavra '.repeat(60)}final`
    const artigo = await publish(author, 'Resumo sem marcação', body)
    const page = await (await get(pathOf(artigo.url))).text()
    const description = /<meta name="description" content="([^"]*)"/.exec(page)?.[1] ?? ''
    const og = /<meta property="og:description" content="([^"]*)"/.exec(page)?.[1] ?? ''
    for (const text of [description, og]) {
      expect(text).toMatch(/^Texto com html &amp;(amp;)? negrito e um link\./)
      expect(text).not.toMatch(/&lt;|<b>|\*\*|\]\(/)
      expect(text.endsWith('palavra…')).toBe(true)
    }
    const list = await (await get('/artigos?ordem=recentes')).text()
    const card = list.slice(list.indexOf(`artigo-${artigo.id}`))
    const excerpt = /class="article-card__excerpt">([^<]*)</.exec(card)?.[1] ?? ''
    expect(excerpt).toMatch(/^Texto com html &amp; negrito e um link\./)
    expect(excerpt).not.toContain('&lt;b&gt;')
  })
})

describe('dates are written as Brazilians write them', () => {
  it('every date field says dd/mm/aaaa, never the English dd/mm/yyyy', async () => {
    await upsertGazetteArticles(deps().db, [
      gazetteArticleRecord('datas', '1', 'Portaria de teste', '2026-03-02', {
        slug: 'diario-datas',
        name: 'Diário das Datas',
        uf: 'SP',
      }),
    ])
    const user = await createUser({ name: 'Pessoa Datas' })
    const cookie = await sessionCookie(user.id)
    const pages = [
      await get('/diarios/diario-datas'),
      await get('/busca?q=silva&categoria=d'),
      await get('/cadastrar'),
      await get('/conta/perfil', { headers: { Cookie: cookie } }),
    ]
    let dateFields = 0
    for (const res of pages) {
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).not.toMatch(/yyyy/i)
      dateFields += html.match(/placeholder="dd\/mm\/aaaa"|dd\/mm\/aaaa/g)?.length ?? 0
    }
    expect(dateFields).toBeGreaterThanOrEqual(3)
  })
})

describe('every page answers its non-canonical addresses with a redirect to the canonical one', () => {
  /** The redirect a variant answers: 301 (or 308) and where to. */
  async function movesTo(path: string): Promise<string> {
    const res = await get(path, { redirect: 'manual' })
    expect([301, 308], `${path} → ${res.status}`).toContain(res.status)
    return (
      new URL(res.headers.get('location') ?? '', 'http://x').pathname +
      new URL(res.headers.get('location') ?? '', 'http://x').search
    )
  }

  it('folds case and accents in directory addresses: /Advogado/Recife-PE → /advogado/recife-pe', async () => {
    const city = await makeCity('PE', `Recife ${tag()}`)
    await professional({ city })
    const upper = city.slug.replace(/^recife/, 'Recife').replace(/-pe$/, '-PE')
    expect(await movesTo(`/Advogado/${upper}`)).toBe(`/advogado/${city.slug}`)
    expect(await movesTo(`/ADVOGADO/${upper}?page=1`)).toBe(`/advogado/${city.slug}?page=1`)
    expect(await movesTo(`/Advogado`)).toBe('/advogado')
    expect(await movesTo(`/cidade/${upper}`)).toBe(`/cidade/${city.slug}`)
    expect((await get(`/advogado/${city.slug}`, { redirect: 'manual' })).status).toBe(200)
  })

  it("sends /artigos/{id} with no or a wrong slug to the article's address", async () => {
    const author = await writer('Autora Endereços')
    const artigo = await publish(author, 'Endereço canônico do artigo', 'Corpo.')
    const canonical = pathOf(artigo.url)
    expect(await movesTo(`/artigos/${artigo.id}`)).toBe(canonical)
    expect(await movesTo(`/artigos/Endereco-Canonico-Do-Artigo-${artigo.id}`)).toBe(canonical)
    expect(await movesTo(`${canonical}/`)).toBe(canonical)
    expect((await get(canonical, { redirect: 'manual' })).status).toBe(200)
  })

  it('folds people, companies, gazettes, communities and lawsuits to their one address', async () => {
    const db = deps().db
    const t = tag()
    await db.insert(people).values({ name: 'Pessoa Endereço', slug: `pessoa-endereco-${t}` })
    const cnpj = '11222333000181'
    await db
      .insert(companies)
      .values({ cnpj, legalName: 'Empresa Endereço Ltda.', slug: `empresa-endereco-ltda-${cnpj}` })
      .onConflictDoNothing()
    await db
      .insert(gazettes)
      .values({ slug: `diario-endereco-${t}`, name: 'Diário Endereço', sphere: 'municipal' })
    const [community] = await db.select({ slug: communities.slug }).from(communities).limit(1)
    const cnj = buildCnj(5805, 2024, 8, 19, 1)
    await upsertLawsuits(db, [{ ...base, cnj, movements: [] }])

    expect(await movesTo(`/pessoas/Pessoa-Endereco-${t.toUpperCase()}`)).toBe(`/pessoas/pessoa-endereco-${t}`)
    expect(await movesTo(`/pessoas/pessoa-endereço-${t}`)).toBe(`/pessoas/pessoa-endereco-${t}`)
    expect(await movesTo(`/empresas/Empresa-Endereco-Ltda-${cnpj}`)).toBe(
      `/empresas/empresa-endereco-ltda-${cnpj}`,
    )
    expect(await movesTo(`/diarios/Diario-Endereco-${t}`)).toBe(`/diarios/diario-endereco-${t}`)
    expect(await movesTo(`/comunidades/${community?.slug.toUpperCase()}`)).toBe(
      `/comunidades/${community?.slug}`,
    )
    expect(await movesTo(`/processos/${cnj}`)).toBe(`/processos/${formatCnj(cnj)}`)
    expect(await movesTo(`/pessoas/pessoa-endereco-${t}/`)).toBe(`/pessoas/pessoa-endereco-${t}`)
    // A trailing slash never turns into a protocol-relative jump to another host.
    expect(await movesTo('//exemplo.com/')).toBe('/exemplo.com')
  })
})

describe("a profile's cities have one source", () => {
  it('lists the main city ("Atende em") among "Cidades em que atua", in the JSON-LD and in the directory', async () => {
    const home = await makeCity('SP', `Salmourao ${tag()}`)
    const served = await makeCity('SP', `Adamantina ${tag()}`)
    const user = await professional({ city: home, serves: [served] })
    const html = await (await get(`${profileBase(user.subdomain)}/`)).text()
    const text = visible(html)
    expect(text).toContain(`${home.name}/SP`)
    const section = text.slice(text.indexOf('Cidades em que atua'))
    expect(section).toContain(`${home.name}/SP`)
    expect(section).toContain(`${served.name}/SP`)
    const service = jsonLd(html)
      .flatMap((d) => (d['@graph'] as Record<string, unknown>[] | undefined) ?? [d])
      .find((d) => d['@type'] === 'ProfessionalService') as { areaServed?: { name: string }[] } | undefined
    expect(service?.areaServed?.map((c) => c.name)).toEqual([home.name, served.name])
    for (const city of [home, served]) {
      const list = visible(await (await get(`/advogado/${city.slug}`)).text())
      expect(list).toContain(user.name)
    }
  })
})

describe('no text is cut mid-phrase', () => {
  it('gives demo companies whole trade names ("Comércio de Alimentos Boa Mesa", never "Comércio de")', () => {
    const rows = [...generateCorpus({ seed: 42, scale: 2000 })]
      .filter((batch) => batch.table === 'companies')
      .flatMap((batch) => batch.rows as { legal_name: string; trade_name: string }[])
    expect(rows.length).toBeGreaterThan(10)
    for (const { legal_name, trade_name } of rows) {
      expect(legal_name.startsWith(trade_name), legal_name).toBe(true)
      expect(trade_name, legal_name).not.toMatch(/\s(de|da|do|das|dos|e|em)$/i)
      expect(trade_name.split(' ').length, legal_name).toBeGreaterThanOrEqual(2)
    }
    expect(rows.map((r) => r.trade_name)).toContain('Comércio de Alimentos Boa Mesa')
  })

  it('cuts a gazette excerpt at a word with "…", never mid-word', async () => {
    const words = Array.from({ length: 80 }, (_, i) => `palavra${i}fim`).join(' ')
    await upsertGazetteArticles(deps().db, [
      gazetteArticleRecord('corte', '1', words, '2026-03-03', {
        slug: 'diario-corte',
        name: 'Diário do Corte',
        uf: 'SP',
      }),
    ])
    const html = await (await get('/diarios/diario-corte?data=2026-03-03')).text()
    const excerpt = /class="gazette-item__excerpt">([^<]*)</.exec(html)?.[1] ?? ''
    expect(excerpt).toMatch(/ palavra\d+fim…$/)
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true)
    expect(words.split(' ')).toContain(excerpt.slice(0, -1).split(' ').at(-1))
  })
})
