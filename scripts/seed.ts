/**
 * Puts demo data in an empty local database, through the same bindings `wrangler dev` uses.
 * Usage: tsx scripts/seed.ts [--persist-to DIR]   (DIR as given to `wrangler dev --persist-to`)
 */
import { count } from 'drizzle-orm'
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../app/db/client.server'
import { users } from '../app/db/schema'
import { DEMO_USERS } from '../app/domain/demo/users'
import { rebuildSuggestions } from '../app/domain/suggestions/suggestions.server'

const flag = process.argv.indexOf('--persist-to')
const persistTo = flag >= 0 ? process.argv[flag + 1] : '.wrangler/state'

const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
try {
  const db = createDb(env.DB)
  const [existing] = await db.select({ n: count() }).from(users)
  if ((existing?.n ?? 0) > 0) {
    console.log(`seed: o banco já tem ${existing?.n} usuários; nada a fazer.`)
  } else {
    await db.insert(users).values(DEMO_USERS)
    console.log(`seed: ${DEMO_USERS.length} usuários de demonstração inseridos.`)
  }
  const rebuilt = await rebuildSuggestions({ db, suggestions: env.SUGGESTIONS })
  console.log(`seed: sugestões reconstruídas (${rebuilt.prefixes} prefixos).`)
} finally {
  await dispose()
}
