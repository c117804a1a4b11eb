import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { searchTerms, users } from '~/db/schema'
import {
  articleMentions,
  companies,
  gazetteArticles,
  gazetteEditions,
  gazettes,
  lawsuits,
  parties,
  people,
} from '~/db/schema-corpus'
import { buildCnj } from '~/domain/corpus/cnj'
import { mergePrefixList } from '~/domain/suggestions/lists'
import { POPULAR_MIN_SEARCHES, recordSearch } from '~/domain/suggestions/popular.server'
import { looksPersonal } from '~/domain/suggestions/privacy'
import { DEFAULT_LIMITS, rebuildSuggestions, suggest } from '~/domain/suggestions/suggestions.server'
import { BASE, createUser, deps, eventually, get } from './helpers'

let serial = 0
const db = () => deps().db

async function person(name: string) {
  const [row] = await db()
    .insert(people)
    .values({ name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${++serial}` })
    .returning()
  if (!row) throw new Error('person not inserted')
  return row
}

async function company(legalName: string, tradeName: string | null) {
  serial += 1
  const [row] = await db()
    .insert(companies)
    .values({ cnpj: String(serial).padStart(14, '7'), legalName, tradeName, slug: `empresa-${serial}` })
    .returning()
  if (!row) throw new Error('company not inserted')
  return row
}

/** `times` lawsuits naming the entity as a party. */
async function asParty(entity: { personId?: number; companyId?: number }, times: number) {
  for (let i = 0; i < times; i++) {
    serial += 1
    const [suit] = await db()
      .insert(lawsuits)
      .values({ cnj: buildCnj(70000 + serial, 2024, 8, 26, 100), court: 'TJSP', source: 'teste' })
      .returning()
    if (!suit) throw new Error('lawsuit not inserted')
    await db()
      .insert(parties)
      .values({ lawsuitId: suit.id, pole: 'ativo', name: `Parte ${serial}`, ...entity })
  }
}

/** One matéria mentioning the entity. */
async function mentioned(entity: { personId?: number; companyId?: number }) {
  serial += 1
  const [gazette] = await db()
    .insert(gazettes)
    .values({ slug: `diario-sugestoes-${serial}`, name: 'Diário', sphere: 'municipal' })
    .returning()
  if (!gazette) throw new Error('gazette not inserted')
  const [edition] = await db()
    .insert(gazetteEditions)
    .values({ gazetteId: gazette.id, date: '2026-03-02' })
    .returning()
  if (!edition) throw new Error('edition not inserted')
  const [article] = await db()
    .insert(gazetteArticles)
    .values({
      gazetteId: gazette.id,
      editionId: edition.id,
      date: '2026-03-02',
      externalId: `m${serial}`,
      title: 'Edital',
      body: 'Texto.',
    })
    .returning()
  if (!article) throw new Error('article not inserted')
  await db()
    .insert(articleMentions)
    .values({ articleId: article.id, ...entity })
}

/** KV that records which keys were written or deleted. */
function recordingKv() {
  const touched: string[] = []
  const kv = env.SUGGESTIONS
  const suggestions = new Proxy(kv, {
    get(target, property) {
      if (property === 'put' || property === 'delete') {
        return (key: string, ...rest: unknown[]) => {
          touched.push(`${String(property)} ${key}`)
          return (target[property] as (...args: unknown[]) => Promise<void>).call(target, key, ...rest)
        }
      }
      const value = Reflect.get(target, property)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { suggestions, touched }
}

async function rebuild(suggestions: KVNamespace = env.SUGGESTIONS) {
  return rebuildSuggestions({ ...deps(), suggestions })
}

describe('suggestions from entity names', () => {
  it('suggests people and companies after a rebuild, the most cited first', async () => {
    const often = await person('Zyxel Almeida')
    const never = await person('Zyxel Barros')
    const firm = await company('Zyxcorp Comércio Ltda.', 'Zyx Market')
    await asParty({ personId: often.id }, 2)
    await mentioned({ personId: often.id })
    await asParty({ companyId: firm.id }, 1)
    expect(await suggest(deps(), 'zyx')).toEqual([])

    await rebuild()

    // "zyx" is a whole word of Zyx Market only: it comes first (decisions/0057). Then weights:
    // Almeida 3 (2 parties + 1 mention), the company's legal name 1, Barros 0; ties by name.
    expect(await suggest(deps(), 'ZYX')).toEqual([
      'Zyx Market',
      'Zyxel Almeida',
      'Zyxcorp Comércio Ltda.',
      'Zyxel Barros',
    ])
    expect(await suggest(deps(), 'zyxel b')).toEqual([never.name])
  })

  it('merges sources: popular searches first, names by weight, no duplicates, at most 50', () => {
    const entities = Array.from({ length: 60 }, (_, i) => `Nome ${String(i).padStart(2, '0')}`)
    const list = mergePrefixList({
      popular: ['nome 05', 'nome popular'],
      members: ['Nome Membro'],
      entities,
    })
    expect(list.slice(0, 4)).toEqual(['Nome 05', 'nome popular', 'Nome Membro', 'Nome 00'])
    expect(list).toHaveLength(50)
    expect(new Set(list).size).toBe(50)
  })
})

describe('popular searches', () => {
  it('become suggestible only after enough counted searches', async () => {
    const term = 'Usucapião extraordinária rural'
    for (let i = 1; i < POPULAR_MIN_SEARCHES; i++) await recordSearch(deps(), term, 12)
    await recordSearch(deps(), term, 0) // no results: not counted
    await rebuild()
    expect(await suggest(deps(), 'usucapiao')).toEqual([])

    await recordSearch(deps(), '  usucapião   EXTRAORDINÁRIA rural ', 3) // the same term, typed otherwise
    await rebuild()
    expect(await suggest(deps(), 'usucapiao ext')).toEqual([term])
  })

  it('are listed before names, and a name keeps its own spelling', async () => {
    await person('Wolkenstein Ribeiro')
    await person('Wolkenstein Abreu')
    for (let i = 0; i < POPULAR_MIN_SEARCHES; i++) {
      await recordSearch(deps(), 'wolkenstein ribeiro', 5)
      await recordSearch(deps(), 'Wolkenstein advocacia', 5)
    }
    await recordSearch(deps(), 'Wolkenstein advocacia', 5)
    await rebuild()
    expect(await suggest(deps(), 'wolk')).toEqual([
      'Wolkenstein advocacia',
      'Wolkenstein Ribeiro',
      'Wolkenstein Abreu',
    ])
  })

  it('never counts personal-looking terms: CNJ, CPF, CNPJ, e-mail, phone', async () => {
    const personal = [
      '0001234-56.2023.8.26.0100',
      '00012345620238260100',
      'processo 0001234 56 2023',
      '123.456.789-09',
      'cpf 12345678909',
      '12.345.678/0001-90',
      'fulana.souza@exemplo.com.br',
      'contato @fulana',
      '(11) 98765-4321',
      '+55 21 3456-7890',
    ]
    for (const term of personal) {
      expect(looksPersonal(term), term).toBe(true)
      for (let i = 0; i < POPULAR_MIN_SEARCHES + 1; i++) await recordSearch(deps(), term, 7)
    }
    for (const term of ['Lei 8.078/1990', 'lei 13105/15', 'diário de 12/05/2023', 'art. 5 inciso 3']) {
      expect(looksPersonal(term), term).toBe(false)
    }
    const rows = await db().select().from(searchTerms)
    for (const row of rows) expect(row.term).not.toMatch(/\d{5}|@/)
    await rebuild()
    for (const typed of ['000', 'cpf', 'ful', 'con', '(11', '123']) {
      expect(await suggest(deps(), typed)).toEqual([])
    }
  })

  it('count only terms of 3 to 80 characters', async () => {
    await recordSearch(deps(), 'ab', 4)
    await recordSearch(deps(), `termo ${'x'.repeat(80)}`, 4)
    const rows = await db().select({ term: searchTerms.term }).from(searchTerms)
    expect(rows.map((r) => r.term)).not.toContain('ab')
    expect(rows.every((r) => r.term.length >= 3 && r.term.length <= 80)).toBe(true)
  })

  it('are stored without who searched: only term, display form, count and day', async () => {
    await recordSearch(deps(), 'Direito de vizinhança', 2)
    const columns = await db().all<{ name: string }>(sql`SELECT name FROM pragma_table_info('search_terms')`)
    expect(columns.map((c) => c.name).sort()).toEqual(['count', 'display', 'last_seen', 'term'])
    const [row] = await db().select().from(searchTerms).where(eq(searchTerms.term, 'direito de vizinhanca'))
    expect(row).toEqual({
      term: 'direito de vizinhanca',
      display: 'Direito de vizinhança',
      count: 1,
      lastSeen: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
  })

  it('are counted by a real search on /busca, after the answer', async () => {
    await person('Quitéria Volkoffska Prado')
    expect((await get('/busca?q=zzqxnadaencontrado')).status).toBe(200) // no results
    expect((await get('/busca?q=Volkoffska')).status).toBe(200)
    const row = await eventually(async () => {
      const [found] = await db().select().from(searchTerms).where(eq(searchTerms.term, 'volkoffska'))
      return found
    })
    expect(row.count).toBe(1)
    // A category tab or a filter opened from that results page refines it: not counted again.
    const referer = { Referer: `${BASE}/busca?q=Volkoffska&qo=t` }
    expect((await get('/busca?q=Volkoffska&qo=p', { headers: referer })).status).toBe(200)
    expect((await get('/busca?q=volkoffska&qo=p&filtro=1&uf=SP', { headers: referer })).status).toBe(200)
    expect((await get('/busca?q=Volkoffska&page=2')).status).toBe(200)
    expect((await get('/busca?q=Volkoffska&qo=p')).status).toBe(200) // a new search: counted
    await eventually(async () => {
      const [found] = await db().select().from(searchTerms).where(eq(searchTerms.term, 'volkoffska'))
      return found?.count === 2
    })
    const [after] = await db().select().from(searchTerms).where(eq(searchTerms.term, 'volkoffska'))
    expect(after?.count).toBe(2)
    const missing = await db().select().from(searchTerms).where(eq(searchTerms.term, 'zzqxnadaencontrado'))
    expect(missing).toEqual([])
  })
})

describe('writing the KV lists', () => {
  it('writes only the prefixes that changed, and deletes a prefix left empty', async () => {
    const renamed = await person('Vuxabel Pereira')
    const removed = await person('Vuzinho Removido')
    const member = await createUser({ name: 'Vuquinha Membro' })
    await rebuild()
    expect(await suggest(deps(), 'vux')).toEqual(['Vuxabel Pereira'])

    // Nothing changed: nothing is written.
    const idle = recordingKv()
    expect(await rebuild(idle.suggestions)).toMatchObject({ written: 0, deleted: 0, pending: 0 })
    expect(idle.touched).toEqual([])

    // A renamed entity rewrites its own prefixes only (of 3, 4 and 5 characters, decisions/0057).
    await db().update(people).set({ name: 'Vuxabel Pereira Neto' }).where(eq(people.id, renamed.id))
    const rename = recordingKv()
    const report = await rebuild(rename.suggestions)
    expect(report).toMatchObject({ written: 3, deleted: 0 })
    expect(report.unchanged).toBe(report.prefixes - 3)
    expect(rename.touched).toEqual(['put p:vux', 'put p:vuxa', 'put p:vuxab', 'put manifest'])
    expect(await suggest(deps(), 'vux')).toEqual(['Vuxabel Pereira Neto'])

    // Removing the only name of a prefix deletes its list; the same for a member.
    await db().delete(people).where(eq(people.id, removed.id))
    await db().delete(users).where(eq(users.id, member.id))
    const removal = recordingKv()
    expect(await rebuild(removal.suggestions)).toMatchObject({ written: 0, deleted: 6 })
    expect(removal.touched.sort()).toEqual([
      'delete p:vuq',
      'delete p:vuqu',
      'delete p:vuqui',
      'delete p:vuz',
      'delete p:vuzi',
      'delete p:vuzin',
      'put manifest',
    ])
    expect(await env.SUGGESTIONS.get('p:vuz')).toBeNull()
    expect(await suggest(deps(), 'vuq')).toEqual([])
  })

  it('caps KV writes per run and finishes in the following runs', async () => {
    for (const name of ['Kaapo Um', 'Kabbe Dois', 'Kacco Três', 'Kaddo Quatro', 'Kaeeo Cinco'])
      await person(name)
    const first = await rebuildSuggestions(deps(), { ...DEFAULT_LIMITS, prefixesPerRun: 2 })
    expect(first.written + first.deleted).toBeLessThanOrEqual(2)
    expect(first.pending).toBeGreaterThan(0)
    let report = first
    for (let run = 0; run < 20 && report.pending > 0; run++) {
      report = await rebuildSuggestions(deps(), { ...DEFAULT_LIMITS, prefixesPerRun: 2 })
    }
    expect(report.pending).toBe(0)
    for (const typed of ['kaa', 'kab', 'kac', 'kad', 'kae'])
      expect(await suggest(deps(), typed)).toHaveLength(1)
  })

  it('replaces lists written before the manifest existed', async () => {
    await person('Lamparina Antiga')
    await env.SUGGESTIONS.delete('manifest')
    await env.SUGGESTIONS.put('p:zzq', JSON.stringify(['Zzq Sem Fonte']))
    await env.SUGGESTIONS.put('p:lam', JSON.stringify(['Lamparina Velha']))
    await rebuild()
    expect(await env.SUGGESTIONS.get('p:zzq')).toBeNull()
    expect(await suggest(deps(), 'lamp')).toEqual(['Lamparina Antiga'])
  })
})
