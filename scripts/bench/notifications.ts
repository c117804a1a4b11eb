/**
 * `npm run bench:notifications`: one new article fanned out to the 100,000 followers of its
 * community, and the cost of opening the notifications box (issue 15, decisions/0029).
 * 1. A fresh database in .cache/bench-notifications: the migrations, then (node:sqlite) a
 *    community with N followers, the article's author, and one "heavy" follower who already has
 *    N older notifications (the box's worst case).
 * 2. `wrangler dev` on the built app (React production build). The author publishes through
 *    `POST /ajax/artigos`; the clock runs until the SQLite file holds one notification per
 *    follower: that is the queue's work, end to end. The consumer's own log line gives the D1
 *    rows written and the statements it ran.
 * 3. The box (`GET /ajax/notificacoes`) and the badge (`GET /ajax/notificacoes/contagem`) for a
 *    follower and for the heavy one, beside the fixed cost of a local request (`/api/saude`).
 * Options: --followers N (default 100000), --rounds N (default 50), --port N (default 8796).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { bin, localD1File, measureCases, requestFloor, round2, run, startWorker } from './common'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}

function prepare(dir: string, followers: number) {
  rmSync(dir, { recursive: true, force: true })
  run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir])
  const db = new DatabaseSync(localD1File(dir))
  db.exec('PRAGMA synchronous = OFF')
  db.exec('BEGIN')
  const user = db.prepare(
    'INSERT INTO users (subdomain, email, name, kind, headline) VALUES (?, ?, ?, ?, ?) RETURNING id',
  )
  const make = (tag: string, name: string) =>
    Number((user.get(`b${tag}`, `${tag}@bench.invalid`, name, 'profissional', '') as { id: number }).id)
  const community = Number(
    (
      db
        .prepare(
          "INSERT INTO communities (slug, name, kind) VALUES ('bench-fanout', 'Comunidade do bench', 'tema') RETURNING id",
        )
        .get() as { id: number }
    ).id,
  )
  const author = make('autora', 'Autora do bench')
  const follow = db.prepare("INSERT INTO follows (user_id, kind, target_id) VALUES (?, 'comunidade', ?)")
  let heavy = 0
  for (let i = 0; i < followers; i++) {
    const id = make(`s${i}`, `Seguidor ${i}`)
    if (i === 0) heavy = id
    follow.run(id, community)
  }
  const old = db.prepare(
    "INSERT INTO notifications (user_id, kind, title, url, dedupe_key, created_at) VALUES (?, 'teste', ?, '/comunidades', ?, ?)",
  )
  for (let i = 0; i < followers; i++)
    old.run(heavy, `Aviso antigo ${i}`, `bench:antigo:${i}`, 1_600_000_000_000 + i)
  db.exec('COMMIT')
  db.close()
  return { community, author }
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/__dev/entrar`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email }),
  })
  if (!response.ok) throw new Error(`bench: login de ${email} falhou (${response.status}).`)
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))
  if (!cookie) throw new Error('bench: sem cookie de sessão.')
  return cookie.split(';')[0] ?? ''
}

export async function notificationsBench() {
  const followers = option('followers', 100_000)
  const rounds = option('rounds', 50)
  const port = option('port', 8796)
  const dir = join('.cache', 'bench-notifications')
  console.log(`bench: ${followers.toLocaleString('pt-BR')} seguidores em ${dir}…`)
  const prepared = Date.now()
  const { community } = prepare(dir, followers)
  console.log(`bench: base pronta em ${round2((Date.now() - prepared) / 1000)} s.`)

  const logs: string[] = []
  // The fan-out runs on a Worker that prints its log (the consumer reports its D1 rows); the box is
  // then timed on one that does not (printing every request would be measured too).
  let worker = await startWorker(port, dir, { NODE_ENV: 'production' }, (line) => logs.push(line))
  const base = `http://localhost:${port}`
  try {
    const author = await login(base, 'autora@bench.invalid')
    const started = performance.now()
    const published = await fetch(`${base}/ajax/artigos`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Origin: base,
        Cookie: author,
      },
      body: JSON.stringify({ titulo: 'Artigo do bench', comunidade_id: community, conteudo: 'Texto.' }),
    })
    const { artigo } = (await published.json()) as { artigo: { id: number } }
    const publishMs = performance.now() - started
    const file = new DatabaseSync(localD1File(dir), { readOnly: true })
    const countQuery = file.prepare('SELECT count(*) AS n FROM notifications WHERE dedupe_key LIKE ?')
    let delivered = 0
    while (delivered < followers) {
      if (performance.now() - started > 300_000) throw new Error(`bench: só ${delivered} entregues em 300 s.`)
      await new Promise((r) => setTimeout(r, 200))
      delivered = Number((countQuery.get(`artigo:${artigo.id}:%`) as { n: number }).n)
    }
    const fanOutSeconds = (performance.now() - started) / 1000
    file.close()
    // The consumer's report may reach stdout a moment after its last row.
    for (let i = 0; i < 20 && !logs.some((l) => l.includes('"fanOut"')); i++)
      await new Promise((r) => setTimeout(r, 250))
    const line = logs.find((l) => l.includes('"fanOut"'))
    const fanOut = line
      ? (JSON.parse(line.slice(line.indexOf('{'))) as { fanOut: Record<string, number> }).fanOut
      : null

    worker.kill()
    await new Promise((resolve) => worker.once('exit', resolve))
    worker = await startWorker(port, dir, { NODE_ENV: 'production' })
    const reader = await login(base, 's1@bench.invalid')
    const heavy = await login(base, 's0@bench.invalid')
    const floor = await requestFloor(port, [['saude', '/api/saude']], rounds)
    const cases = [
      { name: 'caixa (seguidor)', path: '/ajax/notificacoes', cookie: reader },
      { name: 'caixa (100 mil antigas)', path: '/ajax/notificacoes', cookie: heavy },
      { name: 'contagem (seguidor)', path: '/ajax/notificacoes/contagem', cookie: reader },
      { name: 'contagem (100 mil antigas)', path: '/ajax/notificacoes/contagem', cookie: heavy },
    ]
    const measured = await measureCases(cases, rounds, async (c) => {
      const response = await fetch(`${base}${c.path}`, { headers: { Cookie: c.cookie } })
      if (!response.ok) throw new Error(`bench: ${c.path} respondeu ${response.status}.`)
      await response.arrayBuffer()
    })
    const floorP95 = floor.saude?.p95 ?? 0
    const result = {
      followers,
      publishMs: round2(publishMs),
      fanOutSeconds: round2(fanOutSeconds),
      perSecond: Math.round(followers / fanOutSeconds),
      consumer: fanOut,
      floor: floor.saude,
      box: Object.fromEntries(
        [...measured].map(([name, s]) => [name, { ...s, p95MinusFloor: round2(s.p95 - floorP95) }]),
      ),
    }
    console.log(`\nFan-out de um artigo para ${followers.toLocaleString('pt-BR')} seguidores`)
    console.log(`  publicar (a resposta ao autor): ${result.publishMs} ms`)
    console.log(`  trabalho da fila até o último aviso: ${result.fanOutSeconds} s (${result.perSecond}/s)`)
    if (fanOut)
      console.log(
        `  consumidor: ${fanOut.recipients} avisos, ${fanOut.rowsWritten} linhas escritas no D1, ${fanOut.statements} comandos, ${fanOut.ms} ms`,
      )
    console.log(`\nAbrir a caixa (${rounds} rodadas; custo fixo local p95 ${floorP95} ms)`)
    for (const [name, s] of Object.entries(result.box))
      console.log(
        `  ${name.padEnd(28)} p50 ${s.p50} ms  p95 ${s.p95} ms  p95 − custo fixo ${s.p95MinusFloor} ms`,
      )
    mkdirSync('bench-results', { recursive: true })
    writeFileSync(join('bench-results', 'notifications.json'), JSON.stringify(result, null, 2))
  } finally {
    worker.kill()
  }
}
