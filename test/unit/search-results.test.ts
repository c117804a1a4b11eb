import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions, upsertStatute } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { NO_FILTERS, type SearchFilters } from '~/domain/search/filters'
import { MARK_END, MARK_START } from '~/domain/search/marks'
import { search } from '~/domain/search/search.server'
import { rebuildSpelling } from '~/domain/search/spelling-terms.server'
import type { SearchCategory } from '~/domain/search/types'
import { decisionRecord, deps } from './helpers'

// Each category's result carries what its card shows (ADR 0039: the rows are read in the
// statement that finds the hits, so this is where a wrong join would show).
const TODAY = '2026-11-22'
const results = async (q: string, category: SearchCategory, filters?: SearchFilters, page = 1) =>
  (await search(deps(), { q, category, page, filters, today: TODAY })).sections[0]

const gazette = { slug: 'dom-resultados', name: 'Diário Oficial de Resultados', sphere: 'municipal' as const }
const materia = (externalId: string, date: string, body: string, mentions?: { people: string[] }) => ({
  gazette,
  edition: { date, number: externalId, extra: false },
  section: 'Atos do Executivo',
  externalId,
  kind: 'Portaria',
  organ: null,
  title: `PORTARIA ${externalId}`,
  body,
  page: 1,
  lawsuitCnj: null,
  mentions: mentions ? { ...mentions, companies: [] } : undefined,
})
const lawsuit = (n: number, secrecyLevel: number, names: string[]) => ({
  cnj: buildCnj(n, 2023, 8, 26, 1),
  court: 'TJSP',
  className: 'Procedimento Comum Cível',
  secrecyLevel,
  source: 'teste',
  subjects: [],
  movements: [],
  parties: names.map((name, i) => ({
    pole: i ? ('passivo' as const) : ('ativo' as const),
    name,
    lawyers: [],
  })),
})

