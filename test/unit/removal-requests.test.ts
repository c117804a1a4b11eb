import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { decisions, gazetteArticles } from '~/db/schema-corpus'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { POPULAR_MIN_SEARCHES, recordSearch } from '~/domain/suggestions/popular.server'
import { rebuildSuggestions, suggest } from '~/domain/suggestions/suggestions.server'
import { db, grantRole, lawyerPerson, personBySlug, surname } from './claims-helpers'
import {
  BASE,
  createUser,
  decisionRecord,
  deps,
  gazetteArticleRecord,
  get,
  ORIGIN,
  sessionCookie,
} from './helpers'
import {
  confirmationLink,
  confirmedRequest,
  decide,
  fileRequest,
  mailSaying,
  PDF,
  removalForm,
  requestByEmail,
  trailOf,
} from './removal-helpers'
import { locs } from './sitemap-helpers'

// Issue 30, "Removal and de-indexing on request" (decisions/0066): the request's whole life.

async function reviewer() {
  const user = await createUser({ name: `Revisora ${surname()}` })
  await grantRole(user.id)
  return sessionCookie(user.id)
}

const searchTotal = async (q: string, qo: string) => {
  const body = (await (await get(`/api/v2/busca?q=${encodeURIComponent(`"${q}"`)}&qo=${qo}`)).json()) as {
    sections: { total: number; results: { href: string }[] }[]
  }
  return {
    total: body.sections[0]?.total ?? 0,
    hrefs: body.sections.flatMap((s) => s.results.map((r) => r.href)),
  }
}

async function sitemapLocs(kind: string): Promise<string[]> {
  const index = await (await get('/sitemap.xml')).text()
  const shards = locs(index).filter((loc) => loc.includes(`/sitemaps/${kind}-`))
  const all: string[] = []
  for (const shard of shards) all.push(...locs(await (await get(new URL(shard).pathname)).text()))
  return all
}

