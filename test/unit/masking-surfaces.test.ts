import { env } from 'cloudflare:test'
import { eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { gazetteArticles, people } from '~/db/schema-corpus'
import { monitoringHits, monitorings, webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { removalRequests } from '~/db/schema-trust'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { getPerson } from '~/domain/corpus/read/entities.server'
import { getLawsuit } from '~/domain/corpus/read/lawsuits.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { readMailbox } from '~/domain/mail/mail.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { initials } from '~/domain/privacy/initials'
import { maskNamesOfPage } from '~/domain/removal/pages.server'
import { rebuildSuggestions, suggest } from '~/domain/suggestions/suggestions.server'
import { runCron } from './cron-helpers'
import { createUser, deps, eventually, get } from './helpers'
import { importMinorMateria, importPlainCaseWithParticles, importSensitiveCase } from './masking-helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { confirmedRequest } from './removal-helpers'
import { locs } from './sitemap-helpers'

// Issue 30, "Sensitive cases masked automatically" (decisions/0064, 0065): one test per surface
// where a name can appear, fed by a sensitive case and a matéria naming a minor.

const db = () => deps().db
const articleOf = async (externalId: string) => {
  const [row] = await db().select().from(gazetteArticles).where(eq(gazetteArticles.externalId, externalId))
  if (!row) throw new Error('matéria not stored')
  return row
}
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ')
/** The name nowhere in the text, whatever its case, accents or spacing. */
const free = (text: string, name: string) => !fold(text).includes(fold(name))

describe('sensitive cases masked on every surface', () => {
  it('the lawsuit page: natural persons as initials, the public body by name, no person page link', async () => {
    const c = await importSensitiveCase()
    const html = await (await get(`/processos/${formatCnj(c.cnj)}`)).text()
    expect(html).toContain(`<li>${initials(c.mother)}</li>`)
    expect(html).toContain(`<li>${initials(c.father)}</li>`)
    expect(html).toContain('MINISTÉRIO PÚBLICO DO ESTADO DE SÃO PAULO')
    expect(free(html, c.mother)).toBe(true)
    expect(free(html, c.father)).toBe(true)
    expect(html).not.toContain(`/pessoas/${slugify(c.mother)}`)
  })

  it('the domain read path (the open API reads it): parties masked even before the re-mask reached them', async () => {
    const c = await importSensitiveCase()
    const found = await getLawsuit(deps(), c.cnj)
    const names = Object.values(found?.parties ?? {}).flatMap((list) => list.map((p) => p.name))
    expect(names).toEqual(expect.arrayContaining([initials(c.mother), initials(c.father)]))
    expect(JSON.stringify(found)).not.toContain(c.word.toUpperCase())
  })

  it('search: the name finds neither the case nor a person; excerpts and titles read initials', async () => {
    const c = await importSensitiveCase()
    const byName = await (await get(`/busca?q=${encodeURIComponent(c.mother)}`)).text()
    expect(byName).not.toContain(formatCnj(c.cnj))
    expect(byName).not.toContain(`/pessoas/${slugify(c.mother)}`)
    const byWord = await (await get(`/busca?q=${c.word.toLowerCase()}vara&qo=d`)).text()
    expect(byWord).toContain(initials(c.mother))
    expect(free(byWord.replaceAll(`${c.word.toLowerCase()}vara`, ''), c.mother)).toBe(true)
  })

  it('the open API (/api/v2/busca): no name in the JSON, initials in the excerpt', async () => {
    const c = await importSensitiveCase()
    const json = await (await get(`/api/v2/busca?q=${c.word.toLowerCase()}vara&qo=d`)).text()
    expect(json).toContain(initials(c.mother))
    expect(free(json.replaceAll(`${c.word.toLowerCase()}vara`, ''), c.mother)).toBe(true)
    const byName = await (await get(`/api/v2/busca?q=${encodeURIComponent(c.father)}&qo=p`)).text()
    expect(byName).not.toContain(c.cnj)
    expect(byName).not.toContain(formatCnj(c.cnj))
  })

  it('the gazette matéria citing the case, and a matéria naming a minor in a protective measure', async () => {
    const c = await importSensitiveCase()
    const article = await articleOf(c.articleExternalId)
    const page = await (await get(`/diarios/materia/${article.id}`)).text()
    expect(page).toContain(`Requerente: ${initials(c.mother)} Requerido: ${initials(c.father)} Fica`)
    expect(page).not.toContain(`${initials(c.mother)}..`)
    expect(free(page, c.mother)).toBe(true)
    const minor = await importMinorMateria()
    const minorRow = await articleOf(minor.externalId)
    const minorPage = await (await get(`/diarios/materia/${minorRow.id}`)).text()
    expect(minorPage).toContain(`criança ${initials(minor.child)}`)
    expect(free(minorPage, minor.child)).toBe(true)
    // The judge acts as a public official: her name stays.
    expect(minorPage).toContain('Ana Paula Moreira')
  })

  it('person pages: a masked case creates none and feeds none', async () => {
    const c = await importSensitiveCase()
    expect(
      await db()
        .select()
        .from(people)
        .where(like(people.slug, `%${slugify(c.word)}%`)),
    ).toEqual([])
    expect((await get(`/pessoas/${slugify(c.mother)}`)).status).toBe(404)
    // Someone with a public case too: their page lists that one, never the sensitive one.
    const both = await importSensitiveCase()
    const open = buildCnj(400_000 + (Date.now() % 99_999), 2024, 8, 26, 100)
    await upsertLawsuits(db(), [
      {
        cnj: open,
        court: 'TJSP',
        classCode: 7,
        secrecyLevel: 0,
        source: 'teste',
        subjects: [{ code: 7780, name: 'Indenização por Dano Moral' }],
        parties: [{ pole: 'ativo', name: both.mother.toUpperCase(), lawyers: [] }],
        movements: [],
      },
    ])
    const personPage = await (await get(`/pessoas/${slugify(both.mother)}`)).text()
    expect(personPage).toContain(formatCnj(open))
    expect(personPage).not.toContain(formatCnj(both.cnj))
  })

  it('suggestions: the names are never suggested', async () => {
    const c = await importSensitiveCase()
    const minor = await importMinorMateria()
    await rebuildSuggestions(deps())
    for (const name of [c.mother, c.father, minor.child]) {
      const words = name.split(' ')
      for (const typed of [`${words[0]} ${words[1]}`, name])
        expect(await suggest(deps(), typed)).not.toContainEqual(
          expect.stringMatching(new RegExp(words[1] ?? '', 'i')),
        )
    }
  })

  it('sitemaps: no person page of the case is listed', async () => {
    const c = await importSensitiveCase()
    const index = await (await get('/sitemap.xml')).text()
    const shards = locs(index).filter((url) => url.includes('/sitemaps/pessoas-'))
    for (const shard of shards) {
      const xml = await (await get(new URL(shard).pathname)).text()
      expect(xml).not.toContain(slugify(c.word))
    }
    const materias = locs(index).filter((url) => url.includes('/sitemaps/materias-'))
    expect(materias.length).toBeGreaterThan(0)
  })

  describe('monitoring of the case', () => {
    async function watched() {
      const user = await createUser({ emailConfirmedAt: Date.now() })
      const c = await importSensitiveCase()
      // Monitorings alert on what enters the corpus after them: import again, changed.
      const [byNumber] = await db()
        .insert(monitorings)
        .values({
          userId: user.id,
          kind: 'processo',
          term: formatCnj(c.cnj),
          cnj: c.cnj,
          sources: ['diarios', 'djen', 'processos'],
        })
        .returning()
      const [byName] = await db()
        .insert(monitorings)
        .values({ userId: user.id, kind: 'nome', term: c.mother, sources: ['diarios', 'djen', 'processos'] })
        .returning()
      await db()
        .insert(webhooks)
        .values({ userId: user.id, url: `https://ganchos.exemplo.com.br/${c.word}`, secret: 's' })
      await db()
        .update(gazetteArticles)
        .set({ importedAt: Date.now() + 1000 })
        .where(eq(gazetteArticles.externalId, c.articleExternalId))
      await checkWindow(deps(), { from: Date.now() - 60_000, to: Date.now() + 60_000 })
      return { user, c, byNumber, byName }
    }

    it('monitoring hits: the number finds the matéria with initials, the name finds nothing', async () => {
      const { user, c, byName } = await watched()
      const hits = await db().select().from(monitoringHits).where(eq(monitoringHits.userId, user.id))
      expect(hits.length).toBeGreaterThan(0)
      expect(hits.some((h) => h.monitoringId === byName?.id)).toBe(false)
      expect(free(JSON.stringify(hits), c.mother)).toBe(true)
      expect(JSON.stringify(hits)).toContain(initials(c.mother))
    })

    it('notifications: the inbox row names no one', async () => {
      const { user, c } = await watched()
      const rows = await eventually(async () => {
        const found = await db().select().from(notifications).where(eq(notifications.userId, user.id))
        return found.length ? found : null
      })
      expect(free(JSON.stringify(rows), c.mother)).toBe(true)
      expect(free(JSON.stringify(rows), c.father)).toBe(true)
    })

    it('webhooks: the payload carries initials', async () => {
      const { user, c } = await watched()
      const rows = await eventually(async () => {
        const found = await db().select().from(webhookOutbox).where(eq(webhookOutbox.userId, user.id))
        return found.length ? found : null
      })
      const bodies = rows.map((r) => r.body).join('\n')
      expect(bodies).toContain(initials(c.mother))
      expect(free(bodies, c.mother)).toBe(true)
    })

    it('e-mails: the alert names no one', async () => {
      const { user, c } = await watched()
      // Every alert's e-mail, not only the first to arrive: one per notification.
      const mails = await eventually(async () => {
        const sent = await db().select().from(notifications).where(eq(notifications.userId, user.id))
        const found = await readMailbox(env.SESSIONS, user.email)
        return sent.length && found.length >= sent.length && sent.every((n) => n.emailedAt) ? found : null
      })
      const text = JSON.stringify(mails)
      expect(text).toContain(formatCnj(c.cnj))
      expect(free(text, c.mother)).toBe(true)
      expect(free(text, c.father)).toBe(true)
    })
  })
})

/** The party names a lawsuit page shows, in the page's order (poles ativo, passivo, outros). */
function pageParties(html: string): string[] {
  const section = html.slice(
    html.indexOf('aria-labelledby="partes"'),
    html.indexOf('</section>', html.indexOf('aria-labelledby="partes"')),
  )
  return [...section.matchAll(/<li>(?:<a href="[^"]*">)?([^<]+)/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&'),
  )
}

/**
 * Every surface of one lawsuit, read as a visitor and as a client of the open API: the lawsuit
 * page and `/api/v2/processos/…` list the same parties, the masked ones as their one `initials`,
 * none by name; the person pages in `gone` are not found by the page or `/api/v2/pessoas/…`, and
 * neither search (page and API) nor the sitemaps list them.
 */
async function sameOnEverySurface(cnj: string, masked: string[], kept: string[], gone: string[]) {
  const { key } = await apiKey()
  const html = await (await get(`/processos/${formatCnj(cnj)}`)).text()
  const api = (await (await apiGet(`/api/v2/processos/${cnj}`, key)).json()) as {
    parties: { name: string }[]
  }
  const shown = pageParties(html)
  expect(shown).toEqual(api.parties.map((party) => party.name))
  expect(shown).toEqual(expect.arrayContaining([...masked.map(initials), ...kept]))
  for (const name of masked) {
    // The name's own word (each fixture's is unique): in no form, however escaped or spelled.
    const word = name.split(' ')[1] ?? name
    expect(free(html, word), `page names ${name}`).toBe(true)
    expect(free(JSON.stringify(api), word), `API names ${name}`).toBe(true)
  }
  const index = await (await get('/sitemap.xml')).text()
  const sitemaps = await Promise.all(
    locs(index)
      .filter((url) => url.includes('/sitemaps/pessoas-'))
      .map(async (url) => (await get(new URL(url).pathname)).text()),
  )
  for (const slug of gone) {
    expect((await get(`/pessoas/${slug}`)).status, slug).toBe(404)
    expect((await apiGet(`/api/v2/pessoas/${slug}`, key)).status, slug).toBe(404)
    expect(html).not.toContain(`/pessoas/${slug}`)
    for (const xml of sitemaps) expect(xml).not.toContain(`/pessoas/${slug}<`)
  }
  for (const name of masked) {
    const page = await (await get(`/busca?q=${encodeURIComponent(name)}`)).text()
    const json = await (await apiGet(`/api/v2/busca?q=${encodeURIComponent(name)}&categoria=p`, key)).text()
    for (const slug of gone) {
      expect(page, 'search page').not.toContain(`/pessoas/${slug}`)
      expect(json, 'search API').not.toContain(`/pessoas/${slug}`)
    }
  }
}

describe('one masking rule, read alike by the pages and the open API (decisions/0097)', () => {
  it('a sensitive case: page, API, search and sitemaps show the same initials', async () => {
    const c = await importSensitiveCase()
    await sameOnEverySurface(
      c.cnj,
      [c.mother, c.father],
      ['MINISTÉRIO PÚBLICO DO ESTADO DE SÃO PAULO'],
      [slugify(c.mother), slugify(c.father)],
    )
  })

  it('a reviewer\'s "mascarar": the same before its stored masking is done and after', async () => {
    const c = await importPlainCaseWithParticles()
    const [plaintiff, defendant] = [slugify(c.plaintiff), slugify(c.defendant)]
    expect(await getPerson(deps(), defendant)).not.toBeNull()
    const { id, row } = await confirmedRequest({
      paginas: `/processos/${formatCnj(c.cnj)}\n/pessoas/${defendant}`,
    })
    // The state a decision leaves when its stored masking failed: decided, masking owed.
    await deps().db.batch([
      deps()
        .db.update(removalRequests)
        .set({ status: 'mascarada', decidedAt: Date.now() })
        .where(eq(removalRequests.id, id)),
      ...row.pages.map((page) => maskNamesOfPage(deps().db, page, id)),
    ])
    await sameOnEverySurface(c.cnj, [c.plaintiff, c.defendant], ['BANCO DO BRASIL S.A.'], [defendant])

    await runCron()
    const [done] = await db().select().from(removalRequests).where(eq(removalRequests.id, id))
    expect(done?.maskedAt).toBeTypeOf('number')
    await sameOnEverySurface(
      c.cnj,
      [c.plaintiff, c.defendant],
      ['BANCO DO BRASIL S.A.'],
      [defendant, plaintiff],
    )
  })
})
