// `npm run cron [-- --port N] [-- --cron "expr"]`: runs the crons of wrangler.toml once, now,
// on the site `npm start` serves (decisions/0053). Exits non-zero if one failed.
import { fire, portOf, readCrons } from './schedule.mjs'

const args = process.argv.slice(2)
const port = portOf(args, Number(process.env.PORT ?? 8787))
const only = args.indexOf('--cron')
const crons = only >= 0 ? [args[only + 1] ?? ''] : readCrons()
let failed = false
for (const cron of crons) {
  try {
    const result = await fire(port, cron)
    console.log(`cron "${cron}": ${result.ok ? 'executado' : `falhou (${result.status}): ${result.outcome}`}`)
    failed ||= !result.ok
  } catch (error) {
    console.error(
      `cron "${cron}": o site não respondeu em http://localhost:${port} (${error.cause?.code ?? error.message}). Ele está rodando (npm start)?`,
    )
    failed = true
  }
}
process.exit(failed ? 1 : 0)