describe('a removal request (issue 30, decisions/0066)', () => {
  it('every person and document page links to the form, which names the page it came from', async () => {
    const { person, cnj } = await lawyerPerson(`Ilda ${surname()} Prado`)
    for (const path of [`/pessoas/${person.slug}`, `/processos/${formatCnj(cnj)}`]) {
      const html = await (await get(path)).text()
      expect(html).toContain(`href="/remocao?pagina=${encodeURIComponent(path)}"`)
      expect(html).toContain('Solicitar remoção')
    }
    const form = await get(`/remocao?pagina=${encodeURIComponent(`/pessoas/${person.slug}`)}`)
    const html = await form.text()
    expect(form.status).toBe(200)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html.toLowerCase()).toContain('enctype="multipart/form-data"')
    expect(html).toContain(`/pessoas/${person.slug}</textarea>`)
  })

  it('bad input gets Portuguese messages and a 4xx, and nothing is stored', async () => {
    const { person } = await lawyerPerson(`Rui ${surname()} Lemos`)
    const page = `/pessoas/${person.slug}`
    const cases: [Record<string, unknown>, number, string][] = [
      [{ nome: '', paginas: page }, 422, 'Informe seu nome.'],
      [{ email: 'não-é-email', paginas: page }, 422, 'Insira um e-mail válido.'],
      [{ relacao: 'vizinho', paginas: page }, 422, 'Escolha sua relação com os dados.'],
      [{ direitos: [], paginas: page }, 422, 'Escolha ao menos um direito.'],
      [{ motivo: 'curto', paginas: page }, 422, 'Conte o motivo com ao menos 20 caracteres.'],
      [{ paginas: '' }, 422, 'Informe ao menos o endereço de uma página.'],
      [{ paginas: 'https://outro-site.example/pessoas/x' }, 422, 'Este endereço não é de uma página'],
      [{ paginas: '/pessoas/ninguem-com-este-nome-zzz' }, 422, 'Este endereço não é de uma página'],
      [{ paginas: page, documento: null }, 422, 'Junte um documento de identidade (PDF, JPG ou PNG).'],
      [
        { paginas: page, documento: new Blob(['MZ não é PDF'], { type: 'application/pdf' }) },
        422,
        'O documento precisa ser um PDF, JPG ou PNG.',
      ],
      [
        {
          paginas: page,
          documento: new Blob([PDF, new Uint8Array(5 * 1024 * 1024)], { type: 'application/pdf' }),
        },
        413,
        'O documento pode ter até 5 MB.',
      ],
      [{ paginas: page, 'cf-turnstile-response': 'errado' }, 422, 'Você é um robô?'],
    ]
    for (const [fields, status, message] of cases) {
      const email = `ruim${surname().toLowerCase()}@exemplo.invalid`
      const response = await fileRequest({ email, ...(fields as Record<string, string>) })
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(status)
      const body = (await response.json()) as { errors: string[] }
      expect(body.errors.join(' ')).toContain(message)
      await expect(requestByEmail(email)).rejects.toThrow('no request')
    }
  })

  it("refuses a body far past the document's 5 MB before reading it, with the message under the document", async () => {
    // Nothing else is checked first (the pages are missing, the captcha wrong): the size alone.
    const address = `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const huge = await SELF.fetch(`${BASE}/ajax/remocao`, {
      method: 'POST',
      headers: { ...ORIGIN, Accept: 'application/json', 'cf-connecting-ip': address },
      body: removalForm({
        paginas: '',
        'cf-turnstile-response': 'errado',
        documento: new Blob([PDF, new Uint8Array(6 * 1024 * 1024)], { type: 'application/pdf' }),
      }),
    })
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({
      errors: ['O documento pode ter até 5 MB.'],
      fields: { documento: 'O documento pode ter até 5 MB.' },
    })
  })

  it('files, confirms by e-mail, enters the queue with its legal deadline; the document is only for reviewers', async () => {
    const { person } = await lawyerPerson(`Vera ${surname()} Dantas`)
    const page = `/pessoas/${person.slug}`
    const email = `vera${surname().toLowerCase()}@exemplo.invalid`
    const filed = await fileRequest({ email, nome: 'Vera Dantas', paginas: `${page}\n` })
    expect(filed.status).toBe(200)
    const { redirect_url: status } = (await filed.json()) as { redirect_url: string }
    expect(status).toMatch(/^\/remocao\/acompanhar\/[0-9a-f]{48}$/)
    const waiting = await get(status)
    expect(waiting.headers.get('cache-control')).toContain('no-store')
    expect(await waiting.text()).toContain('Aguardando a confirmação do e-mail')
    // Not in the queue before the e-mail is confirmed.
    const cookie = await reviewer()
    expect(await (await get('/revisao/remocoes', { headers: { Cookie: cookie } })).text()).not.toContain(
      'Vera Dantas',
    )
    const row = await requestByEmail(email)
    expect(row.documentKey).toMatch(/^remocao\/[0-9a-f]{32}\.pdf$/)
    expect(await env.PRIVATE_FILES.get(row.documentKey ?? '')).not.toBeNull()
    // Never at a public address: the images route serves profile photos only.
    expect((await get(`/imagens/${row.documentKey}`)).status).toBe(404)

    const link = await confirmationLink(email)
    const confirmed = await get(link, { redirect: 'manual' })
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('location')).toBe(`${status}?confirmado=1`)
    const following = await (await get(`${status}?confirmado=1`)).text()
    expect(following).toContain('Em análise')
    expect(following).toContain('Prazo para a resposta')
    // The link works once; a forged or altered one is refused.
    expect((await get(link, { redirect: 'manual' })).status).toBe(302)
    const forged = await get('/remocao/confirmar?token=abc', { redirect: 'manual' })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain('Link inválido ou expirado')
    expect((await get('/remocao/confirmar', { redirect: 'manual' })).status).toBe(400)
    expect((await get('/remocao/acompanhar/0123456789abcdef0123456789abcdef0123456789abcdef')).status).toBe(
      404,
    )

    const queue = await (await get('/revisao/remocoes', { headers: { Cookie: cookie } })).text()
    expect(queue).toContain('<meta name="robots" content="noindex"/>')
    expect(queue).toContain('Vera Dantas')
    expect(queue).toContain('15 dias restantes')
    expect(queue).toContain('Eliminação dos dados (inciso VI)')
    // Three forms a request, each with its own accessible name.
    const forms = [...queue.matchAll(/<form[^>]*>/g)].map((match) => match[0])
    const mine = forms.filter((form) => form.includes(`pedido nº ${row.id},`))
    expect(mine.map((form) => /aria-label="([^"]*)"/.exec(form)?.[1])).toEqual([
      `Desindexar: pedido nº ${row.id}, de Vera Dantas`,
      `Mascarar nomes: pedido nº ${row.id}, de Vera Dantas`,
      `Recusar: pedido nº ${row.id}, de Vera Dantas`,
    ])
    expect(queue).toContain(page)

    const plain = await sessionCookie((await createUser()).id)
    expect((await get(`/revisao/remocoes/${row.id}/documento`)).status).toBe(401)
    expect((await get(`/revisao/remocoes/${row.id}/documento`, { headers: { Cookie: plain } })).status).toBe(
      403,
    )
    expect((await get('/revisao/remocoes', { headers: { Cookie: plain } })).status).toBe(403)
    const document = await get(`/revisao/remocoes/${row.id}/documento`, { headers: { Cookie: cookie } })
    expect(document.status).toBe(200)
    expect(document.headers.get('content-type')).toBe('application/pdf')
    expect(document.headers.get('cache-control')).toBe('private, no-store')
    expect(new Uint8Array(await document.arrayBuffer())).toEqual(PDF)

    expect((await trailOf(row.id)).map((entry) => entry.action)).toEqual(['receber', 'confirmar'])
  })

  it('de-index: the page stays at its address with noindex, and leaves search, suggestions and sitemaps', async () => {
    const name = `Otto ${surname()} Farias`
    const { person } = await lawyerPerson(name)
    const page = `/pessoas/${person.slug}`
    // Searched often enough to be a popular search as well as an entity name.
    for (let i = 0; i < POPULAR_MIN_SEARCHES; i++) await recordSearch(deps(), name, 1)
    await rebuildSuggestions(deps())
    expect(await suggest(deps(), name)).toContain(name)
    expect(await suggest(deps(), name.slice(0, 5))).toContain(name)
    expect((await searchTotal(name, 'p')).hrefs).toContain(page)
    expect(await sitemapLocs('pessoas')).toContain(`http://${env.BASE_DOMAIN}${page}`)
    expect(await (await get(page)).text()).not.toContain('content="noindex"')

    const { id, email, status, row } = await confirmedRequest({ paginas: page })
    const cookie = await reviewer()
    const decided = await decide(cookie, id, 'desindexar', { nota: 'Pessoa física sem interesse público.' })
    expect(decided.status).toBe(200)
    expect(await decided.json()).toMatchObject({ remocao: { id, status: 'desindexada' } })

    const shown = await get(page)
    expect(shown.status).toBe(200)
    const html = await shown.text()
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain(name)
    expect(await searchTotal(name, 'p')).toEqual({ total: 0, hrefs: [] })
    expect((await searchTotal(name, 't')).hrefs).not.toContain(page)
    await rebuildSuggestions(deps())
    expect(await suggest(deps(), name)).not.toContain(name)
    expect(await suggest(deps(), name.slice(0, 5))).not.toContain(name)
    expect(await sitemapLocs('pessoas')).not.toContain(`http://${env.BASE_DOMAIN}${page}`)

    // The document is deleted after the decision, and the trail says so.
    expect(await env.PRIVATE_FILES.get(row.documentKey ?? '')).toBeNull()
    expect((await requestByEmail(email)).documentKey).toBeNull()
    expect((await get(`/revisao/remocoes/${id}/documento`, { headers: { Cookie: cookie } })).status).toBe(404)
    const trail = await trailOf(id)
    expect(trail.map((entry) => entry.action)).toEqual([
      'receber',
      'confirmar',
      'desindexar',
      'apagar_documento',
    ])
    expect(trail[2]).toMatchObject({ reason: 'Pessoa física sem interesse público.' })
    expect(trail[2]?.actorId).not.toBeNull()

    expect(await (await get(status)).text()).toContain('Aceito: páginas retiradas da busca')
    expect(await mailSaying(email, 'Seu pedido foi aceito')).toBeTruthy()
    // Decided once: a second decision is refused.
    expect((await decide(cookie, id, 'recusar', { motivo: 'Tarde demais.' })).status).toBe(404)
  })

  it('de-index of a lawsuit: out of search by party name and by its number, with noindex', async () => {
    const name = `Ciro ${surname()} Paz`
    const { cnj } = await lawyerPerson(name)
    const page = `/processos/${formatCnj(cnj)}`
    expect((await searchTotal(name, 'en')).hrefs).toContain(page)
    const { id } = await confirmedRequest({ paginas: `http://${env.BASE_DOMAIN}${page}` })
    expect((await decide(await reviewer(), id, 'desindexar')).status).toBe(200)
    expect((await searchTotal(name, 'en')).hrefs).not.toContain(page)
    const byNumber = (await (await get(`/api/v2/busca?q=${formatCnj(cnj)}`)).json()) as { lawsuit: unknown }
    expect(byNumber.lawsuit).toBeNull()
    expect(await (await get(page)).text()).toContain('<meta name="robots" content="noindex"/>')
    expect(await sitemapLocs('processos')).not.toContain(`http://${env.BASE_DOMAIN}${page}`)
  })

  it('de-index of a decision and a matéria: out of search and out of the listings that browse them', async () => {
    const word = surname().toLowerCase()
    await upsertDecisions(singleDatabaseCorpus(db()), [
      { ...decisionRecord('rm', word, `Ementa sobre ${word}.`), publishedAt: '2099-01-01' },
    ])
    const [decision] = await db()
      .select()
      .from(decisions)
      .where(eq(decisions.externalId, `rm:${word}`))
    const gazette = { slug: 'diario-oficial-de-remocao', name: 'Diário Oficial de Remoção', uf: 'SP' }
    await upsertGazetteArticles(db(), [
      gazetteArticleRecord('rm', word, `Portaria sobre ${word}.`, '2026-01-05', gazette),
    ])
    const [materia] = await db()
      .select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, `rm-${word}`))
    const decisionPath = `/jurisprudencia/${decision?.id}`
    const materiaPath = `/diarios/materia/${materia?.id}`
    expect((await searchTotal(word, 'jr')).hrefs).toContain(decisionPath)
    expect((await searchTotal(word, 'd')).hrefs).toContain(materiaPath)
    expect(await (await get('/jurisprudencia')).text()).toContain(`href="${decisionPath}"`)
    const edition = `/diarios/${gazette.slug}?data=2026-01-05`
    expect(await (await get(edition)).text()).toContain(`href="${materiaPath}"`)

    const { id } = await confirmedRequest({ paginas: `${decisionPath}\n${materiaPath}` })
    expect((await decide(await reviewer(), id, 'desindexar')).status).toBe(200)
    expect(await searchTotal(word, 'jr')).toEqual({ total: 0, hrefs: [] })
    expect(await searchTotal(word, 'd')).toEqual({ total: 0, hrefs: [] })
    expect(await (await get('/jurisprudencia')).text()).not.toContain(`href="${decisionPath}"`)
    expect(await (await get(edition)).text()).not.toContain(`href="${materiaPath}"`)
    for (const path of [decisionPath, materiaPath]) {
      const html = await (await get(path)).text()
      expect(html).toContain('<meta name="robots" content="noindex"/>')
    }
  })

  it('mask names: the natural persons of the page read as initials, and the requester is told', async () => {
    const name = `Lia ${surname()} Moraes`
    const lawyer = `Davi ${surname()} Couto`
    const cnj = buildCnj(700_000 + Math.floor(Math.random() * 200_000), 2024, 8, 26, 100)
    await upsertLawsuits(db(), [
      {
        cnj,
        court: 'TJSP',
        secrecyLevel: 0,
        source: 'teste',
        subjects: [],
        movements: [],
        parties: [{ pole: 'ativo', name, lawyers: [{ name: lawyer, oabNumber: '654321', oabUf: 'SP' }] }],
      },
    ])
    const person = await personBySlug(name)
    const page = `/processos/${formatCnj(cnj)}`
    const { id, email, status } = await confirmedRequest({ paginas: `${page}\n/pessoas/${person.slug}` })
    expect((await decide(await reviewer(), id, 'mascarar')).status).toBe(200)
    const lawsuit = await (await get(page)).text()
    expect(lawsuit).not.toContain(name)
    expect(lawsuit).toContain(`L. ${name.split(' ')[1]?.[0]}. M.`)
    // Lawyers act in office: their names stay.
    expect(lawsuit).toContain(lawyer)
    const personPage = await (await get(`/pessoas/${person.slug}`)).text()
    expect(personPage).not.toContain(name)
    expect(await (await get(status)).text()).toContain('Aceito: nomes mostrados só com iniciais')
    expect(await mailSaying(email, 'só com iniciais')).toBeTruthy()
    expect((await trailOf(id)).map((entry) => entry.action)).toContain('mascarar')
  })

  it('mask names of a person page alone: the e-mail says the page was removed and links to a page that exists', async () => {
    const { person } = await lawyerPerson(`Iara ${surname()} Lopes`)
    const { id, email } = await confirmedRequest({ paginas: `/pessoas/${person.slug}` })
    expect((await decide(await reviewer(), id, 'mascarar')).status).toBe(200)
    expect((await get(`/pessoas/${person.slug}`)).status).toBe(404)
    const mail = await mailSaying(email, 'retirada do site')
    expect(mail.text).not.toContain(`/pessoas/${person.slug}`)
    expect(mail.html).not.toContain(`/pessoas/${person.slug}`)
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0])
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect((await get(link)).status).toBe(200)
  })

  it('refuse: the reason is required, told to the requester, shown at the status address; the document goes', async () => {
    const { person } = await lawyerPerson(`Ana ${surname()} Brito`)
    const { id, email, status, row } = await confirmedRequest({ paginas: `/pessoas/${person.slug}` })
    const cookie = await reviewer()
    const noReason = await decide(cookie, id, 'recusar', { motivo: ' ' })
    expect(noReason.status).toBe(422)
    expect(await noReason.json()).toMatchObject({
      errors: ['Escreva o motivo da recusa (ao menos 5 caracteres).'],
    })
    const plain = await sessionCookie((await createUser()).id)
    expect((await decide(plain, id, 'recusar', { motivo: 'Não sou revisor.' })).status).toBe(403)
    const refused = await decide(cookie, id, 'recusar', {
      motivo: 'A página mostra só atos de cargo público.',
    })
    expect(refused.status).toBe(200)
    const following = await (await get(status)).text()
    expect(following).toContain('Recusado')
    expect(following).toContain('A página mostra só atos de cargo público.')
    expect(await mailSaying(email, 'Motivo: A página mostra só atos de cargo público.')).toBeTruthy()
    expect(await env.PRIVATE_FILES.get(row.documentKey ?? '')).toBeNull()
    // A refusal changes nothing on the page.
    expect(await (await get(`/pessoas/${person.slug}`)).text()).not.toContain('content="noindex"')
  })

  it('a reviewer cannot decide a request made from their own e-mail address', async () => {
    const { person } = await lawyerPerson(`Edu ${surname()} Neves`)
    const email = `revisor${surname().toLowerCase()}@exemplo.invalid`
    const user = await createUser({ email })
    await grantRole(user.id)
    const { id } = await confirmedRequest({ email, paginas: `/pessoas/${person.slug}` })
    expect((await decide(await sessionCookie(user.id), id, 'desindexar')).status).toBe(403)
  })
})
