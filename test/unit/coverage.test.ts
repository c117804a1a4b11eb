import { describe, expect, it } from 'vitest'
import { bumpVersions } from '~/domain/cache/versions.server'
import { buildCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { db } from './claims-helpers'
import { decisionRecord, deps, gazetteArticleRecord, get } from './helpers'

// Issue 30, "What is covered" (decisions/0067): /cobertura is computed from the corpus itself.

/** The text of one source's card on /cobertura. */
function card(html: string, key: string): string {
  const start = html.indexOf(`data-source="${key}"`)
  if (start < 0) return ''
  return html
    .slice(start, html.indexOf('</li>', start))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
}

describe('/cobertura (decisions/0067)', () => {
  it('lists each source with its first and last dates, UFs, count and last update, from the data', async () => {
    const gazette = { slug: 'diario-oficial-de-boa-vista', name: 'Diário Oficial de Boa Vista', uf: 'RR' }
    await upsertGazetteArticles(db(), [
      gazetteArticleRecord('cob', '1', 'Portaria de nomeação.', '2021-03-04', gazette),
      gazetteArticleRecord('cob', '2', 'Portaria de exoneração.', '2024-11-19', gazette),
      gazetteArticleRecord('cob', '3', 'Edital de licitação.', '2023-01-02', gazette),
    ])
    const cnj = (n: number) => buildCnj(n, 2020, 8, 23, 10)
    const lawsuit = (n: number, filedAt: string, secrecyLevel = 0) => ({
      cnj: cnj(n),
      court: 'TJRR',
      filedAt,
      secrecyLevel,
      source: 'datajud',
      subjects: [],
      parties: [],
      movements: [],
    })
    await upsertLawsuits(db(), [
      lawsuit(4101, '2019-05-06T10:00:00'),
      lawsuit(4102, '2022-08-09T00:00:00'),
      // A secret lawsuit is not searchable: neither counted nor dating the court's coverage.
      lawsuit(4103, '2025-01-01T00:00:00', 1),
    ])
    await upsertDecisions(singleDatabaseCorpus(db()), [
      { ...decisionRecord('cob', '1', 'Ementa um.'), court: 'STJ', publishedAt: '2018-02-03' },
      { ...decisionRecord('cob', '2', 'Ementa dois.'), court: 'STJ', publishedAt: '2020-12-31' },
    ])
    // What an import run does once it changed anything (decisions/0035): a file sharing this
    // runtime may have left the page cached before these rows existed.
    await bumpVersions(deps().pageVersions, ['corpus'], null)

    const response = await get('/cobertura')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('O que a busca cobre')
    const boaVista = card(html, gazette.slug)
    expect(boaVista).toContain('Diário Oficial de Boa Vista')
    expect(boaVista).toContain('04/03/2021 – 19/11/2024')
    expect(boaVista).toContain('UFs RR')
    expect(boaVista).toContain('Documentos 3')
    expect(boaVista).toMatch(/Atualizado em \d{2}\/\d{2}\/\d{4}/)
    const court = card(html, 'TJRR')
    expect(court).toContain('Processos: TJRR')
    expect(court).toContain('06/05/2019 – 09/08/2022')
    expect(court).toContain('Documentos 2')
    expect(court).toContain('UFs RR')
    const stj = card(html, 'STJ')
    expect(stj).toContain('Jurisprudência: STJ')
    expect(stj).toContain('03/02/2018 – 31/12/2020')
    expect(stj).toContain('UFs Nacional')
  })

  it('is linked from the footer and from every empty-results page', async () => {
    const home = await (await get('/')).text()
    const footer = home.slice(home.indexOf('<footer'), home.indexOf('</footer>'))
    expect(footer).toMatch(/href="http:\/\/[^"]+\/cobertura"/)
    const nothing = await (await get('/busca?q=zzqxjvwk')).text()
    expect(nothing).toContain('Nenhum resultado para')
    expect(nothing).toContain('href="/cobertura"')
    const legislation = await (await get('/legislacao/busca?q=zzqxjvwk')).text()
    expect(legislation).toContain('href="/cobertura"')
  })

  it('is cached for visitors and recomputed after an import purges the corpus pages', async () => {
    const first = await get('/cobertura')
    expect(first.headers.get('cache-control') ?? '').not.toContain('no-store')
    await upsertGazetteArticles(db(), [
      gazetteArticleRecord('cob2', '1', 'Aviso.', '2025-06-07', {
        slug: 'diario-oficial-de-caracarai',
        name: 'Diário Oficial de Caracaraí',
        uf: 'RR',
      }),
    ])
    // What an import run does once it changed anything (decisions/0035).
    await bumpVersions(deps().pageVersions, ['corpus'], null)
    const html = await (await get('/cobertura')).text()
    expect(card(html, 'diario-oficial-de-caracarai')).toContain('07/06/2025 – 07/06/2025')
  })
})
