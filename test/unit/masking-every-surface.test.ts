import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, searchTerms } from '~/db/schema'
import { gazetteArticles } from '~/db/schema-corpus'
import { monitoringHits, monitorings, webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { importDjen } from '~/domain/corpus/import/formats/djen'
import { purgeImported } from '~/domain/corpus/import/purge.server'
import { slugify } from '~/domain/corpus/import/text'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { type LawsuitRecord, upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { readMailbox } from '~/domain/mail/mail.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { recordSearch } from '~/domain/suggestions/popular.server'
import { rebuildSuggestions } from '~/domain/suggestions/suggestions.server'
import { grantRole } from './claims-helpers'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { uniqueWord } from './masking-helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { confirmedRequest, decide } from './removal-helpers'
import { locs } from './sitemap-helpers'

// Issue 38 A and B (decisions/0089): a name masked in one store must not stay readable in
// another. A person is masked each way (the automatic rule, the minors rule, a reviewer's
// decision) after being searched often enough to be a popular term, suggested, monitored and
// alerted on; then every surface is read: pages, search, suggestions and popular terms (at once
// and after the cron's rebuild), sitemaps, monitoring hits, notifications, e-mails, webhooks and
// the open API.

const db = () => deps().db
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ')
const free = (text: string, name: string) => !fold(text).includes(fold(name))
const DJEN = { slug: 'djen', name: 'Diário de Justiça Eletrônico Nacional', sphere: 'judiciario' } as const

let serial = 0
type Person = { name: string; word: string; slug: string; cnj: string; author: string }

/**
 * An ordinary civil case (public) whose defendant is "<unique word> Antônio Rocha", with a DJEN
 * matéria naming both parties: the defendant gets a person page, search finds him.
 */
async function publicCase(): Promise<Person & { record: LawsuitRecord }> {
  const word = uniqueWord()
  const name = `${word} Antônio Rocha`
  const author = `Leocádia ${uniqueWord()} Pires`
  serial += 1
  const cnj = buildCnj(820_000 + ((Date.now() + serial * 13) % 99_999), 2025, 8, 19, 300 + (serial % 600))
  const record: LawsuitRecord = {
    cnj,
    court: 'TJRJ',
    classCode: 7,
    className: 'Procedimento Comum Cível',
    secrecyLevel: 0,
    source: 'teste',
    subjects: [{ code: 10433, name: 'Indenização por Dano Moral' }],
    parties: [
      { pole: 'ativo', name: author.toUpperCase(), lawyers: [] },
      { pole: 'passivo', name: name.toUpperCase(), lawyers: [] },
    ],
    movements: [],
  }
  await upsertLawsuits(deps(), [record])
  await upsertGazetteArticles(deps(), [matéria(cnj, `antes-${word}`, name, author)])
  return { name, word, slug: slugify(name), cnj, author, record }
}

function matéria(cnj: string, externalId: string, name: string, author: string): GazetteArticleRecord {
  return {
    gazette: DJEN,
    edition: { date: '2026-11-21', number: '', extra: false },
    section: 'TJRJ',
    externalId,
    kind: 'Intimação',
    organ: '5ª Vara Cível',
    title: `Intimação – processo ${formatCnj(cnj)}`,
    body: `Processo ${formatCnj(cnj)}. AUTOR: ${author.toUpperCase()}. RÉU: ${name.toUpperCase()}. Ficam as partes intimadas da audiência.`,
    page: null,
    lawsuitCnj: cnj,
    mentions: { people: [author.toUpperCase(), name.toUpperCase()], companies: [] },
  }
}

/** What was built from the name before masking: a popular term, suggestions, an alert. */
async function known(p: Person) {
  // Searched a few times by different people: counted by the site's own path.
  for (let i = 0; i < 3; i++) expect((await get(`/busca?q=${encodeURIComponent(p.name)}`)).status).toBe(200)
  await eventually(async () => {
    const [row] = await db()
      .select()
      .from(searchTerms)
      .where(eq(searchTerms.term, fold(p.name)))
    return (row?.count ?? 0) >= 3
  })
  await rebuildSuggestions(deps())
  expect(fold(JSON.stringify(await suggestions(p.word.slice(0, 4))))).toContain(fold(p.word))
  expect(fold(JSON.stringify(await suggestions(`${p.word} anto`)))).toContain(fold(p.word))
  // Someone monitors the case by number, with a webhook; a matéria arrives and alerts them.
  const user = await createUser({ emailConfirmedAt: Date.now() })
  await db()
    .insert(monitorings)
    .values({ userId: user.id, kind: 'processo', term: formatCnj(p.cnj), cnj: p.cnj, sources: ['djen'] })
  await db()
    .insert(webhooks)
    .values({ userId: user.id, url: `https://ganchos.exemplo.com.br/${p.word}`, secret: 's' })
  await db()
    .update(gazetteArticles)
    .set({ importedAt: Date.now() + 1000 })
    .where(eq(gazetteArticles.externalId, `antes-${p.word}`))
  await checkWindow(deps(), { from: Date.now() - 60_000, to: Date.now() + 60_000 })
  return user
}

/** An import run, and the edge-cache purge the import command does after it (scripts/import.ts). */
async function importRun(run: () => Promise<unknown>) {
  const started = Date.now() - 1000
  await run()
  await purgeImported(deps().corpus, env.PAGE_VERSIONS, started)
}

const suggestions = async (termo: string) =>
  (await (await postJson('/api/v2/busca/sugestoes', { termo })).json()) as unknown

/** Every prefix a person types the name by: the KV lists (3–5 characters) and the D1 lookup. */
const typings = (p: Person) => [
  p.word.slice(0, 3),
  p.word.slice(0, 4),
  p.word.slice(0, 5),
  p.word,
  `${p.word} antonio`,
  p.name,
]

async function suggestsNothing(p: Person) {
  for (const typed of typings(p)) {
    const answer = JSON.stringify(await suggestions(typed))
    expect(free(answer, p.word), `"${typed}" suggests ${answer}`).toBe(true)
  }
  const terms = await db().select().from(searchTerms)
  expect(terms.filter((t) => t.term.includes(fold(p.word)))).toEqual([])
}

/** Every surface a visitor, a client of the API or a watcher reads. */
async function everySurfaceForgets(p: Person, watcher: { id: number; email: string }) {
  expect((await get(`/pessoas/${p.slug}`)).status).toBe(404)
  const lawsuitPage = await (await get(`/processos/${formatCnj(p.cnj)}`)).text()
  expect(free(lawsuitPage, p.name)).toBe(true)
  expect(lawsuitPage, 'lawsuit page').not.toContain(`/pessoas/${p.slug}`)
  const search = await (await get(`/busca?q=${encodeURIComponent(p.name)}`)).text()
  expect(search, 'search page').not.toContain(`/pessoas/${p.slug}`)
  expect(search).not.toContain(formatCnj(p.cnj))
  const { key } = await apiKey()
  expect((await apiGet(`/api/v2/pessoas/${p.slug}`, key)).status).toBe(404)
  expect(free(await (await apiGet(`/api/v2/processos/${p.cnj}`, key)).text(), p.name)).toBe(true)
  const index = await (await get('/sitemap.xml')).text()
  for (const shard of locs(index).filter((url) => url.includes('/sitemaps/pessoas-')))
    expect(await (await get(new URL(shard).pathname)).text()).not.toContain(p.slug)

  // Suggestions and popular terms: at once, after more searches and after the cron's rebuild.
  await suggestsNothing(p)
  for (let i = 0; i < 3; i++) await recordSearch(deps(), p.name, 1)
  await rebuildSuggestions(deps())
  await suggestsNothing(p)

  // What was made from the documents before (masked with them), and a new matéria printing the
  // name in full, with the alert, e-mail and webhook made from it.
  const before = new Set((await mailsOnceSent(watcher, 1)).map((mail) => JSON.stringify(mail)))
  await upsertGazetteArticles(deps(), [matéria(p.cnj, `depois-${p.word}`, p.name, p.author)])
  const [after] = await db()
    .select()
    .from(gazetteArticles)
    .where(eq(gazetteArticles.externalId, `depois-${p.word}`))
  expect(after?.body).toContain('RÉU:')
  expect(free(JSON.stringify(after), p.name)).toBe(true)
  await db()
    .update(gazetteArticles)
    .set({ importedAt: Date.now() + 2000 })
    .where(eq(gazetteArticles.externalId, `depois-${p.word}`))
  await checkWindow(deps(), { from: Date.now() - 60_000, to: Date.now() + 60_000 })
  const hits = await db().select().from(monitoringHits).where(eq(monitoringHits.userId, watcher.id))
  expect(hits.length).toBeGreaterThanOrEqual(2)
  expect(free(JSON.stringify(hits), p.name)).toBe(true)
  const outbox = await eventually(async () => {
    const rows = await db().select().from(webhookOutbox).where(eq(webhookOutbox.userId, watcher.id))
    return rows.length >= 2 ? rows : null
  })
  expect(free(JSON.stringify(outbox.filter((w) => w.state !== 'entregue')), p.name)).toBe(true)
  const mails = await mailsOnceSent(watcher, 2)
  const inbox = await db().select().from(notifications).where(eq(notifications.userId, watcher.id))
  expect(free(JSON.stringify(inbox), p.name)).toBe(true)
  // The e-mail sent before the masking cannot be recalled (decisions/0064); the one after names no one.
  const fresh = mails.filter((mail) => !before.has(JSON.stringify(mail)))
  expect(fresh.length).toBeGreaterThan(0)
  expect(free(JSON.stringify(fresh), p.name)).toBe(true)
}

/** The watcher's e-mails once `n` notifications went out. */
async function mailsOnceSent(watcher: { id: number; email: string }, n: number) {
  return eventually(async () => {
    const sent = await db().select().from(notifications).where(eq(notifications.userId, watcher.id))
    const found = await readMailbox(env.SESSIONS, watcher.email)
    return sent.length >= n && sent.every((row) => row.emailedAt) && found.length >= n ? found : null
  })
}

describe('a masked person is forgotten by every surface (decisions/0089)', () => {
  it("by a reviewer's decision on the person page", async () => {
    const p = await publicCase()
    const watcher = await known(p)
    const reviewer = await createUser()
    await grantRole(reviewer.id)
    const { id } = await confirmedRequest({ paginas: `/pessoas/${p.slug}` })
    expect((await decide(await sessionCookie(reviewer.id), id, 'mascarar')).status).toBe(200)
    await everySurfaceForgets(p, watcher)
  })

  it('by the automatic rule: a stored case turns out to be a family case', async () => {
    const p = await publicCase()
    const watcher = await known(p)
    await importRun(() =>
      upsertLawsuits(deps(), [
        { ...p.record, source: 'datajud', subjects: [{ code: 5802, name: 'Guarda' }] },
      ]),
    )
    await everySurfaceForgets(p, watcher)
  })

  it('by the minors rule: a DJEN item names a child of the defendant, the case follows the matéria', async () => {
    const p = await publicCase()
    const watcher = await known(p)
    const child = `JULIA ${uniqueWord().toUpperCase()} ROCHA`
    const item = {
      id: `8${Date.now()}${serial}`,
      data_disponibilizacao: '2026-11-22',
      siglaTribunal: 'TJRJ',
      tipoComunicacao: 'Intimação',
      nomeOrgao: '5ª Vara Cível',
      texto: `PROCESSO ${formatCnj(p.cnj)}\nAUTOR: ${p.author.toUpperCase()}\nRÉU: ${p.name.toUpperCase()}, representando a menor ${child}, de 10 anos. Intimem-se.`,
      numero_processo: p.cnj,
      nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
      codigoClasse: 7,
      numeroprocessocommascara: formatCnj(p.cnj),
      ativo: true,
      destinatarios: [
        { polo: 'A', nome: p.author.toUpperCase(), comunicacao_id: 1 },
        { polo: 'P', nome: p.name.toUpperCase(), comunicacao_id: 1 },
      ],
      destinatarioadvogados: [],
    }
    await importRun(() =>
      importDjen(deps(), [
        { name: 'menor.json', content: JSON.stringify({ status: 'success', count: 1, items: [item] }) },
      ]),
    )
    const page = await (await get(`/processos/${formatCnj(p.cnj)}`)).text()
    expect(free(page, child)).toBe(true)
    expect(free(page, p.author)).toBe(true)
    await everySurfaceForgets(p, watcher)
  })

  it('by the minors rule, the matéria first: a case imported after it is stored sensitive', async () => {
    const word = uniqueWord()
    const parent = `${word} Antônio Rocha`
    const child = `JULIA ${word.toUpperCase()} SANTOS`
    serial += 1
    const cnj = buildCnj(880_000 + ((Date.now() + serial) % 99_999), 2025, 8, 19, 1)
    const item = {
      id: `7${Date.now()}${serial}`,
      data_disponibilizacao: '2026-11-22',
      siglaTribunal: 'TJRJ',
      tipoComunicacao: 'Intimação',
      nomeOrgao: '5ª Vara Cível',
      texto: `PROCESSO ${formatCnj(cnj)}\nRÉU: ${parent.toUpperCase()}, representando a menor ${child}, de 10 anos.`,
      numero_processo: cnj,
      nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
      codigoClasse: 7,
      numeroprocessocommascara: formatCnj(cnj),
      ativo: true,
      destinatarios: [{ polo: 'P', nome: parent.toUpperCase(), comunicacao_id: 1 }],
      destinatarioadvogados: [],
    }
    await importDjen(deps(), [
      { name: 'menor.json', content: JSON.stringify({ status: 'success', count: 1, items: [item] }) },
    ])
    const page = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    expect(page).toContain('Polo passivo')
    expect(free(page, parent)).toBe(true)
    expect((await get(`/pessoas/${slugify(parent)}`)).status).toBe(404)
    const { key } = await apiKey()
    expect((await apiGet(`/api/v2/pessoas/${slugify(parent)}`, key)).status).toBe(404)
    await rebuildSuggestions(deps())
    expect(free(JSON.stringify(await suggestions(`${word} antonio`)), word)).toBe(true)
  })
})
