import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { buildCnj, formatCnj } from '../../app/domain/corpus/cnj'
import { expect, expectPhoneFriendly, hydrated, test } from './fixtures'

// The lawyer's day checked from outside (issue 45): on a 360 px phone, by keyboard and without
// JavaScript. Runs alone (the `alone` project): `npm run import` is a second process writing the
// served database (see monitoring-import.alone.spec.ts).

const TEXT = 'Fica a parte ré intimada para apresentar contrarrazões no prazo de 15 (quinze) dias.'

function importDjen(id: number, cnj: string, oab: string) {
  const dir = mkdtempSync(join(tmpdir(), 'djen-fora-'))
  const file = join(dir, 'comunicacoes.json')
  const item = {
    id,
    data_disponibilizacao: '2025-08-04',
    siglaTribunal: 'TJRJ',
    tipoComunicacao: 'Intimação',
    tipoDocumento: 'Despacho',
    nomeOrgao: '5ª VARA CÍVEL DA CAPITAL',
    texto: TEXT,
    numero_processo: cnj,
    numeroprocessocommascara: formatCnj(cnj),
    ativo: true,
    status: 'P',
    meio: 'D',
    destinatarios: [{ polo: 'P', nome: 'EMPRESA RÉ LTDA' }],
    destinatarioadvogados: [{ advogado: { nome: 'ADVOGADA DE FORA', numero_oab: oab, uf_oab: 'RJ' } }],
  }
  writeFileSync(file, JSON.stringify({ status: 'success', count: 1, items: [item] }))
  const result = spawnSync(
    'node_modules/.bin/tsx',
    ['scripts/import.ts', 'djen', file, '--persist-to', '.wrangler/e2e'],
    { encoding: 'utf8' },
  )
  expect(result.status, result.stderr).toBe(0)
}

/** A fresh inscription, monitored through the form, and one intimação naming it. */
async function lawyerWithIntimation(page: Page, typeIt: boolean) {
  const oab = String(100_000 + (Date.now() % 899_000))
  await page.goto('/monitoramentos')
  if (typeIt) {
    await hydrated(page)
    // Keyboard only: the number field, then the UF select, then the button.
    await page.getByLabel('Número da OAB').focus()
    await page.keyboard.type(`${oab}/RJ`)
    await page.keyboard.press('Tab')
    await page.keyboard.type('RJ')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
  } else {
    await page.getByLabel('Número da OAB').fill(oab)
    await page.getByLabel('UF', { exact: true }).selectOption('RJ')
    await page.getByRole('button', { name: 'Monitorar OAB' }).click()
  }
  await expect(
    page.getByRole('link', { name: new RegExp(`^OAB/RJ ${oab.slice(0, 3)}\\.${oab.slice(3)}$`) }),
  ).toBeVisible()
  importDjen(Number(String(Date.now()).slice(-9)), buildCnj(Number(oab), 2025, 8, 19, 3), oab)
}

test.use({ viewport: { width: 360, height: 780 } })

test('on a phone, by keyboard: the count’s dates stay whole and nothing scrolls sideways', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000)
  expect(user.id).toBeGreaterThan(0)
  await lawyerWithIntimation(page, true)
  await page.goto('/intimacoes')
  await hydrated(page)
  const card = page.locator('article.intimation').first()
  const breakdown = card.locator('details.deadline-breakdown')
  await breakdown.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(breakdown.locator('dl')).toBeVisible()
  // Each date of the summary ("seg 04/08/2025") on one line: it was cut as "04/08/20" over "25".
  const cut = await breakdown.locator('dd').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = cell.textContent ?? ''
      const date = /\d{2}\/\d{2}\/\d{4}/.exec(text)
      const node = [...cell.querySelectorAll('*'), cell]
        .flatMap((el) => [...el.childNodes])
        .find((n) => n.nodeType === Node.TEXT_NODE && date && n.textContent?.includes(date[0]))
      if (!date || !node) return []
      const range = document.createRange()
      const start = node.textContent?.indexOf(date[0]) ?? 0
      range.setStart(node, start)
      range.setEnd(node, start + date[0].length)
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
      return tops.size > 1 ? [date[0]] : []
    }),
  )
  expect(cut).toEqual([])
  await expectPhoneFriendly(page, '/intimacoes')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a refused correction comes back open at its intimação with the message; an unknown court is refused', async ({
    page,
    user,
  }) => {
    test.setTimeout(120_000)
    expect(user.id).toBeGreaterThan(0)
    await lawyerWithIntimation(page, false)
    await page.goto('/intimacoes')
    const card = page.locator('article.intimation').first()
    const id = (await card.getAttribute('id')) ?? ''
    await card.getByText('Corrigir o prazo').click()
    await card.getByLabel('Número de dias').fill('-3')
    await card.getByRole('button', { name: 'Recalcular' }).click()
    await expect(page).toHaveURL(new RegExp(`/intimacoes#${id}$`))
    const again = page.locator(`#${id}`)
    await expect(again.getByText('Informe um número de dias entre 1 e 365.').first()).toBeVisible()
    await expect(again.getByLabel('Número de dias')).toHaveValue('-3')

    await again.getByLabel('Número de dias').fill('')
    await again.getByLabel('Calendário do tribunal (sigla)').fill('TJZZ')
    await again.getByRole('button', { name: 'Recalcular' }).click()
    await expect(
      page
        .locator(`#${id}`)
        .getByText(
          'Tribunal não reconhecido. Informe a sigla de um tribunal (ex.: TJSP, TJDFT, TRF3, TRT2, STJ).',
        )
        .first(),
    ).toBeVisible()
    await expect(page.locator(`#${id}`)).not.toContainText('Prazo corrigido por você')

    await page.locator(`#${id}`).getByLabel('Calendário do tribunal (sigla)').fill('')
    await page.locator(`#${id}`).getByLabel('Número de dias').fill('5')
    await page.locator(`#${id}`).getByRole('button', { name: 'Recalcular' }).click()
    await expect(page.getByText('Prazo recalculado com a sua correção.')).toBeVisible()
    await expect(page.locator(`#${id}`)).toContainText('Prazo corrigido por você')
  })
})
