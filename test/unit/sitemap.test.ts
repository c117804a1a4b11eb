import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { deleteArticle } from '~/domain/articles/articles.server'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { DIRECTORY_PROFESSIONS } from '~/domain/directory/professions'
import {
  parseShardName,
  SHARD_SIZE,
  shardCount,
  shardRange,
  urlsetXml,
  w3cDate,
  xmlEscape,
} from '~/domain/seo/sitemap'
import { makeCity, professional } from './directory-helpers'
import { BASE, createUser, deps, get } from './helpers'
import { everyListedUrl, locs, robotsAllows, wellFormedXml } from './sitemap-helpers'

const db = () => deps().db
const run = Date.now().toString(36)
const letters = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String.fromCharCode(97 + (b % 26))).join('')
/** Names are words of letters: the importers make people only of real-looking names. */
const name = (first: string) => `${first} Mapa${letters(8)} Souza`

const openCnj = buildCnj(7001, 2024, 8, 26, 100)
const secretCnj = buildCnj(7002, 2024, 8, 26, 100)
const publicParty = name('Ana')
const secretParty = name('Bruno')
const secretMention = name('Carla')
const gazetteSlug = `diario-mapa-${run}`

function materia(externalId: string, mentions: string[], lawsuitCnj: string | null): GazetteArticleRecord {
  return {
    gazette: { slug: gazetteSlug, name: 'Diário do Mapa & Cia', sphere: 'municipal' },
    edition: { date: '2025-06-03', number: '12', extra: false },
    section: 'Atos',
    externalId,
    kind: 'Edital',
    organ: 'Prefeitura',
    title: `Edital ${externalId}`,
    body: `Texto do edital ${externalId}.`,
    page: 1,
    lawsuitCnj,
    mentions: { people: mentions, companies: [] },
  }
}

let fixture: Awaited<ReturnType<typeof seed>>

async function seed() {
  const lawsuit = { court: 'TJSP', source: 'teste', subjects: [], movements: [] }
  await upsertLawsuits(db(), [
    {
      ...lawsuit,
      cnj: openCnj,
      secrecyLevel: 0,
      filedAt: '2024-02-01',
      updatedAt: '2025-03-04T10:20:30Z',
      parties: [{ pole: 'ativo', name: publicParty, lawyers: [] }],
    },
    {
      ...lawsuit,
      cnj: secretCnj,
      secrecyLevel: 2,
      filedAt: '2024-02-02',
      parties: [{ pole: 'ativo', name: secretParty, lawyers: [] }],
    },
  ])
  await upsertGazetteArticles(db(), [
    materia(`pub-${run}`, [], null),
    materia(`sec-${run}`, [secretMention], secretCnj),
  ])
  const author = await createUser()
  const survivor = await createUser()
  const closed = await createUser({ mergedIntoId: survivor.id })
  const [community] = await db()
    .insert(communities)
    .values({ slug: `mapa-${run}`, name: `Tema do mapa ${run}`, kind: 'tema' })
    .returning()
  if (!community) throw new Error('no community')
  const [kept, removed] = await db()
    .insert(articles)
    .values([
      { authorId: author.id, communityId: community.id, title: 'Mantido', slug: 'mantido', body: 'Texto.' },
      { authorId: author.id, communityId: community.id, title: 'Removido', slug: 'removido', body: 'Texto.' },
    ])
    .returning()
  if (!kept || !removed) throw new Error('no articles')
  await deleteArticle(deps(), author, removed.id)
  const city = await makeCity('AC')
  const lawyer = await professional({ code: '252210', city })
  return { author, survivor, closed, community, kept, removed, city, lawyer }
}

