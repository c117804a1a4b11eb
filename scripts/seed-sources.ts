/**
 * The public sources' stand-ins (decisions/0101) hold the recorded answers of ../shared/data
 * (or SHARED_DATA_DIR), read here at `npm run seed` (so at `npm start`) into the local SESSIONS
 * KV the stand-ins answer from. The files are never copied into the repository. A stand-in that
 * already holds records (added by hand since) is left as it is.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { slugify } from '../app/domain/corpus/import/text'
import type { StandInGazette } from '../workers/api/dev-querido-diario'

const read = (path: string) => readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
const list = (dir: string, pattern: RegExp) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => pattern.test(name))
        .sort()
    : []

function djenItems(dir: string): unknown[] {
  return list(join(dir, 'djen'), /\.json$/).flatMap((name) => {
    const body = JSON.parse(read(join(dir, 'djen', name))) as { items?: unknown[] }
    return Array.isArray(body.items) ? body.items : []
  })
}

/** Querido Diário's own description of each recorded edition: the IBGE code and name by slug and UF. */
function gazettes(dir: string): StandInGazette[] {
  const ufCodes = new Map(
    read(join(dir, 'ibge', 'estados.csv'))
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .map(([code, uf]) => [code ?? '', uf ?? ''] as const),
  )
  const cities = read(join(dir, 'ibge', 'municipios.csv'))
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map(([id, name, , , , uf]) => ({ id: id ?? '', name: name ?? '', uf: ufCodes.get(uf ?? '') ?? '' }))
  return list(join(dir, 'diarios'), /\.txt$/).flatMap((name) => {
    const match = /^(.+)_([a-z]{2})_(\d{4}-\d{2}-\d{2})(?:_ed([\w-]+))?\.txt$/i.exec(name)
    if (!match) return []
    const [, city = '', uf = '', date = '', edition] = match
    const found = cities.find((c) => c.uf === uf.toUpperCase() && slugify(c.name) === slugify(city))
    if (!found) return []
    return [
      {
        id: name.replace(/\.txt$/, ''),
        territory_id: found.id,
        territory_name: found.name,
        state_code: found.uf,
        date,
        edition: edition ?? null,
        is_extra_edition: false,
        scraped_at: `${date}T12:00:00`,
        text: read(join(dir, 'diarios', name)),
      },
    ]
  })
}

function materias(dir: string) {
  return list(join(dir, 'dou'), /\.xml$/).flatMap((name) => {
    const xml = readFileSync(join(dir, 'dou', name), 'utf8')
    const date = /\bpubDate="(\d{2})\/(\d{2})\/(\d{4})"/.exec(xml)
    const section = /\bpubName="(DO[123]E?)"/i.exec(xml)?.[1]?.toUpperCase()
    return date && section ? [{ name, date: `${date[3]}-${date[2]}-${date[1]}`, section, xml }] : []
  })
}

export async function seedSourceStandIns(kv: KVNamespace, dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const seeded: string[] = []
  const put = async (source: string, records: unknown[]) => {
    if (!records.length || (await kv.get(`dev:fontes:${source}`))) return
    await kv.put(`dev:fontes:${source}`, JSON.stringify(records))
    seeded.push(`${source} (${records.length})`)
  }
  await put('djen', djenItems(dir))
  await put('querido-diario', gazettes(dir))
  await put('inlabs', materias(dir))
  return seeded
}
