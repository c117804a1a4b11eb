// `npm start` / `npm run dev`: `wrangler dev` plus the crons of wrangler.toml on their schedule.
// `wrangler dev` never fires a scheduled event by itself; this runner calls the Worker's scheduled
// handler at each due minute (UTC, as Cloudflare does) and stops when wrangler stops. It is a
// development tool only: production's crons are Cloudflare's (decisions/0053).
//
//   node scripts/cron/runner.mjs [wrangler dev arguments…]
//   CRON_INTERVAL_SECONDS=5 …   every cron every 5 seconds instead (tests, impatient demos)
//   JURISEDGE_STATE=dir …       serve that state folder instead of .wrangler/state (decisions/0060)
import { spawn } from 'node:child_process'
import { persistArgs } from '../lib/state.mjs'
import { fire, nextFire, parseCron, portOf, readCrons, tickLine } from './schedule.mjs'

const args = process.argv.slice(2)
const port = portOf(args)
const crons = readCrons().map((expression) => parseCron(expression))
const every = Number(process.env.CRON_INTERVAL_SECONDS ?? '0')
if (!Number.isFinite(every) || every < 0) {
  console.error('cron: CRON_INTERVAL_SECONDS precisa ser um número de segundos.')
  process.exit(1)
}

const wrangler = spawn(
  'node_modules/.bin/wrangler',
  ['dev', ...args, ...persistArgs(args), '--test-scheduled'],
  {
    stdio: 'inherit',
  },
)
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    stopping = true
    wrangler.kill(signal)
  })
wrangler.on('exit', (code, signal) => {
  stopping = true
  process.exit(code ?? (signal ? 0 : 1))
})

const running = new Set()

/** One cron's tick; a tick still running when the next is due is not doubled (the next window covers it). */
async function tick(cron, time) {
  if (running.has(cron.expression)) return
  running.add(cron.expression)
  const started = Date.now()
  try {
    const result = await fire(port, cron.expression, time)
    const line = tickLine(cron.expression, time, result, Date.now() - started)
    if (result.ok) console.log(line)
    else console.error(line)
  } catch (error) {
    // The server is still starting (or restarting): the next due time tries again.
    console.error(
      `cron: o servidor em localhost:${port} não respondeu (${error.cause?.code ?? error.message}).`,
    )
  } finally {
    running.delete(cron.expression)
  }
}

function schedule(cron, after) {
  if (stopping) return
  const due = every > 0 ? after + every * 1000 : nextFire(cron, after)
  setTimeout(
    () => {
      void tick(cron, due)
      schedule(cron, due)
    },
    Math.max(0, due - Date.now()),
  )
}

if (crons.length) {
  console.log(
    `cron: ${crons.map((c) => `"${c.expression}"`).join(', ')} ${every > 0 ? `a cada ${every} s` : 'no horário (UTC)'}; ` +
      `para rodar agora: npm run cron${port === 8787 ? '' : ` -- --port ${port}`}`,
  )
  for (const cron of crons) schedule(cron, Date.now())
}
