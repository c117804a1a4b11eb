// The cron triggers of wrangler.toml, read and scheduled the way Cloudflare runs them (UTC), for
// the local runner (scripts/cron/runner.mjs) and `npm run cron`. Development only: a deployed
// Worker's crons are run by Cloudflare itself (decisions/0053).
import { readFileSync } from 'node:fs'

/** The `crons` of the top-level `[triggers]` table (not `[env.*.triggers]`). */
export function readCrons(path = 'wrangler.toml') {
  const lines = readFileSync(path, 'utf8').split('\n')
  const start = lines.findIndex((line) => line.trim() === '[triggers]')
  if (start < 0) return []
  const end = lines.findIndex((line, i) => i > start && /^\s*\[/.test(line))
  const section = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .map((line) => line.replace(/#.*$/, ''))
    .join('\n')
  const list = /crons\s*=\s*\[([^\]]*)\]/.exec(section)?.[1] ?? ''
  return [...list.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '')
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT']
const FIELDS = [
  { name: 'minuto', min: 0, max: 59 },
  { name: 'hora', min: 0, max: 23 },
  { name: 'dia do mês', min: 1, max: 31 },
  { name: 'mês', min: 1, max: 12, names: MONTHS, offset: 1 },
  { name: 'dia da semana', min: 0, max: 7, names: DAYS, offset: 0 },
]

function value(text, field, expression) {
  const upper = text.toUpperCase()
  const named = field.names?.indexOf(upper) ?? -1
  const n = named >= 0 ? named + field.offset : /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isInteger(n) || n < field.min || n > field.max)
    throw new Error(`cron "${expression}": valor inválido "${text}" no campo ${field.name}`)
  return n
}

/** One field as the set of values it allows: `*`, `a`, `a-b`, `*\/n`, `a-b/n`, lists of these. */
function parseField(text, field, expression) {
  const allowed = new Set()
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/')
    const step = stepText === undefined ? 1 : Number(stepText)
    if (!Number.isInteger(step) || step < 1)
      throw new Error(`cron "${expression}": passo inválido "${part}" no campo ${field.name}`)
    let [from, to] = [field.min, field.max]
    if (range !== '*') {
      const [a, b] = range.split('-')
      from = value(a, field, expression)
      to = b === undefined ? (stepText === undefined ? from : field.max) : value(b, field, expression)
    }
    for (let v = from; v <= to; v += step) allowed.add(v)
  }
  return allowed
}

/** A five-field cron expression (minute hour day-of-month month day-of-week), in UTC. */
export function parseCron(expression) {
  const parts = expression.trim().split(/\s+/)
  if (parts.length !== 5) throw new Error(`cron "${expression}": são esperados 5 campos`)
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i], expression))
  if (weekdays.has(7)) weekdays.add(0)
  return {
    expression,
    matches(date) {
      if (!minutes.has(date.getUTCMinutes()) || !hours.has(date.getUTCHours())) return false
      if (!months.has(date.getUTCMonth() + 1)) return false
      // Standard cron: when both day fields are restricted, either may match.
      const dayOk = days.has(date.getUTCDate())
      const weekdayOk = weekdays.has(date.getUTCDay())
      if (parts[2] !== '*' && parts[4] !== '*') return dayOk || weekdayOk
      return dayOk && weekdayOk
    },
  }
}

/** The first minute strictly after `after` (ms) at which the cron fires, in ms. */
export function nextFire(cron, after) {
  const minute = 60_000
  let t = Math.floor(after / minute) * minute + minute
  for (let i = 0; i < 366 * 24 * 60; i++, t += minute) if (cron.matches(new Date(t))) return t
  throw new Error(`cron "${cron.expression}": nenhum horário no próximo ano`)
}

/** The port of `wrangler dev` arguments (`--port 9000`, `--port=9000`), else 8787. */
export function portOf(args, fallback = 8787) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port' && args[i + 1]) return Number(args[i + 1])
    const inline = /^--port=(\d+)$/.exec(args[i] ?? '')
    if (inline) return Number(inline[1])
  }
  return fallback
}

const clock = (ms) => new Date(ms).toISOString().slice(11, 19)

/**
 * The runner's line for one tick (decisions/0094): when it was due, which cron, its result and how
 * long it took, so a person watching `npm start` sees each tick ran (or why not).
 */
export function tickLine(expression, time, result, ms) {
  const took = `${(ms / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`
  if (result.ok) return `cron: "${expression}" às ${clock(time)} UTC: ok em ${took}`
  const outcome = result.outcome ? `: ${result.outcome}` : ''
  return `cron: "${expression}" às ${clock(time)} UTC falhou (${result.status}) em ${took}${outcome}`
}

/**
 * Runs the Worker's scheduled handler for `cron` at `time` through the endpoint every local
 * `wrangler dev` serves (Miniflare's, reachable only on this machine). Resolves to the outcome.
 */
export async function fire(port, cron, time = Date.now()) {
  const url = `http://localhost:${port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&time=${time}`
  const response = await fetch(url)
  const text = (await response.text()).trim()
  return { ok: response.ok, status: response.status, outcome: text }
}