describe('sitemap.xml and its shards', () => {
  beforeAll(async () => {
    fixture = await seed()
  })

  it('answers an index of the shards that exist, as well-formed XML', async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    const xml = await res.text()
    expect(wellFormedXml(xml)).toBe(true)
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const shards = locs(xml)
    for (const kind of ['paginas', 'processos', 'pessoas', 'diarios', 'materias', 'artigos'])
      expect(shards).toContain(`${BASE}/sitemaps/${kind}-1.xml`)
    // Accounts' ids start where the runtime's range does (setup.ts): the files run from the
    // lowest id's, with no empty files in front.
    const profileFiles = shards.filter((loc) => loc.includes('/sitemaps/perfis-'))
    const fileOf = (id: number) => Math.floor((id - 1) / 10_000) + 1
    expect(profileFiles).toContain(`${BASE}/sitemaps/perfis-${fileOf(fixture.author.id)}.xml`)
    const numbers = profileFiles.map((loc) => Number(/perfis-(\d+)/.exec(loc)?.[1]))
    expect(Math.max(...numbers) - Math.min(...numbers)).toBeLessThan(3)
    expect(shards).toContain(`${BASE}/sitemaps/diretorio-${1 + DIRECTORY_PROFESSIONS.length}.xml`)
    // Only as many shards as the ids reach: the test data is far below 10,000 rows.
    expect(shards).not.toContain(`${BASE}/sitemaps/processos-2.xml`)
    for (const shard of shards) {
      const one = await get(shard)
      expect(one.status, shard).toBe(200)
      expect(one.headers.get('content-type')).toBe('application/xml; charset=utf-8')
      expect(wellFormedXml(await one.text()), shard).toBe(true)
    }
  })

  it('lists public pages with their lastmod, and never secret, removed or closed ones', async () => {
    const listed = await everyListedUrl()
    const { kept, removed, survivor, closed, author, community, city, lawyer } = fixture
    expect(listed.get(`${BASE}/processos/${formatCnj(openCnj)}`)).toBe('2025-03-04T10:20:30Z')
    expect(listed.has(`${BASE}/processos/${formatCnj(secretCnj)}`)).toBe(false)
    expect(listed.has(`${BASE}/pessoas/${slugify(publicParty)}`)).toBe(true)
    // Known only from a secret lawsuit, or from a matéria about one: not advertised.
    expect(listed.has(`${BASE}/pessoas/${slugify(secretParty)}`)).toBe(false)
    expect(listed.has(`${BASE}/pessoas/${slugify(secretMention)}`)).toBe(false)
    const materias = [...listed].filter(([loc]) => loc.startsWith(`${BASE}/diarios/materia/`))
    expect(materias.some(([, lastmod]) => lastmod === '2025-06-03')).toBe(true)
    expect(listed.get(`${BASE}/diarios/${gazetteSlug}?data=2025-06-03`)).toBe('2025-06-03')
    expect(listed.get(`${BASE}/artigos/mantido-${kept.id}`)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(listed.has(`${BASE}/artigos/removido-${removed.id}`)).toBe(false)
    const profile = (subdomain: string) => `http://${subdomain}.${env.BASE_DOMAIN}/`
    expect(listed.has(profile(author.subdomain))).toBe(true)
    expect(listed.has(profile(survivor.subdomain))).toBe(true)
    expect(listed.has(profile(closed.subdomain))).toBe(false)
    expect(listed.has(profile(lawyer.subdomain))).toBe(true)
    expect(listed.has(`${BASE}/comunidades/${community.slug}`)).toBe(true)
    expect(listed.has(`${BASE}/cidade/${city.slug}`)).toBe(true)
    expect(listed.has(`${BASE}/contador/${city.slug}`)).toBe(true)
    // A profession with nobody in that city is an empty (noindex) page: never listed.
    expect(listed.has(`${BASE}/advogado/${city.slug}`)).toBe(false)
    expect(listed.has(`${BASE}/profissionais`)).toBe(true)
  })

  it('lists only pages that answer 200 without noindex', async () => {
    const listed = [...(await everyListedUrl()).keys()]
    const mine = listed.filter(
      (loc) =>
        loc.includes(run) ||
        loc.includes(formatCnj(openCnj)) ||
        loc.includes(slugify(publicParty)) ||
        loc.includes(fixture.author.subdomain) ||
        loc.includes(fixture.city.slug) ||
        loc.endsWith(`-${fixture.kept.id}`),
    )
    expect(mine.length).toBeGreaterThanOrEqual(8)
    const robots = await (await get('/robots.txt')).text()
    for (const loc of listed) {
      const url = new URL(loc)
      expect(robotsAllows(robots, `${url.pathname}${url.search}`), loc).toBe(true)
    }
    for (const loc of mine) {
      const res = await get(loc, { redirect: 'manual' })
      expect(res.status, loc).toBe(200)
      expect(await res.text(), loc).not.toMatch(/<meta name="robots" content="noindex/)
    }
  })

  it.each([
    '/sitemaps/processos-999.xml',
    '/sitemaps/processos-0.xml',
    '/sitemaps/processos-01.xml',
    '/sitemaps/nada-1.xml',
    '/sitemaps/paginas-2.xml',
    `/sitemaps/diretorio-${2 + DIRECTORY_PROFESSIONS.length}.xml`,
    '/sitemaps/processos-1.xml.gz',
    '/sitemaps/processos-99999999999999999999.xml',
  ])('answers an unknown shard %s with a Portuguese 404', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('Sitemap não encontrado.')
  })
})

