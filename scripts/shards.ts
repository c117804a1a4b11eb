/**
 * The corpus's shard map and its splits, for an operator (decisions/0072, 0077), on the local
 * databases `npm start` serves (JURISEDGE_STATE or `.wrangler/state`).
 * Usage: npm run shards -- mapa
 *        npm run shards -- dividir <entrada> [--para CORPUS_n] [--em <id>]
 *        npm run shards -- continuar <divisão>
 *        npm run shards -- estado
 * `dividir` moves the older ids of a map entry (an id of `corpus_shards`, see `mapa`) to another
 * database and runs the job to its end (waiting out the 60 s after the switch); killed, it goes
 * on from where it stopped with `continuar` (or the cron's next tick).
 */
import { desc } from 'drizzle-orm'
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../app/db/client.server'
import { corpusShards, corpusSplits } from '../app/db/schema-shards'
import { runSplit, type Split, type SplitDeps, startSplit } from '../app/domain/corpus/split/split.server'
import { databaseSize } from '../app/domain/corpus/split/threshold.server'
import { stateDir } from './lib/state.mjs'

const USAGE = `Uso: npm run shards -- mapa
       npm run shards -- dividir <entrada> [--para CORPUS_n] [--em <id>]
       npm run shards -- continuar <divisão>
       npm run shards -- estado`
const ERRORS = {
  entrada: 'essa entrada não está no mapa (veja npm run shards -- mapa)',
  destino: 'o destino já guarda um shard dessa família, ou é a própria origem: escolha um banco sem shards',
  vazio: 'a entrada tem menos de dois documentos: nada a dividir',
  faixa: 'o corte (--em) deve estar dentro da faixa de ids da entrada',
} as const

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args.splice(at, 2)[1] : undefined
}
const target = option('--para')
const cut = option('--em')
const [command, value] = args

const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${stateDir()}/v3` } })
const bindings = env as unknown as Record<string, D1Database | undefined>
const declared = Object.keys(bindings).filter((name) => /^CORPUS_\d+$/.test(name))
const db = createDb(env.DB)
const open = (binding: string) => {
  const d1 = bindings[binding]
  if (!d1) throw new Error(`${binding} não está declarado no wrangler.toml`)
  return binding === 'DB' ? db : createDb(d1)
}
const deps: SplitDeps = { db, pageVersions: env.PAGE_VERSIONS, open }
const line = (s: Split) =>
  `divisão ${s.id}: entrada ${s.entryId} (shard ${s.shard}, ${s.family}), ids ${s.idFrom}–${s.idTo - 1} de ${s.source} para ${s.target}: ${s.step}${s.error ? ` (${s.error})` : ''}`

/** Runs the split to its end, waiting out the grace after the switch. */
async function toTheEnd(id: number) {
  for (;;) {
    const split = await runSplit(deps, id, {
      checkpoint: (point) => process.stdout.write(`\r${point}        `),
    })
    process.stdout.write('\n')
    console.log(line(split))
    if (split.step !== 'aguardar') return split
    console.log('mapa trocado; aguardando 60 s até que todo leitor o tenha…')
    await new Promise((resolve) => setTimeout(resolve, 5000))
  }
}

try {
  if (command === 'mapa') {
    const rows = await db.select().from(corpusShards).orderBy(corpusShards.idFrom)
    if (!rows.length) console.log('nenhum mapa publicado: todo o acervo está em DB (o mapa degenerado)')
    for (const r of rows)
      console.log(
        `entrada ${r.id}: shard ${r.shard} ${r.family} [${r.periodFrom || '…'}, ${r.periodTo === '~' ? '…' : r.periodTo}) ids ${r.idFrom}–${r.idTo - 1} em ${r.binding}`,
      )
    for (const binding of declared.concat('DB'))
      console.log(`${binding}: ${((await databaseSize(open(binding))) / 1e6).toFixed(1)} MB`)
  } else if (command === 'dividir' && value) {
    const rows = await db.select().from(corpusShards)
    const busy = new Set(rows.map((r) => r.binding))
    const to = target ?? declared.find((b) => !busy.has(b))
    if (!to || !declared.includes(to)) {
      console.error(
        `destino inválido ou nenhum banco livre entre ${declared.join(', ')}: use --para CORPUS_n`,
      )
      process.exitCode = 2
    } else {
      const started = await startSplit(deps, {
        entryId: Number(value),
        target: to,
        at: cut ? Number(cut) : undefined,
      })
      if (!started.ok) {
        console.error(`não foi possível dividir: ${ERRORS[started.error]}`)
        process.exitCode = 2
      } else {
        if (started.resumed) console.log('essa entrada já tinha uma divisão em curso: continuando-a')
        const done = await toTheEnd(started.split.id)
        if (done.step === 'falhou') process.exitCode = 1
      }
    }
  } else if (command === 'continuar' && value) {
    const done = await toTheEnd(Number(value))
    if (done.step === 'falhou') process.exitCode = 1
  } else if (command === 'estado') {
    const splits = await db.select().from(corpusSplits).orderBy(desc(corpusSplits.id)).limit(20)
    if (!splits.length) console.log('nenhuma divisão')
    for (const s of splits) console.log(line(s))
  } else {
    console.error(USAGE)
    process.exitCode = 2
  }
} catch (error) {
  console.error(`erro: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await dispose()
}
