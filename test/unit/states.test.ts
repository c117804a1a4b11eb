import { describe, expect, it } from 'vitest'
import { bumpVersions } from '~/domain/cache/versions.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { governmentOf, ofGovernment, ofState, STATES } from '~/domain/reference/states'
import { GAZETTES } from '~/fixtures/corpus/gazettes'
import { UFS } from '~/schemas/ufs'
import { db } from './claims-helpers'
import { deps, gazetteArticleRecord, get } from './helpers'

// Issue 38, item 13: "Estado de Rio de Janeiro". Each unit's preposition is data (decisions/0094).

describe('states named with their preposition', () => {
  it('contracts each of the 27 units as Portuguese does', () => {
    expect(UFS.map((uf) => ofState(uf))).toEqual([
      'do Acre',
      'de Alagoas',
      'do Amapá',
      'do Amazonas',
      'da Bahia',
      'do Ceará',
      'do Distrito Federal',
      'do Espírito Santo',
      'de Goiás',
      'do Maranhão',
      'do Mato Grosso',
      'do Mato Grosso do Sul',
      'de Minas Gerais',
      'do Pará',
      'da Paraíba',
      'do Paraná',
      'de Pernambuco',
      'do Piauí',
      'do Rio de Janeiro',
      'do Rio Grande do Norte',
      'do Rio Grande do Sul',
      'de Rondônia',
      'de Roraima',
      'de Santa Catarina',
      'de São Paulo',
      'de Sergipe',
      'do Tocantins',
    ])
    expect(Object.keys(STATES).sort()).toEqual([...UFS].sort())
  })

  it('calls the Distrito Federal by its name, never a state', () => {
    expect(governmentOf('RJ')).toBe('Estado do Rio de Janeiro')
    expect(governmentOf('BA')).toBe('Estado da Bahia')
    expect(governmentOf('DF')).toBe('Distrito Federal')
    expect(ofGovernment('SP')).toBe('do Estado de São Paulo')
    expect(ofGovernment('DF')).toBe('do Distrito Federal')
  })

  it('names the state gazettes on /cobertura with the right contraction', async () => {
    const defs = GAZETTES.filter((g) => g.slug.startsWith('doe-'))
    expect(defs.map((g) => g.name)).toEqual([
      'Diário Oficial do Estado de São Paulo',
      'Diário Oficial do Estado do Rio de Janeiro',
      'Diário Oficial do Estado de Minas Gerais',
    ])
    const rj = defs.find((g) => g.slug === 'doe-rj')
    if (!rj) throw new Error('doe-rj')
    const gazette = { slug: rj.slug, name: rj.name, uf: rj.uf ?? 'RJ' }
    await upsertGazetteArticles(db(), [
      gazetteArticleRecord('uf', '1', 'Portaria de nomeação.', '2024-01-02', gazette),
    ])
    // What an import run does once it changed anything (decisions/0035): another file sharing
    // this runtime may have left a /cobertura cached from before this gazette existed.
    await bumpVersions(deps().pageVersions, ['corpus'], null)
    const html = await (await get('/cobertura')).text()
    expect(html).toContain('Diário Oficial do Estado do Rio de Janeiro')
    expect(html).not.toMatch(/Estado de (Rio|Bahia|Paraná|Pará|Ceará)/)
  })
})
