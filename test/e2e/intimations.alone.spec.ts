import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildCnj, formatCnj } from '../../app/domain/corpus/cnj'
import { computeDeadline } from '../../app/domain/deadlines/compute'
import { expect, expectPhoneFriendly, hydrated, test } from './fixtures'

// `/intimacoes` and `/prazos` (issue 41). Runs alone (the `alone` project): `npm run import` is a
// second process writing the served database (see monitoring-import.alone.spec.ts).

const TEXT = 'Fica a parte ré intimada para apresentar contrarrazões no prazo de 15 (quinze) dias.'
const br = (iso: string) => iso.split('-').reverse().join('/')

function importDjen(items: object[]) {
  const dir = mkdtempSync(join(tmpdir(), 'djen-intimacoes-'))
  const file = join(dir, 'comunicacoes.json')
  writeFileSync(file, JSON.stringify({ status: 'success', count: items.length, items }))
  const result = spawnSync(
    'node_modules/.bin/tsx',
    ['scripts/import.ts', 'djen', file, '--persist-to', '.wrangler/e2e'],
    {
      encoding: 'utf8',
    },
  )
  expect(result.status, result.stderr).toBe(0)
}

const item = (id: number, cnj: string, date: string, oab: string, text = TEXT) => ({
  id,
  data_disponibilizacao: date,
  siglaTribunal: 'TJRJ',
  tipoComunicacao: 'Intimação',
  tipoDocumento: 'Despacho',
  nomeOrgao: '5ª VARA CÍVEL DA CAPITAL',
  texto: text,
  numero_processo: cnj,
  numeroprocessocommascara: formatCnj(cnj),
  nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
  codigoClasse: '7',
  ativo: true,
  status: 'P',
  meio: 'D',
  destinatarios: [{ polo: 'P', nome: 'EMPRESA RÉ LTDA' }],
  destinatarioadvogados: [{ advogado: { nome: 'ADVOGADA DE TESTE', numero_oab: oab, uf_oab: 'RJ' } }],
})

test.use({ viewport: { width: 360, height: 780 } })

test('a lawyer reads her intimações, filters them, corrects a deadline and marks it done; /prazos groups them', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000)
  expect(user.id).toBeGreaterThan(0)
  const oab = String(100_000 + (Date.now() % 900_000))
  await page.goto('/monitoramentos')
  await hydrated(page)
  await page.getByLabel('Número da OAB').fill(`OAB/RJ ${oab.slice(0, 3)}.${oab.slice(3)}`)
  await page.getByLabel('UF', { exact: true }).selectOption('RJ')
  await page.getByRole('button', { name: 'Monitorar OAB' }).click()
  await expect(
    page.getByRole('link', { name: new RegExp(`OAB/RJ ${oab.slice(0, 3)}\\.${oab.slice(3)}`) }),
  ).toBeVisible()

  const first = buildCnj(Number(oab), 2025, 8, 19, 1)
  const second = buildCnj(Number(oab) + 1, 2025, 8, 19, 1)
  const base = Number(String(Date.now()).slice(-9))
  importDjen([
    item(base, first, '2025-08-04', oab),
    item(base + 1, second, '2025-08-11', `0${oab}`, `${TEXT} Segunda comunicação.`),
  ])
  const lastDay = (date: string, days?: number) =>
    computeDeadline({
      availableOn: date,
      court: 'TJRJ',
      text: TEXT,
      active: true,
      ...(days ? { override: { days } } : {}),
    })?.lastDay ?? ''

  await page.goto('/intimacoes')
  await hydrated(page)
  const cards = page.locator('article.intimation')
  await expect(cards).toHaveCount(2)
  // Newest first, each with its lawsuit link and deadline.
  await expect(cards.first()).toContainText(formatCnj(second))
  await expect(cards.nth(1).getByRole('link', { name: `Processo ${formatCnj(first)}` })).toHaveAttribute(
    'href',
    `/processos/${formatCnj(first)}`,
  )
  await expect(cards.nth(1)).toContainText(`Prazo: até ${br(lastDay('2025-08-04'))}`)

  // Filter by lawsuit.
  await page.getByLabel('Número do processo').fill(formatCnj(first))
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/processo=/)
  await expect(cards).toHaveCount(1)

  // Correct the days: recounted at once and marked.
  const card = cards.first()
  await card.getByText('Corrigir o prazo').click()
  await card.getByLabel('Número de dias').fill('5')
  await card.getByRole('button', { name: 'Recalcular' }).click()
  await expect(card).toContainText(`Prazo: até ${br(lastDay('2025-08-04', 5))}`)
  await expect(card).toContainText('Prazo corrigido por você')
  await card.getByRole('button', { name: 'Marcar como cumprido' }).click()
  await expect(card.getByRole('button', { name: 'Desmarcar cumprido' })).toBeVisible()

  // `/prazos`: both are past (2025), the corrected one marked as done; the feed's address is there.
  await page.goto('/prazos')
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Vencidos (2)' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Hoje (0)' })).toBeVisible()
  const feed = await page.getByLabel('Endereço da agenda').inputValue()
  expect(feed).toMatch(/\/prazos\/agenda\/[A-Za-z0-9_-]+\.ics$/)
  const ics = await (await page.request.get(feed)).text()
  expect(ics.replace(/\r\n /g, '')).toContain(formatCnj(first))
  await expectPhoneFriendly(page, '/prazos')
  await expectPhoneFriendly(page, '/intimacoes')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('"cumprido" is one plain form post', async ({ page, user }) => {
    test.setTimeout(120_000)
    expect(user.id).toBeGreaterThan(0)
    const oab = String(100_007 + (Date.now() % 899_000))
    await page.goto('/monitoramentos')
    await page.getByLabel('Número da OAB').fill(oab)
    await page.getByLabel('UF', { exact: true }).selectOption('RJ')
    await page.getByRole('button', { name: 'Monitorar OAB' }).click()
    importDjen([
      item(
        Number(String(Date.now()).slice(-9)) + 5,
        buildCnj(Number(oab), 2025, 8, 19, 2),
        '2025-08-04',
        oab,
      ),
    ])
    await page.goto('/intimacoes')
    await page.getByRole('button', { name: 'Marcar como cumprido' }).click()
    await expect(page.getByText('Prazo marcado como cumprido.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Desmarcar cumprido' })).toBeVisible()
  })
})
