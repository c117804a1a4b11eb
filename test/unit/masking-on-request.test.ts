import { env } from 'cloudflare:test'
import { eq, max } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { gazetteArticles, lawsuits, people } from '~/db/schema-corpus'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { sensitiveCodes, sensitiveListVersions } from '~/db/schema-privacy'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { remaskAll } from '~/domain/corpus/masking/remask.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { initials } from '~/domain/privacy/initials'
import { rebuildSuggestions, suggest } from '~/domain/suggestions/suggestions.server'
import { grantRole } from './claims-helpers'
import { createUser, deps, get, sessionCookie } from './helpers'
import { uniqueWord } from './masking-helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { confirmedRequest, decide } from './removal-helpers'
import { locs } from './sitemap-helpers'

// Issue 30: a reviewer's "mask names" decision (decisions/0066) goes through the stored masking of
// sensitive cases (decisions/0071), so every surface reads initials, like masking-surfaces.test.ts
// shows for the automatic rule. The cases here are NOT sensitive by the list.

const db = () => deps().db
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ')
const free = (text: string, name: string) => !fold(text).includes(fold(name))
/** Indenização por dano moral (civil): on no version of the list. */
const PLAIN = { code: 10433, name: 'Indenização por Dano Moral' }

let serial = 0
type Plain = { cnj: string; plaintiff: string; defendant: string; word: string; articleId: number }

