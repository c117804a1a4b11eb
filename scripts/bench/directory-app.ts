/**
 * Part (c) of the directory bench: the whole Worker (Hono, the middleware, Remix rendering the
 * page) run in Node over the same SQLite file through the D1 shim, as production builds it
 * (NODE_ENV=production: React's production build). Without local wrangler's proxy and D1 round
 * trips this is the Worker's own work per page. Started by directory.ts as
 * `node --conditions=worker --import tsx scripts/bench/directory-app.ts <dir> <rounds>` (the
 * condition picks react-dom's web build, as workerd does); prints one JSON line of stats.
 */
import { DatabaseSync } from 'node:sqlite'
import { app } from '../../workers/app'
import { localD1File, measureCases } from './common'
import { directoryCases } from './directory-cases'
import { memoryKv, nodeD1 } from './node-d1'

const [dir = '', roundsArg = '20'] = process.argv.slice(2)
const sqlite = new DatabaseSync(localD1File(dir), { readOnly: true })
const host = 'localhost:8797'
const env = {
  DB: nodeD1(sqlite),
  SESSIONS: memoryKv(),
  SUGGESTIONS: memoryKv(),
  BASE_DOMAIN: host,
  ENVIRONMENT: 'test',
  LOCAL_DEV: '1',
  AUTH_SECRET: 'dev-only-secret-change-me-in-production-0123456789abcdef',
} as unknown as Env
const ctx = {
  waitUntil: () => {},
  passThroughOnException: () => {},
  props: {},
} as unknown as ExecutionContext

const pages = [
  ...directoryCases(sqlite).cases.flatMap((c) => (c.path ? [{ name: c.name, path: c.path }] : [])),
  { name: 'GET /login (página Remix sem dados)', path: '/login' },
]
const results = await measureCases(pages, Number(roundsArg), async (page) => {
  const res = await app.fetch(new Request(`http://${host}${page.path}`), env, ctx)
  if (res.status !== 200) throw new Error(`bench: ${res.status} para ${page.path}`)
  await res.arrayBuffer()
})
console.log(`RESULT ${JSON.stringify(Object.fromEntries(results))}`)
