import { env } from 'cloudflare:test'
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
import { createUser, decisionRecord, deps, gazetteArticleRecord, get, sessionCookie } from './helpers'
import {
  confirmedRequest,
  decide,
  mailSaying,
  requestByEmail,
  reviewer,
  searchTotal,
  sitemapLocs,
  trailOf,
} from './removal-helpers'

// Issue 30 (decisions/0066): what each decision on a removal request does: de-index a page, mask
// the names, refuse with a reason; and a reviewer never decides their own request.

describe('a removal request decided (issue 30, decisions/0066)', () => {
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
