import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { localD1File as primaryD1File } from '../lib/d1-file.mjs'
import { type WorkerTiming, workerTiming } from './server-timing'

export { parseServerTiming, type ServerTimingMetric, type WorkerTiming, workerTiming } from './server-timing'

/** What both benches share: running tools, cache keys, percentiles and `wrangler dev`. */
export const bin = (name: string) => join('node_modules', '.bin', name)

export function run(cmd: string, argv: string[]) {
  const result = spawnSync(cmd, argv, { stdio: 'inherit' })
  if (result.status !== 0)
    throw new Error(`bench: "${cmd} ${argv.join(' ')}" falhou (código ${result.status}).`)
}

/** sha256 of each file of a folder (by extension): a change to one means a rebuild. */
export function fileHashes(folder: string, extension: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of readdirSync(folder).filter((n) => n.endsWith(extension)))
    out[name] = createHash('sha256')
      .update(readFileSync(join(folder, name)))
      .digest('hex')
      .slice(0, 16)
  return out
}

export const migrationHashes = () => fileHashes('migrations', '.sql')

/** The local D1 SQLite file of the primary under a `--persist-to` folder (scripts/lib/d1-file.mjs). */
export function localD1File(dir: string): string {
  return primaryD1File(dir)
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, i)] ?? 0
}
export type Stats = { n: number; p50: number; p95: number; p99: number }
export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b)
  const r = (x: number) => Math.round(x * 100) / 100
  return {
    n: sorted.length,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
  }
}
export const round2 = (x: number) => Math.round(x * 100) / 100

/**
 * `wrangler dev` on the built app; `env` adds to the process environment (e.g. NODE_ENV);
 * `onLog` receives the Worker's log lines (stdout), for benches that read what it reports.
 */
export async function startWorker(
  port: number,
  persistTo: string,
  env: Record<string, string> = {},
  onLog?: (line: string) => void,
): Promise<ChildProcess> {
  const child = spawn(
    bin('wrangler'),
    [
      'dev',
      '--port',
      String(port),
      '--persist-to',
      persistTo,
      '--var',
      `BASE_DOMAIN:localhost:${port}`,
      '--var',
      'ENVIRONMENT:test',
      '--show-interactive-dev-session=false',
      '--log-level',
      // A bench that reads the Worker's own log lines needs them printed.
      onLog ? 'log' : 'warn',
    ],
    { stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'], env: { ...process.env, ...env } },
  )
  if (onLog && child.stdout) {
    let rest = ''
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) onLog(line)
    })
  }
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/saude`)).ok) return child
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill()
  throw new Error('bench: wrangler dev não respondeu em 60 s.')
}

/**
 * The fixed cost of a request on local `wrangler dev` doing no work of the measured kind.
 * `onTiming` receives each measured answer's Server-Timing, per path name.
 */
export async function requestFloor(
  port: number,
  paths: readonly (readonly [string, string])[],
  samples: number,
  onTiming?: (name: string, timing: WorkerTiming | null) => void,
) {
  const floor: Record<string, Stats> = {}
  for (const [name, path] of paths) {
    const times: number[] = []
    for (let i = 0; i < 5 + samples; i++) {
      const started = performance.now()
      const res = await fetch(`http://localhost:${port}${path}`)
      await res.arrayBuffer()
      if (i < 5) continue
      times.push(performance.now() - started)
      onTiming?.(name, workerTiming(res.headers.get('server-timing')))
    }
    floor[name] = stats(times)
  }
  return floor
}

/** Rounds interleave the cases (noise spreads over all of them), after two warm-up passes. */
export async function measureCases<C extends { name: string }>(
  cases: C[],
  rounds: number,
  once: (c: C) => Promise<void>,
): Promise<Map<string, Stats>> {
  for (let i = 0; i < 2; i++) for (const c of cases) await once(c)
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]))
  for (let round = 0; round < rounds; round++)
    for (const c of cases) {
      const started = performance.now()
      await once(c)
      samples.get(c.name)?.push(performance.now() - started)
    }
  return new Map([...samples].map(([name, times]) => [name, stats(times)]))
}
