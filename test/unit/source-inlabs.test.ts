import { SELF } from 'cloudflare:test'
import { inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { gazetteArticles } from '~/db/schema-corpus'
import { importDou } from '~/domain/corpus/import/formats/dou'
import { INLABS_SECTIONS, inlabsClient } from '~/domain/sources/inlabs/client'
import { storeInlabs } from '~/domain/sources/inlabs/store.server'
import { SourceError } from '~/domain/sources/types'
import { clearFaults, config, configs, fetchAll, setFault, workerFetch } from './feeds-helpers'
import { BASE, deps, ORIGIN, postJson } from './helpers'
import { sharedFiles } from './shared-data'

let serial = 0
/**
 * The recorded DOU files under fresh ids and a fresh day (other files import the samples
 * themselves), each keeping its section: 4 DO2, 6 DO3, 1 DO2E, 1 DO3E.
 */
function recordedFiles() {
  serial += 1
  const year = 2001 + Math.floor(Math.random() * 20)
  const month = String(1 + (serial % 12)).padStart(2, '0')
  const day = String(1 + Math.floor(Math.random() * 27)).padStart(2, '0')
  const base = 70_000_000 + Math.floor(Math.random() * 9_000_000) * 10
  const files = sharedFiles('dou/').map((file, i) => ({
    name: file.name,
    content: file.content
      .replace(/idMateria="\d+"/, `idMateria="${base + i}"`)
      .replace(/pubDate="[^"]+"/, `pubDate="${day}/${month}/${year}"`),
  }))
  return { files, date: `${year}-${month}-${day}`, ids: files.map((_, i) => String(base + i)) }
}

async function standIn(xmls: string[]) {
  await SELF.fetch(`${BASE}/__dev/inlabs/materias`, { method: 'DELETE', headers: ORIGIN })
  for (const xml of xmls) expect((await postJson('/__dev/inlabs/materias', { xml })).status).toBe(201)
}

const day = (date: string) => ({ source: 'inlabs' as const, window: { from: date, to: date }, page: 1 })

beforeEach(clearFaults)

describe('INLABS client against its stand-in, through the Worker', () => {
  it('logs in, then walks the day section by section (DO1…DO3E), one ZIP a page', async () => {
    const { files, date } = recordedFiles()
    await standIn(files.map((f) => f.content))
    const http = workerFetch()
    const all = await fetchAll(inlabsClient, http, configs.inlabs(), day(date))
    expect(all.pages).toEqual([1, 2, 3, 4, 5, 6])
    expect(all.skipped).toEqual([])
    expect(all.records).toHaveLength(12)
    expect(all.records.map((r) => r.section)).toEqual([
      ...Array(4).fill('Seção 2'),
      ...Array(6).fill('Seção 3'),
      'Seção 2 Extra',
      'Seção 3 Extra',
    ])
    const downloads = http.urls
      .filter((u) => u.includes('index.php'))
      .map((u) => new URL(u).searchParams.get('dl'))
    expect(downloads).toEqual(INLABS_SECTIONS.map((s) => `${date}-${s}.zip`))
    expect(http.urls.filter((u) => u.endsWith('/logar.php'))).toHaveLength(6)

    // Two days, only the sections asked for.
    const narrow = await fetchAll(inlabsClient, workerFetch(), configs.inlabs(), {
      ...day(date),
      window: { from: date, to: date.replace(/\d{2}$/, (d) => String(Number(d) + 1).padStart(2, '0')) },
      query: { secoes: 'DO3,DO3E' },
    })
    expect(narrow.pages).toEqual([1, 2, 3, 4])
    expect(narrow.records).toHaveLength(7)
  })

  it('a wrong password is an auth error, never an empty day', async () => {
    const cfg = config(configs.inlabs().baseUrl, {
      INLABS_EMAIL: 'dev-only@example.com.br',
      INLABS_SENHA: 'errada',
    })
    const error = await inlabsClient.fetchPage(workerFetch(), cfg, day('2023-05-12')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SourceError)
    expect(error).toMatchObject({ source: 'inlabs', kind: 'auth' })
  })

  it('throws on a changed format, a 429, a 500 and a cut ZIP; skips an unreadable matéria with its reason', async () => {
    const { files, date } = recordedFiles()
    const do2 = files.filter((f) => f.content.includes('pubName="DO2"'))
    await standIn(do2.map((f) => f.content))
    const request = { ...day(date), query: { secoes: 'DO2' } }
    const attempt = () =>
      inlabsClient.fetchPage(workerFetch(), configs.inlabs(), request).catch((e: unknown) => e)
    await setFault({ fonte: 'inlabs', tipo: 'campo' })
    expect(await attempt()).toMatchObject({ kind: 'shape' })
    await setFault({ fonte: 'inlabs', tipo: '429', retry_after: 120 })
    expect(await attempt()).toMatchObject({ kind: 'http', retryAfterSeconds: 120 })
    await setFault({ fonte: 'inlabs', tipo: '500' })
    expect(await attempt()).toMatchObject({ kind: 'http' })
    await setFault({ fonte: 'inlabs', tipo: 'corte' })
    expect(await attempt()).toMatchObject({ kind: 'truncated' })
    expect(await attempt()).toMatchObject({ records: expect.arrayContaining([expect.anything()]) })

    // One matéria with an empty <Texto>: skipped with the importer's reason, the others stored.
    const [first, ...rest] = do2
    if (!first) throw new Error('no DO2 sample')
    await standIn([
      first.content.replace(/<Texto>[\s\S]*<\/Texto>/, '<Texto></Texto>'),
      ...rest.map((f) => f.content),
    ])
    const result = await inlabsClient.fetchPage(workerFetch(), configs.inlabs(), request)
    expect(result.records).toHaveLength(3)
    expect(result.skipped).toEqual([
      {
        ref: expect.stringMatching(new RegExp(`^${date}-DO2\\.zip/529_`)),
        reason: expect.stringContaining('sem texto'),
      },
    ])
  })

  it('stores what `npm run import` of the same files stores, and a second fetch stores nothing new', async () => {
    const { files, date, ids } = recordedFiles()
    const imported = await importDou(deps(), files)
    expect(imported).toEqual({ counts: { imported: 12, updated: 0, unchanged: 0, skipped: 0 }, issues: [] })
    const db = deps().db
    const snapshot = () =>
      db
        .select()
        .from(gazetteArticles)
        .where(inArray(gazetteArticles.externalId, ids))
        .orderBy(gazetteArticles.externalId)
    const afterImport = await snapshot()
    expect(afterImport).toHaveLength(12)

    await standIn(files.map((f) => f.content))
    for (let run = 0; run < 2; run++) {
      const fetched = await fetchAll(inlabsClient, workerFetch(), configs.inlabs(), day(date))
      expect(await storeInlabs(deps(), fetched.records)).toEqual({
        imported: 0,
        updated: 0,
        unchanged: 12,
        skipped: 0,
      })
      expect(await snapshot()).toEqual(afterImport)
    }
  })
})
