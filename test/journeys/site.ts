import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'

/**
 * The site the journeys run against: started by playwright.journeys.config.ts exactly as the
 * README says (`npm run reset`, then `npm start -- --port N`), on its own port and in its own
 * state folder (JURISEDGE_STATE), so a developer's `.wrangler/state` is never touched
 * (decisions/0060). The crons run by themselves, every CRON_INTERVAL_SECONDS instead of 5 min.
 */
export const JOURNEYS_PORT = Number(process.env.JOURNEYS_PORT ?? 8806)
export const JOURNEYS_ORIGIN = `http://localhost:${JOURNEYS_PORT}`
export const JOURNEYS_STATE = '.wrangler/journeys'
export const CRON_INTERVAL_SECONDS = 10

/** Environment of every command a journey runs: the same state folder the site serves. */
export const journeyEnv = { ...process.env, JURISEDGE_STATE: JOURNEYS_STATE }

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Runs `npm run <script> -- <args>` as the README shows it, against the journeys' state. */
export function npmRun(script: string, args: string[]) {
  const result = spawnSync(npm, ['run', '--silent', script, '--', ...args], {
    encoding: 'utf8',
    env: journeyEnv,
  })
  expect(result.status, `npm run ${script} -- ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0)
  return result
}

/**
 * A DOU file in the format of the samples in ../shared/data/dou/, naming `name` in a new matéria
 * (its own idMateria), written to a temp folder; `npm run import -- dou <file>` loads it.
 */
export function importDouNaming(name: string, shared = process.env.SHARED_DATA_DIR ?? '../shared/data') {
  const sample = readFileSync(join(shared, 'dou', '530_20230512_14508442.xml'), 'utf8')
  const idMateria = String(Date.now()).slice(-9)
  const text =
    `<p class="identifica">PORTARIA Nº ${idMateria.slice(-4)}, DE 10 DE NOVEMBRO DE 2026</p>` +
    `<p>O REITOR DO INSTITUTO FEDERAL DA PARAÍBA, no uso de suas atribuições, resolve designar ` +
    `${name.toUpperCase()}, advogada, para representar o Instituto nos autos do processo ` +
    `nº 83167.000433/2017-14.</p>`
  const xml = sample
    .replace(/idMateria="\d+"/, `idMateria="${idMateria}"`)
    .replace(/ id="\d+"/, ` id="${idMateria}"`)
    .replace(
      /<Identifica><!\[CDATA\[[^\]]*\]\]><\/Identifica>/,
      `<Identifica><![CDATA[PORTARIA Nº ${idMateria.slice(-4)}]]></Identifica>`,
    )
    .replace(/artType="[^"]*"/, 'artType="Portaria"')
    .replace(/<Texto><!\[CDATA\[[\s\S]*?\]\]><\/Texto>/, `<Texto><![CDATA[${text}]]></Texto>`)
  expect(xml).toContain(idMateria)
  const dir = mkdtempSync(join(tmpdir(), 'jornada-dou-'))
  const file = join(dir, `530_20261110_${idMateria}.xml`)
  writeFileSync(file, xml)
  try {
    const result = npmRun('import', ['dou', file])
    expect(result.stdout).toMatch(/dou: 1 importad/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A unique surname of letters only (a name with digits would not read as a person's name). */
export function uniqueSurname(): string {
  const letters = 'bcdfghjklmnprstvz'
  const vowels = 'aeiou'
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000)
  let out = ''
  for (let i = 0; n > 0 && i < 8; i++) {
    out += i % 2 ? vowels[n % 5] : letters[n % 17]
    n = Math.floor(n / (i % 2 ? 5 : 17))
  }
  return out.charAt(0).toUpperCase() + out.slice(1)
}

/** Waits for what a person would wait for: reloads `path` until `check` passes (no fixed sleeps). */
export async function reloadUntil(page: Page, path: string, check: () => Promise<void>, timeout = 90_000) {
  await expect(async () => {
    await page.goto(path)
    await check()
  }).toPass({ timeout, intervals: [1000, 2000, 3000] })
}

/**
 * A DJEN file in the format of the sample in ../shared/data/djen/ (the API's `items[]`): one
 * intimação naming OAB `number`/`uf` among its lawyers, written to a temp folder and loaded with
 * `npm run import -- djen <file>` (issue 41).
 */
export function importDjenNaming(
  communication: { number: string; uf: string; cnj: string; maskedCnj: string; date: string; text: string },
  shared = process.env.SHARED_DATA_DIR ?? '../shared/data',
) {
  const sample = JSON.parse(
    readFileSync(join(shared, 'djen', 'tjrj_comunicacoes_09199921120238190001.json'), 'utf8'),
  ) as { items: Record<string, unknown>[] }
  const id = Number(String(Date.now()).slice(-9))
  const item = {
    ...sample.items[0],
    id,
    data_disponibilizacao: communication.date,
    datadisponibilizacao: communication.date.split('-').reverse().join('/'),
    tipoComunicacao: 'Intimação',
    tipoDocumento: 'Despacho',
    nomeOrgao: '27ª VARA CÍVEL DA COMARCA DA CAPITAL',
    texto: communication.text,
    numero_processo: communication.cnj,
    numeroprocessocommascara: communication.maskedCnj,
    destinatarioadvogados: [
      {
        id: 1,
        comunicacao_id: id,
        advogado_id: 1,
        advogado: {
          id: 1,
          nome: 'ADVOGADA DA JORNADA',
          numero_oab: communication.number,
          uf_oab: communication.uf,
        },
      },
    ],
  }
  const dir = mkdtempSync(join(tmpdir(), 'jornada-djen-'))
  const file = join(dir, 'comunicacoes.json')
  writeFileSync(file, JSON.stringify({ status: 'success', count: 1, items: [item] }))
  try {
    const result = npmRun('import', ['djen', file])
    expect(result.stdout).toMatch(/djen: [1-9]\d* importad/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
