// The local SQLite file of one D1 binding under a state folder. Since the corpus shards
// (decisions/0072) a state folder holds one file per database, so the file is found by name:
// miniflare names it by a Durable Object id derived from the binding's `database_id`.
import { createHash, createHmac } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const UNIQUE_KEY = 'miniflare-D1DatabaseObject'

/** miniflare's `idFromName` for a D1 database: two truncated HMACs, hex. */
function objectId(name) {
  const key = createHash('sha256').update(UNIQUE_KEY).digest()
  const nameHmac = createHmac('sha256', key).update(name).digest().subarray(0, 16)
  const check = createHmac('sha256', key).update(nameHmac).digest().subarray(0, 16)
  return Buffer.concat([nameHmac, check]).toString('hex')
}

/** The local `database_id` of a binding, from the top-level (not `[env.*]`) part of wrangler.toml. */
export function localDatabaseId(binding = 'DB', toml = readFileSync('wrangler.toml', 'utf8')) {
  const local = toml.split(/^\[env\./m)[0] ?? ''
  for (const block of local.split('[[d1_databases]]').slice(1)) {
    const name = /^binding = "([^"]+)"/m.exec(block)?.[1]
    const id = /^database_id = "([^"]+)"/m.exec(block)?.[1]
    if (name === binding && id) return id
  }
  throw new Error(`wrangler.toml não declara o banco ${binding}.`)
}

/** The SQLite file of `binding` under `persistTo` (a state folder), or an error saying what to run. */
export function localD1File(persistTo, binding = 'DB') {
  const dir = join(persistTo, 'v3', 'd1', UNIQUE_KEY)
  const file = join(dir, `${objectId(localDatabaseId(binding))}.sqlite`)
  if (!existsSync(file))
    throw new Error(`Banco local ${binding} não encontrado em ${dir}: rode \`npm run db:migrate\` antes.`)
  return file
}