describe('robots.txt', () => {
  it('is served by the Worker with the rules and the absolute sitemap address', async () => {
    const res = await get('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/)
    for (const rule of [
      '/ajax/',
      '/api/',
      '/__dev/',
      '/conta/',
      '/notificacoes',
      '/monitoramentos',
      '/login',
    ])
      expect(text).toContain(`Disallow: ${rule}\n`)
    expect(text.trimEnd().split('\n').at(-1)).toBe(`Sitemap: ${BASE}/sitemap.xml`)
  })

  it('is the same on a profile host, pointing at the main host (cross-host sitemaps)', async () => {
    const user = await createUser()
    const res = await get(`http://${user.subdomain}.${env.BASE_DOMAIN}/robots.txt`, { redirect: 'manual' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(`Sitemap: ${BASE}/sitemap.xml`)
  })

  it('blocks private paths and none of the pages the sitemaps list', async () => {
    const robots = await (await get('/robots.txt')).text()
    for (const path of [
      '/conta',
      '/conta/perfil',
      '/notificacoes?filtro=nao-lidas',
      '/login',
      '/api/v2/busca',
    ])
      expect(robotsAllows(robots, path), path).toBe(false)
    for (const path of ['/artigos/novo', '/artigos/12/editar', '/pessoas/ana-souza/este-sou-eu'])
      expect(robotsAllows(robots, path), path).toBe(false)
    // `/contador` starts like `/conta`: the rule is anchored so the directory stays open.
    const open = [
      '/',
      '/contador',
      '/contador/rio-branco-ac',
      '/busca?q=x',
      '/artigos/um-1',
      '/pessoas/ana-souza',
    ]
    for (const path of open) expect(robotsAllows(robots, path), path).toBe(true)
    for (const profession of DIRECTORY_PROFESSIONS)
      expect(robotsAllows(robots, `/${profession.slug}`), profession.slug).toBe(true)
  })
})

describe('sitemap builders', () => {
  it('names shards one way only and counts them from the highest id', () => {
    expect(parseShardName('processos-3.xml')).toEqual({ kind: 'processos', n: 3 })
    for (const bad of ['processos-03.xml', 'processos-0.xml', 'Processos-1.xml', 'x-1.xml', 'processos-1'])
      expect(parseShardName(bad), bad).toBeNull()
    expect([
      shardCount(null),
      shardCount(0),
      shardCount(1),
      shardCount(SHARD_SIZE),
      shardCount(SHARD_SIZE + 1),
    ]).toEqual([0, 0, 1, 1, 2])
    expect(shardRange(2)).toEqual({ after: SHARD_SIZE, upTo: 2 * SHARD_SIZE })
  })

  it('escapes XML and drops characters XML cannot carry', () => {
    expect(xmlEscape(`a&b<c>"d'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;')
    const xml = urlsetXml([{ loc: 'http://x/diarios/a?data=1&b=<2>', lastmod: '2025-01-02' }])
    expect(xml).toContain('<loc>http://x/diarios/a?data=1&amp;b=&lt;2&gt;</loc><lastmod>2025-01-02</lastmod>')
    expect(wellFormedXml(xml)).toBe(true)
    expect(wellFormedXml(urlsetXml([]))).toBe(true)
  })

  it('writes lastmod as a W3C date, or not at all', () => {
    expect(w3cDate('2024-03-01')).toBe('2024-03-01')
    expect(w3cDate('2024-03-01T10:00:00.123Z')).toBe('2024-03-01T10:00:00Z')
    expect(w3cDate('2024-03-01T10:00:00-03:00')).toBe('2024-03-01T13:00:00Z')
    expect(w3cDate(Date.UTC(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02T03:04:05Z')
    for (const bad of [null, undefined, '', 'ontem', '2024-13-45T00:00:00', '0000-01-01'])
      expect(w3cDate(bad as string | number | null), String(bad)).toBeNull()
  })
})
