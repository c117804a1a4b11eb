import { describe, expect, it } from 'vitest'
import { CATEGORY_KIND, FAMILY, type Family, KIND_NAMES, KINDS } from '~/domain/corpus/kinds'
import { REMASK_PHASES } from '~/domain/corpus/masking/remask.server'
import { LOCAL_SPREAD, placementOf } from '~/domain/corpus/shard-map'
import { TABLE_GROUPS } from '~/domain/corpus/split/tables'
import { NO_FILTERS } from '~/domain/search/filters'
import { dateColumnOf, FTS_TABLES, ownerOf } from '~/domain/search/fts-tables'
import { lawsuitFamily, shardFilterFor, TABLE_FAMILIES } from '~/domain/search/shard-filter'
import { PAGE_KINDS } from '~/schemas/removal-constants'

// decisions/0098: the catalogue of document kinds, and what is derived from it. The derived
// values are the ones decisions/0072–0088 spelled out by hand: a change of the catalogue that
// moved a family, a spread or a table's shard would show here before any shard test.

describe('the catalogue of document kinds (decisions/0098)', () => {
  it('has one entry per page kind, each with a root table of its own', () => {
    expect([...KIND_NAMES].sort()).toEqual([...PAGE_KINDS].sort())
    const roots = KIND_NAMES.map((kind) => KINDS[kind].root)
    expect(new Set(roots).size).toBe(roots.length)
  })

  it('gives the local spread of decisions/0084: one entry per family, in shard order', () => {
    expect(LOCAL_SPREAD).toEqual([
      { shard: 1, family: 'dou', binding: 'CORPUS_1' },
      { shard: 2, family: 'diario:', binding: 'CORPUS_1' },
      { shard: 4, family: 'processo:', binding: 'CORPUS_2' },
      { shard: 5, family: 'jurisprudencia:', binding: 'CORPUS_3' },
      { shard: 7, family: 'legislacao', binding: 'CORPUS_3' },
      { shard: 8, family: 'entidades', binding: 'CORPUS_4' },
    ])
  })

  it('gives the split job the tables of decisions/0077, in their insert order', () => {
    const tables = TABLE_GROUPS.map((g) => [
      g.root,
      g.families,
      g.parents.map((p) => p.table),
      g.children.map((c) => c.table),
    ])
    expect(tables).toEqual([
      [
        'gazette_articles',
        ['dou', 'diario:'],
        ['gazettes', 'gazette_editions', 'gazette_sections', 'people', 'companies'],
        ['article_mentions', 'masked_articles'],
      ],
      [
        'lawsuits',
        ['processo:'],
        ['people', 'companies'],
        ['parties', 'party_lawyers', 'masked_parties', 'movements', 'lawsuit_subjects', 'lawsuit_instances'],
      ],
      ['decisions', ['jurisprudencia:'], [], ['masked_decisions']],
      ['statutes', ['legislacao'], [], ['provisions']],
      ['people', ['entidades'], [], []],
      ['companies', ['entidades'], [], []],
    ])
  })

  it("gives each FTS table its kind's families", () => {
    expect(TABLE_FAMILIES).toEqual({
      gazette_articles: ['dou', 'diario:'],
      people: ['entidades'],
      companies: ['entidades'],
      parties: ['processo:'],
      decisions: ['jurisprudencia:'],
      statutes: ['legislacao'],
      provisions: ['legislacao'],
    })
  })

  it('gives the search its FTS tables, each with its columns, date and owner id', () => {
    expect(Object.fromEntries(Object.entries(FTS_TABLES).map(([t, spec]) => [t, spec.columns]))).toEqual({
      gazette_articles: ['title', 'body'],
      parties: ['name'],
      decisions: ['class_name', 'number', 'summary'],
      statutes: ['title', 'summary'],
      provisions: ['text'],
      people: ['name'],
      companies: ['legal_name', 'trade_name'],
    })
    expect(FTS_TABLES.parties.date).toEqual({
      table: 'parties t',
      join: 'CROSS JOIN lawsuits l ON l.id = t.lawsuit_id',
      column: 'l.filed_at',
      range: 'lawsuits',
    })
    expect(FTS_TABLES.people.date).toBeNull()
    expect(ownerOf('decisions')).toBe('decisions_fts.rowid')
    expect(ownerOf('parties')).toBe(
      '(SELECT owner.lawsuit_id FROM parties owner WHERE owner.id = parties_fts.rowid)',
    )
    expect(ownerOf('provisions')).toBe(
      '(SELECT owner.statute_id FROM provisions owner WHERE owner.id = provisions_fts.rowid)',
    )
    expect(['gazette_articles', 'decisions', 'statutes', 'lawsuits', 'people'].map(dateColumnOf)).toEqual([
      'date',
      'published_at',
      'date',
      'filed_at',
      null,
    ])
  })

  it("places every kind's document in one of its own families", () => {
    const placed = {
      materia: placementOf({ kind: 'materia', gazette: { uf: 'SP' }, date: '2024-03-01T10:00' }),
      processo: placementOf({ kind: 'processo', cnj: '1000001-11.2019.8.26.0100' }),
      decisao: placementOf({ kind: 'decisao', court: 'TJ-SP', date: '2024-01-02' }),
      lei: placementOf({ kind: 'lei' }),
      pessoa: placementOf({ kind: 'pessoa', slug: 'maria' }),
      empresa: placementOf({ kind: 'empresa', slug: 'acme' }),
    }
    expect(placed.materia).toEqual({ family: 'diario:sp', at: '2024-03-01' })
    expect(placed.processo).toEqual({ family: 'processo:8.26', at: '2019' })
    expect(placed.decisao).toEqual({ family: 'jurisprudencia:tjsp', at: '2024-01-02' })
    expect(placed.lei).toEqual({ family: 'legislacao', at: '' })
    for (const kind of KIND_NAMES) {
      const { family } = placed[kind]
      expect(
        KINDS[kind].families.some((f) => f === family || (f.endsWith(':') && family.startsWith(f))),
      ).toBe(true)
    }
    expect(lawsuitFamily('TJSP')).toBe('processo:8.26')
    expect(lawsuitFamily('desconhecido')).toBe(FAMILY.lawsuits)
  })

  it('names families by type: a misspelt family does not compile', () => {
    const families: Family[] = ['dou', 'diario:sp', 'processo:8.26', 'jurisprudencia:stf']
    // @ts-expect-error: `proceso:` is no family of the catalogue
    const misspelt: Family = 'proceso:8.26'
    expect([...families, misspelt]).toHaveLength(5)
  })

  it("walks the re-mask's phases of decisions/0064–0089 in their order, one per kind that names people", () => {
    // pessoa has none (its people are masked with the lawsuits and matérias naming them); the
    // first is remask_runs.phase's default.
    expect(REMASK_PHASES).toEqual(['processos', 'materias', 'decisoes'])
  })

  it('gives each search category the one kind it finds, and narrows its shards as decisions/0072 did', () => {
    expect(CATEGORY_KIND).toEqual({
      d: 'materia',
      en: 'processo',
      jr: 'decisao',
      leis: 'lei',
      p: 'pessoa',
      i: 'empresa',
    })
    const searched = KIND_NAMES.map((kind) => KINDS[kind].search)
    expect(new Set(searched).size).toBe(searched.length)
    const period = { from: '2024-01-01', to: '2024-02-01' }
    const filters = {
      ...NO_FILTERS,
      uf: ['SP', 'rj'],
      tribunal: ['TJSP', 'STF'],
      de: period.from,
      ate: period.to,
    }
    const none = { from: null, to: null }
    expect(shardFilterFor('d', NO_FILTERS)).toStrictEqual({ families: ['dou', 'diario:'], ...none })
    expect(shardFilterFor('d', filters)).toStrictEqual({ families: ['diario:sp', 'diario:rj'], ...period })
    expect(shardFilterFor('en', NO_FILTERS)).toStrictEqual({ families: ['processo:'] })
    expect(shardFilterFor('en', filters)).toStrictEqual({ families: ['processo:8.26', 'processo:1.00'] })
    expect(shardFilterFor('jr', NO_FILTERS)).toStrictEqual({ families: ['jurisprudencia:'], ...none })
    expect(shardFilterFor('jr', filters)).toStrictEqual({
      families: ['jurisprudencia:tjsp', 'jurisprudencia:stf'],
      ...period,
    })
    for (const category of ['leis', 'p', 'i'] as const)
      expect(shardFilterFor(category, filters)).toStrictEqual({
        families: category === 'leis' ? ['legislacao'] : ['entidades'],
      })
  })
})
