import { env } from 'cloudflare:test'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { suggestionNames } from '~/db/schema'
import { companies, decisions, gazetteArticles, lawsuits, statutes } from '~/db/schema-corpus'
import { formatCnj } from '~/domain/corpus/cnj'
import { KIND_NAMES, type Kind } from '~/domain/corpus/kinds'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { resolvePage } from '~/domain/removal/pages.server'
import { db, grantRole, lawyerPerson, surname } from './claims-helpers'
import { createUser, decisionRecord, deps, gazetteArticleRecord, sessionCookie } from './helpers'
import { confirmedRequest, decide } from './removal-helpers'

// The pages a removal request may name (decisions/0066): every kind of the catalogue, its row read
// by the kind's page reader (removal/pages.server.ts) from the address a reader copied.

/** One stored page of each kind: its path and what the request must record of it. */
const PAGE: Record<Kind, () => Promise<{ path: string; refId: number; title: string }>> = {
  pessoa: async () => {
    const { person } = await lawyerPerson(`Iara ${surname()} Lemos`)
    return { path: `/pessoas/${person.slug}`, refId: person.id, title: person.name }
  },
  empresa: async () => {
    const cnpj = `${Date.now()}`.slice(-8).padStart(14, '7')
    const legalName = `Remoção ${surname()} Comércio Ltda.`
    const slug = `remocao-${cnpj}`
    const [row] = await db().insert(companies).values({ cnpj, legalName, slug }).returning()
    return { path: `/empresas/${slug}`, refId: row?.id ?? 0, title: legalName }
  },
  processo: async () => {
    const { cnj } = await lawyerPerson(`Caio ${surname()} Brandão`)
    const [row] = await db().select({ id: lawsuits.id }).from(lawsuits).where(eq(lawsuits.cnj, cnj))
    return { path: `/processos/${formatCnj(cnj)}`, refId: row?.id ?? 0, title: `Processo ${formatCnj(cnj)}` }
  },
  materia: async () => {
    const word = surname().toLowerCase()
    const gazette = { slug: 'diario-oficial-de-paginas', name: 'Diário Oficial de Páginas', uf: 'RJ' }
    await upsertGazetteArticles(db(), [
      gazetteArticleRecord('pg', word, `Aviso ${word}.`, '2026-02-03', gazette),
    ])
    const [row] = await db()
      .select()
      .from(gazetteArticles)
      .where(eq(gazetteArticles.externalId, `pg-${word}`))
    return { path: `/diarios/materia/${row?.id}`, refId: row?.id ?? 0, title: row?.title ?? '' }
  },
  decisao: async () => {
    const word = surname().toLowerCase()
    await upsertDecisions(deps().corpus, [decisionRecord('pg', word, `Ementa ${word}.`)])
    const [row] = await db()
      .select()
      .from(decisions)
      .where(eq(decisions.externalId, `pg:${word}`))
    return {
      path: `/jurisprudencia/${row?.id}`,
      refId: row?.id ?? 0,
      title: `${row?.className ?? 'Decisão'} ${row?.number}`,
    }
  },
  lei: async () => {
    const word = surname().toLowerCase()
    const slug = `lei-${word}-2026`
    const [row] = await db()
      .insert(statutes)
      .values({
        urn: `urn:lex:br:federal:lei:2026;${word}`,
        slug,
        kind: 'lei',
        date: '2026-01-02',
        title: `Lei ${word}`,
        summary: 'Dispõe sobre páginas.',
        sphere: 'federal',
      })
      .returning()
    return { path: `/legislacao/${slug}`, refId: row?.id ?? 0, title: `Lei ${word}` }
  },
}

describe('the pages a removal request may name', () => {
  it("reads every kind's page from its address: its id and its title", async () => {
    for (const kind of KIND_NAMES) {
      const page = await PAGE[kind]()
      expect(page.refId, kind).toBeGreaterThan(0)
      expect(await resolvePage(deps(), page.path), kind).toEqual({ ...page, kind })
    }
  })

  it('names no page for an address that is none, or a secret or unknown lawsuit', async () => {
    const { cnj } = await lawyerPerson(`Rui ${surname()} Sá`, { secrecyLevel: 1 })
    for (const path of [`/processos/${formatCnj(cnj)}`, '/processos/0000000-00.0000.0.00.0000', '/busca'])
      expect(await resolvePage(deps(), path), path).toBeNull()
  })

  it("a de-indexing purges each page's own cache scope and takes its names out of the suggestions", async () => {
    const pages = await Promise.all([PAGE.processo(), PAGE.pessoa(), PAGE.empresa(), PAGE.lei()])
    const key = (path: string) => path.split('/').pop() ?? ''
    const scopes = [
      `processo:${key(pages[0]?.path ?? '').replace(/\D/g, '')}`,
      `pessoa:${key(pages[1]?.path ?? '')}`,
      `empresa:${key(pages[2]?.path ?? '')}`,
    ]
    const names = ['corpus', ...scopes]
    const versions = () => Promise.all(names.map((scope) => env.PAGE_VERSIONS.get(`v:${scope}`)))
    const before = await versions()
    // Their names as suggestions: a de-indexed person's and company's leave the lists.
    const suggested = [
      { source: 'person' as const, entityId: pages[1]?.refId ?? 0 },
      { source: 'company' as const, entityId: pages[2]?.refId ?? 0 },
      { source: 'trade_name' as const, entityId: pages[2]?.refId ?? 0 },
    ]
    await db()
      .insert(suggestionNames)
      .values(suggested.map((row) => ({ ...row, name: 'Nome Sugerido', prefix: 'nom', weight: 1 })))
      .onConflictDoNothing()
    const { id } = await confirmedRequest({ paginas: pages.map((page) => page.path).join('\n') })
    const user = await createUser({ name: `Revisor ${surname()}` })
    await grantRole(user.id)
    expect((await decide(await sessionCookie(user.id), id, 'desindexar')).status).toBe(200)
    const after = await versions()
    const bumped = Object.fromEntries(names.map((name, i) => [name, after[i] !== before[i]]))
    expect(bumped).toEqual(Object.fromEntries(names.map((name) => [name, true])))
    const left = await db()
      .select()
      .from(suggestionNames)
      .where(inArray(suggestionNames.entityId, [pages[1]?.refId ?? 0, pages[2]?.refId ?? 0]))
    expect(
      left.filter((row) => suggested.some((s) => s.source === row.source && s.entityId === row.entityId)),
    ).toEqual([])
  })
})