describe('search results carry their card', () => {
  it('a person: name, page, and public lawsuits and gazettes where the name appears', async () => {
    const db = deps().db
    const name = 'Quintiliano Barroso Vidal'
    await upsertLawsuits(db, [lawsuit(9101, 0, [name, 'Banco Exemplo S.A.']), lawsuit(9102, 4, [name])])
    await upsertGazetteArticles(db, [materia('res-1', '2025-03-04', `Nomeia ${name}.`, { people: [name] })])
    const section = await results('quintiliano barroso', 'p')
    expect(section?.total).toBe(1)
    expect(section?.results).toEqual([
      {
        kind: 'p',
        id: expect.any(Number),
        title: name,
        href: '/pessoas/quintiliano-barroso-vidal',
        lawsuits: 1, // the secret one is not counted
        gazettes: 1,
      },
    ])
  })

  it('a matéria: gazette, caderno, date and the excerpt, by relevance and newest first', async () => {
    await upsertGazetteArticles(deps().db, [
      materia('res-2', '2025-05-06', 'Exonera o servidor Anacleto Ruivo do cargo.'),
      materia('res-3', '2025-07-08', 'Nomeia Anacleto Ruivo para o cargo de assessor.'),
    ])
    for (const ordem of ['relevancia', 'recentes'] as const) {
      const section = await results('anacleto ruivo', 'd', { ...NO_FILTERS, ordem })
      expect(section?.total).toBe(2)
      const [first] = section?.results ?? []
      if (ordem === 'recentes') expect(first).toMatchObject({ title: 'PORTARIA res-3', date: '2025-07-08' })
      expect(first).toMatchObject({
        kind: 'd',
        href: `/diarios/materia/${first?.id}`,
        gazette: 'Diário Oficial de Resultados',
        section: 'Atos do Executivo',
      })
      expect(first && 'snippet' in first ? first.snippet : '').toContain(`${MARK_START}Anacleto${MARK_END}`)
    }
  })

  it('a party: its lawsuit once, with court, class and every party', async () => {
    const names = ['Florisbela Andrade Quaresma', 'Município de Exemplo', 'Florisbela Andrade Quaresma Filho']
    await upsertLawsuits(deps().db, [lawsuit(9103, 0, names)])
    const section = await results('florisbela quaresma', 'en')
    const cnj = formatCnj(buildCnj(9103, 2023, 8, 26, 1))
    expect(section?.results).toHaveLength(1) // two parties match, one lawsuit
    expect(section?.results[0]).toMatchObject({
      kind: 'en',
      title: `Processo ${cnj}`,
      href: `/processos/${cnj}`,
      court: 'TJSP',
      className: 'Procedimento Comum Cível',
    })
    const shown = section?.results[0]
    expect(shown && 'parties' in shown ? [...shown.parties].sort() : []).toEqual([...names].sort())
  })

  it('parties are paged by lawsuit: 25 lawsuits of one name each fill page 1 and page 2, none lost', async () => {
    // Before, page n read parties from 2×(n−1)×20: lawsuits 21 to 40 were on no page.
    const name = 'Hermenegilda Paginada Quitéria'
    await upsertLawsuits(
      deps().db,
      Array.from({ length: 25 }, (_, i) => lawsuit(9200 + i, 0, [`${name} ${i}`, 'Município de Exemplo'])),
    )
    const first = await results('hermenegilda paginada', 'en', undefined, 1)
    const second = await results('hermenegilda paginada', 'en', undefined, 2)
    expect(first?.results).toHaveLength(20)
    expect(second?.results).toHaveLength(5)
    const ids = [...(first?.results ?? []), ...(second?.results ?? [])].map((r) => r.id)
    expect(new Set(ids).size).toBe(25)
  })

  it('case law: class and number, court, rapporteur, date', async () => {
    await upsertDecisions(singleDatabaseCorpus(deps().db), [
      decisionRecord('res', '7', 'Servidão de passagem por imóvel encravado.'),
    ])
    const section = await results('encravado', 'jr')
    expect(section?.results).toEqual([
      {
        kind: 'jr',
        id: expect.any(Number),
        title: 'Apelação Cível 0000007-00.2020.8.26.0001',
        href: expect.stringMatching(/^\/jurisprudencia\/\d+$/),
        court: 'TJSP',
        className: 'Apelação Cível',
        rapporteur: 'Des. Teste',
        date: '2021-01-01',
        snippet: expect.stringContaining(`${MARK_START}encravado${MARK_END}`),
      },
    ])
  })

  it('legislation: statutes by title, then dispositivos linked by anchor', async () => {
    const statute = (n: number, title: string, text: string) => ({
      urn: `urn:lex:br:federal:lei:2020;${n}`,
      slug: `lei-${n}-2020`,
      kind: 'Lei',
      number: String(n),
      date: '2020-01-01',
      title,
      summary: `Ementa da lei ${n}.`,
      sphere: 'federal' as const,
      provisions: [{ anchor: 'art1', kind: 'artigo' as const, text, depth: 0 }],
    })
    await upsertStatute(deps().db, statute(90001, 'Lei da Zeladoria Urbana', 'Esta lei trata de calçadas.'))
    await upsertStatute(deps().db, statute(90002, 'Lei das Calçadas', 'A zeladoria cabe ao município.'))
    const section = await results('zeladoria', 'leis')
    expect(section?.total).toBe(2)
    expect(section?.results.map((r) => [r.title, r.href])).toEqual([
      ['Lei da Zeladoria Urbana', '/legislacao/lei-90001-2020'],
      ['Lei das Calçadas', '/legislacao/lei-90002-2020#art1'],
    ])
    expect(section?.results[1]).toMatchObject({ summary: 'Ementa da lei 90002.' })
  })

  it('legislation by page number: a de-indexed statute repeats and skips no dispositivo (decisions/0087)', async () => {
    const db = deps().db
    const statute = (n: number, title: string, texts: string[]) => ({
      urn: `urn:lex:br:federal:lei:2021;${n}`,
      slug: `lei-${n}-2021`,
      kind: 'Lei',
      number: String(n),
      date: '2021-01-01',
      title,
      summary: `Ementa da lei ${n}.`,
      sphere: 'federal' as const,
      provisions: texts.map((text, i) => ({
        anchor: `art${i + 1}`,
        kind: 'artigo' as const,
        text,
        depth: 0,
      })),
    })
    // 25 statutes named "Quixeré", then 30 dispositivos of three other laws saying it.
    for (let n = 1; n <= 25; n++)
      await upsertStatute(db, statute(91000 + n, `Lei Quixeré ${n}`, ['Disposições gerais.']))
    for (let n = 1; n <= 3; n++)
      await upsertStatute(
        db,
        statute(
          92000 + n,
          `Norma Ubajara ${n}`,
          Array.from({ length: 10 }, (_, i) => `Artigo ${i + 1} sobre Quixeré.`),
        ),
      )
    const hidden = await db.get<{ id: number }>(sql`SELECT id FROM statutes WHERE slug = 'lei-91003-2021'`)
    await db.run(
      sql`INSERT INTO hidden_pages (kind, ref_id, effect, request_id) VALUES ('lei', ${hidden?.id}, 'desindexar', 1)`,
    )
    const seen: string[] = []
    for (let page = 1; page <= 4; page++)
      seen.push(...((await results('quixere', 'leis', undefined, page))?.results.map((r) => r.href) ?? []))
    expect(seen.length).toBe(new Set(seen).size)
    expect(seen).not.toContain('/legislacao/lei-91003-2021')
    expect(seen.filter((h) => h.includes('#')).length).toBe(30)
    expect(seen.filter((h) => !h.includes('#')).length).toBe(24)
  })

  it('"Tudo" (one batch) shows each category as its own search does', async () => {
    const db = deps().db
    const name = 'Xandoval Pimentel Lobo'
    const company = { cnpj: '11222333000181', legalName: 'Xandoval Comércio de Tintas Ltda' }
    await upsertLawsuits(db, [lawsuit(9104, 0, [name, company.legalName])])
    await upsertGazetteArticles(db, [
      {
        ...materia('res-4', '2025-09-10', `Contrato com ${company.legalName}; fiscal ${name}.`),
        mentions: { people: [name], companies: [company] },
      },
    ])
    await upsertDecisions(singleDatabaseCorpus(db), [
      decisionRecord('res', '8', 'Recurso de Xandoval contra multa ambiental.'),
    ])
    await upsertStatute(db, {
      urn: 'urn:lex:br:federal:lei:2020;90003',
      slug: 'lei-90003-2020',
      kind: 'Lei',
      number: '90003',
      date: '2020-01-01',
      title: 'Lei Xandoval',
      summary: 'Homenagem.',
      sphere: 'federal',
      provisions: [{ anchor: 'art1', kind: 'artigo', text: 'Fica instituído o Dia Xandoval.', depth: 0 }],
    })
    const all = await search(deps(), { q: 'xandoval', category: 't', page: 1, today: TODAY })
    expect(all.sections.map((s) => s.category)).toEqual(['p', 'i', 'd', 'en', 'jr', 'leis'])
    for (const section of all.sections) {
      const alone = await results('xandoval', section.category)
      expect(section.total, section.category).toBeGreaterThan(0)
      expect(section.total, section.category).toBe(alone?.total)
      expect(section.results, section.category).toEqual(alone?.results.slice(0, 3))
    }
  })

  it('a page with nothing: corrects only the misspelt words and counts every other category', async () => {
    const db = deps().db
    await upsertGazetteArticles(db, [
      materia('res-5', '2025-10-11', 'Protecao dos quelonios e tartarugas marinhas.'),
    ])
    await upsertDecisions(singleDatabaseCorpus(db), [
      decisionRecord('res', '9', 'Captura de quelonios em area protegida.'),
    ])
    await upsertStatute(db, {
      urn: 'urn:lex:br:federal:lei:2020;90004',
      slug: 'lei-90004-2020',
      kind: 'Lei',
      number: '90004',
      date: '2020-01-01',
      title: 'Lei dos Quelonios',
      summary: 'Fauna.',
      sphere: 'federal',
      provisions: [{ anchor: 'art1', kind: 'artigo', text: 'Os quelonios sao protegidos.', depth: 0 }],
    })
    await rebuildSpelling(db)
    const typo = await search(deps(), {
      q: '"protecao dos quelonos" tartarugas',
      category: 'd',
      page: 1,
      today: TODAY,
    })
    expect(typo.sections[0]?.total).toBe(0)
    expect(typo.spelling).toBe('"protecao dos quelonios" tartarugas')
    const people = await search(deps(), { q: 'quelonios', category: 'p', page: 1, today: TODAY })
    expect(people.spelling).toBeNull() // the word is known, just not among people
    expect(people.elsewhere).toEqual([
      { category: 'd', total: 1 },
      { category: 'jr', total: 1 },
      { category: 'leis', total: 2 }, // the statute and its dispositivo
    ])
  })
})