/** An ordinary civil case between two private people, and a DJEN matéria citing it by their names. */
async function plainCase(names: { plaintiff?: string } = {}): Promise<Plain> {
  const word = uniqueWord()
  const plaintiff = names.plaintiff ?? `Genoveva ${word} Falcão Rios`
  const defendant = `Anacleto ${word} Viana Prado`
  serial += 1
  const cnj = buildCnj(300_000 + ((Date.now() + serial * 7) % 99_999), 2025, 8, 26, 200 + (serial % 700))
  await upsertLawsuits(db(), [
    {
      cnj,
      court: 'TJSP',
      classCode: 7,
      className: 'Procedimento Comum Cível',
      secrecyLevel: 0,
      source: 'teste',
      subjects: [PLAIN],
      parties: [
        { pole: 'ativo', name: plaintiff.toUpperCase(), lawyers: [] },
        { pole: 'passivo', name: defendant.toUpperCase(), lawyers: [] },
        { pole: 'outros', name: 'BANCO DO BRASIL S.A.', lawyers: [] },
      ],
      movements: [],
    },
  ])
  const externalId = `pedido-${word}-${serial}`
  await upsertGazetteArticles(db(), [
    {
      gazette: { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' },
      edition: { date: '2026-11-20', number: '', extra: false },
      section: 'TJSP',
      externalId,
      kind: 'Intimação',
      organ: '3ª Vara Cível',
      title: `Intimação – processo ${formatCnj(cnj)}`,
      body: `Processo ${formatCnj(cnj)}. Autor: ${plaintiff.toUpperCase()}. Réu: ${defendant.toUpperCase()}. Fica a parte intimada ${word.toLowerCase()}civel.`,
      page: null,
      lawsuitCnj: cnj,
      mentions: { people: [plaintiff.toUpperCase(), defendant.toUpperCase()], companies: [] },
    },
  ])
  const [article] = await db()
    .select()
    .from(gazetteArticles)
    .where(eq(gazetteArticles.externalId, externalId))
  return { cnj, plaintiff, defendant, word, articleId: article?.id ?? 0 }
}

async function reviewer() {
  const user = await createUser()
  await grantRole(user.id)
  return sessionCookie(user.id)
}

/** A confirmed request for these pages, decided "mask names" by a reviewer. */
async function maskedOnRequest(...paths: string[]) {
  const { id } = await confirmedRequest({ paginas: paths.join('\n') })
  const response = await decide(await reviewer(), id, 'mascarar')
  expect(response.status).toBe(200)
  return id
}

const lawsuitPage = (c: Plain) => `/processos/${formatCnj(c.cnj)}`

describe("a reviewer's mask decision reaches every surface (decisions/0071)", () => {
  it('the open API reads the lawsuit with initials', async () => {
    const c = await plainCase()
    await maskedOnRequest(lawsuitPage(c))
    const { key } = await apiKey()
    const json = await (await apiGet(`/api/v2/processos/${c.cnj}`, key)).text()
    expect(json).toContain(initials(c.plaintiff))
    expect(free(json, c.plaintiff)).toBe(true)
    expect(free(json, c.defendant)).toBe(true)
    expect(json).toContain('BANCO DO BRASIL S.A.')
  })

  it('search: the name finds nothing; excerpts read initials (site and open API)', async () => {
    const c = await plainCase()
    await maskedOnRequest(lawsuitPage(c))
    const byName = await (await get(`/busca?q=${encodeURIComponent(c.plaintiff)}`)).text()
    expect(byName).not.toContain(formatCnj(c.cnj))
    expect(byName).not.toContain(`/pessoas/${slugify(c.plaintiff)}`)
    const byWord = await (await get(`/busca?q=${c.word.toLowerCase()}civel&qo=d`)).text()
    expect(byWord).toContain(initials(c.plaintiff))
    expect(free(byWord.replaceAll(`${c.word.toLowerCase()}civel`, ''), c.plaintiff)).toBe(true)
    const json = await (await get(`/api/v2/busca?q=${c.word.toLowerCase()}civel&qo=d`)).text()
    expect(json).toContain(initials(c.plaintiff))
    expect(free(json.replaceAll(`${c.word.toLowerCase()}civel`, ''), c.plaintiff)).toBe(true)
  })

  it('the matéria citing the case prints initials', async () => {
    const c = await plainCase()
    await maskedOnRequest(lawsuitPage(c))
    const page = await (await get(`/diarios/materia/${c.articleId}`)).text()
    expect(page).toContain(`Autor: ${initials(c.plaintiff)} Réu: ${initials(c.defendant)} Fica`)
    expect(free(page, c.plaintiff)).toBe(true)
  })

  it('person pages, suggestions and sitemaps no longer know the names', async () => {
    const c = await plainCase()
    await maskedOnRequest(lawsuitPage(c))
    expect((await get(`/pessoas/${slugify(c.plaintiff)}`)).status).toBe(404)
    expect(
      await db()
        .select()
        .from(people)
        .where(eq(people.slug, slugify(c.plaintiff))),
    ).toEqual([])
    await rebuildSuggestions(deps())
    for (const name of [c.plaintiff, c.defendant])
      expect(await suggest(deps(), name)).not.toContainEqual(expect.stringMatching(new RegExp(c.word, 'i')))
    const index = await (await get('/sitemap.xml')).text()
    for (const shard of locs(index).filter((url) => url.includes('/sitemaps/pessoas-')))
      expect(await (await get(new URL(shard).pathname)).text()).not.toContain(slugify(c.word))
  })

  it('a person page asked for: every case and matéria of the person reads initials, their pages purged', async () => {
    const first = await plainCase()
    const second = await plainCase({ plaintiff: first.plaintiff })
    const slug = slugify(first.plaintiff)
    expect((await get(`/pessoas/${slug}`)).status).toBe(200)
    const before = await env.PAGE_VERSIONS.get(`v:processo:${second.cnj}`)
    await maskedOnRequest(`/pessoas/${slug}`)
    expect((await get(`/pessoas/${slug}`)).status).toBe(404)
    for (const c of [first, second]) {
      const page = await (await get(lawsuitPage(c))).text()
      expect(page).toContain(initials(first.plaintiff))
      expect(free(page, first.plaintiff)).toBe(true)
      // Only the person asked about: the other party keeps the name.
      expect(page).toContain(c.defendant.toUpperCase())
      const materia = await (await get(`/diarios/materia/${c.articleId}`)).text()
      expect(free(materia, first.plaintiff)).toBe(true)
    }
    const byName = await (await get(`/busca?q=${encodeURIComponent(`"${first.plaintiff}"`)}`)).text()
    expect(byName).not.toContain(formatCnj(second.cnj))
    // The cached copy of a page the person appeared on is not served again.
    expect(await env.PAGE_VERSIONS.get(`v:processo:${second.cnj}`)).not.toBe(before)
  })

  it('monitoring: an alert made before is masked, a new one by number prints initials, the name finds nothing', async () => {
    const c = await plainCase()
    const user = await createUser({ emailConfirmedAt: Date.now() })
    const [byName] = await db()
      .insert(monitorings)
      .values({ userId: user.id, kind: 'nome', term: c.plaintiff, sources: ['djen'] })
      .returning()
    const [hit] = await db()
      .insert(monitoringHits)
      .values({
        monitoringId: byName?.id ?? 0,
        userId: user.id,
        documentKind: 'materia',
        documentId: c.articleId,
        title: 'Nome citado',
        url: `/diarios/materia/${c.articleId}`,
        excerpt: { before: 'Autor: ', match: c.plaintiff.toUpperCase(), after: '. Réu: …' },
        reasons: ['Nome exato'],
        contextKey: `processo:${c.cnj}`,
      })
      .returning()
    await maskedOnRequest(lawsuitPage(c))
    const [old] = await db()
      .select()
      .from(monitoringHits)
      .where(eq(monitoringHits.id, hit?.id ?? 0))
    expect(old?.excerpt?.match).toBe(initials(c.plaintiff))

    const watcher = await createUser({ emailConfirmedAt: Date.now() })
    await db()
      .insert(monitorings)
      .values([
        { userId: watcher.id, kind: 'processo', term: formatCnj(c.cnj), cnj: c.cnj, sources: ['djen'] },
        { userId: watcher.id, kind: 'nome', term: c.defendant, sources: ['djen'] },
      ])
    await db()
      .update(gazetteArticles)
      .set({ importedAt: Date.now() + 1000 })
      .where(eq(gazetteArticles.id, c.articleId))
    await checkWindow(deps(), { from: Date.now() - 60_000, to: Date.now() + 60_000 })
    const hits = await db().select().from(monitoringHits).where(eq(monitoringHits.userId, watcher.id))
    expect(hits.length).toBe(1)
    expect(free(JSON.stringify(hits), c.plaintiff)).toBe(true)
    expect(free(JSON.stringify(hits), c.defendant)).toBe(true)
  })

  it('a later re-mask walk (a changed list) never gives back what a reviewer masked', async () => {
    const c = await plainCase()
    // A person masked in a case that is sensitive now and leaves the list later.
    const familyWord = uniqueWord()
    const other = await plainCase({ plaintiff: `Dorotéia ${familyWord} Lins Matos` })
    await maskedOnRequest(lawsuitPage(c), `/pessoas/${slugify(other.plaintiff)}`)
    await db().insert(sensitiveCodes).values({
      kind: 'assunto',
      code: PLAIN.code,
      name: PLAIN.name,
      root: PLAIN.code,
      basis: 'teste',
      version: 0,
    })
    const [latest] = await db()
      .select({ v: max(sensitiveListVersions.version) })
      .from(sensitiveListVersions)
    await db()
      .insert(sensitiveListVersions)
      .values({ version: (latest?.v ?? 1) + 1, note: 'teste: entra' })
    await remaskAll(deps())
    await db().delete(sensitiveCodes).where(eq(sensitiveCodes.code, PLAIN.code))
    await db()
      .insert(sensitiveListVersions)
      .values({ version: (latest?.v ?? 1) + 2, note: 'teste: sai' })
    await remaskAll(deps())

    const [row] = await db().select().from(lawsuits).where(eq(lawsuits.cnj, c.cnj))
    expect(row?.sensitive).toBe(1)
    const page = await (await get(lawsuitPage(c))).text()
    expect(free(page, c.plaintiff)).toBe(true)
    expect(free(page, c.defendant)).toBe(true)
    const otherPage = await (await get(lawsuitPage(other))).text()
    expect(free(otherPage, other.plaintiff)).toBe(true)
    // The other party of that case was masked only by the list: the list let it go.
    expect(otherPage).toContain(other.defendant.toUpperCase())
    expect((await get(`/pessoas/${slugify(other.plaintiff)}`)).status).toBe(404)
    const materia = await (await get(`/diarios/materia/${c.articleId}`)).text()
    expect(free(materia, c.plaintiff)).toBe(true)
  })

  it('a matéria asked for: every private name it prints, even a list of 120 (more than D1 binds at once)', async () => {
    const word = uniqueWord()
    const names = Array.from(
      { length: 120 },
      (_, i) =>
        `Nome${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))} ${word} Tavares`,
    )
    const externalId = `lista-${word}`
    await upsertGazetteArticles(db(), [
      {
        gazette: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' },
        edition: { date: '2026-11-20', number: '220', extra: false },
        section: 'Seção 2',
        externalId,
        kind: 'Portaria',
        organ: 'Ministério da Educação',
        title: 'PORTARIA Nº 1.234',
        body: `O Ministro de Estado da Educação resolve conceder bolsa aos seguintes: ${names.map((n) => n.toUpperCase()).join(', ')}.`,
        page: 12,
        lawsuitCnj: null,
        mentions: { people: names.map((n) => n.toUpperCase()), companies: [] },
      },
    ])
    const [article] = await db()
      .select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, externalId))
    await maskedOnRequest(`/diarios/materia/${article?.id}`)
    const page = await (await get(`/diarios/materia/${article?.id}`)).text()
    for (const name of names) expect(free(page, name), name).toBe(true)
    expect(page).toContain(initials(names[0] ?? ''))
  })
})
