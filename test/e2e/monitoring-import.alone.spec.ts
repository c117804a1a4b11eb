import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildCnj, formatCnj } from '../../app/domain/corpus/cnj'
import { expect, test, uniqueTag } from './fixtures'

// Runs alone, after every other test (the `alone` project in playwright.config.ts): `npm run
// import` is a second process writing the served database's SQLite file; while it holds the
// lock the site's queries wait for it (decisions/0078), which would slow the tests running
// beside it. In production the import writes through D1's API and there is no shared file.

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

test('a name in a file imported with `npm run import` arrives after a cron tick, with why', async ({
  page,
  baseURL,
  user,
}) => {
  test.setTimeout(120_000)
  expect(user.id).toBeGreaterThan(0)
  const tag = uniqueTag()
  const name = `Eulália ${tag} Vasconcelos`
  const created = await page.request.post(`${origin(baseURL)}/ajax/monitoramentos`, {
    data: { tipo: 'nome', termo: name, modo: 'exato', fontes: ['djen'] },
    headers: { Origin: origin(baseURL) },
  })
  const { monitoramento } = (await created.json()) as { monitoramento: { id: number } }

  // A new DJEN file, imported by the real command into the running server's database.
  const cnj = buildCnj(Number(String(Date.now()).slice(-7)), 2026, 8, 19, 1)
  const dir = mkdtempSync(join(tmpdir(), 'djen-'))
  const file = join(dir, 'comunicacao.json')
  writeFileSync(
    file,
    JSON.stringify({
      status: 'success',
      count: 1,
      items: [
        {
          id: Number(String(Date.now()).slice(-9)),
          data_disponibilizacao: '2026-11-20',
          siglaTribunal: 'TJRJ',
          tipoComunicacao: 'Intimação',
          nomeOrgao: '3ª VARA CÍVEL DA CAPITAL',
          texto: `Fica intimada ${name.toUpperCase()}, por meio de seu advogado, para manifestação em 15 dias.`,
          numero_processo: cnj,
          numeroprocessocommascara: formatCnj(cnj),
          nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
          codigoClasse: '7',
          meio: 'D',
          destinatarios: [],
          destinatarioadvogados: [],
        },
      ],
    }),
  )
  const imported = spawnSync(
    'node_modules/.bin/tsx',
    ['scripts/import.ts', 'djen', file, '--persist-to', '.wrangler/e2e'],
    { encoding: 'utf8' },
  )
  expect(imported.status, imported.stderr).toBe(0)
  expect(imported.stdout).toMatch(/djen: [1-9]\d* importados/)

  await expect(async () => {
    expect((await page.request.get(`${origin(baseURL)}/__scheduled?cron=*/5+*+*+*+*`)).status()).toBe(200)
    await page.goto(`/monitoramentos/${monitoramento.id}`)
    await expect(page.locator('.hit').first()).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 60_000 })
  const hit = page.locator('.hit').first()
  await expect(hit.locator('mark')).toHaveText(name.toUpperCase())
  await expect(hit.getByRole('link').first()).toHaveText(
    /“Eulália .* Vasconcelos” em Diário de Justiça Eletrônico Nacional/,
  )
  await expect(hit.locator('.hit__why')).not.toBeEmpty()
  // And it reached the notifications box.
  await expect
    .poll(async () =>
      JSON.stringify(await (await page.request.get(`${origin(baseURL)}/ajax/notificacoes`)).json()),
    )
    .toContain(`Monitoramento: “${name}”`)
})
