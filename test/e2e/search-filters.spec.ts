import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

/** Result dates (dd/mm/yyyy in each result's meta line) as yyyy-mm-dd, in page order. */
async function resultDates(page: Page): Promise<string[]> {
  const metas = await page.locator('.result__meta').allTextContents()
  return metas.map((meta) => {
    const [d, m, y] = (meta.match(/(\d{2})\/(\d{2})\/(\d{4})/) ?? []).slice(1)
    return `${y}-${m}-${d}`
  })
}

const search = (page: Page) => new URL(page.url()).search

const descending = (dates: string[]) => [...dates].sort().reverse().join() === dates.join()

/**
 * After a filter changes the URL, the new results replace the old ones a moment later: waits
 * until every result's meta line matches (and there is at least one).
 */
async function everyResultMeta(page: Page, text: string | RegExp) {
  const metas = page.locator('.result__meta')
  await expect(metas.first()).toBeVisible()
  await expect(metas.filter({ hasNotText: text })).toHaveCount(0)
}

test.describe('search filters and sorting (spec §2 URL rules)', () => {
  test('gazette filters: checkboxes add and remove their pair, selects set theirs, page resets, "limpar filtros"', async ({
    page,
  }) => {
    await page.goto('/busca?q=nomear&qo=d')
    await hydrated(page)
    const filters = page.getByRole('form', { name: 'Filtros' })
    const heading = page.getByRole('region', { name: /Diários Oficiais/ }).getByRole('heading', { level: 2 })
    const unfiltered = await heading.textContent()

    await filters.getByRole('checkbox', { name: 'SP' }).check()
    await expect(page).toHaveURL(/\?q=nomear&qo=d&filtro=1&uf=SP$/)
    await expect(heading).not.toHaveText(unfiltered ?? '')
    await expect(page.locator('.result__meta').first()).toContainText('São Paulo')

    await filters.getByRole('checkbox', { name: 'RJ' }).check()
    await expect(page).toHaveURL(/&filtro=1&uf=SP&uf=RJ$/)
    await page.getByRole('link', { name: 'Próxima página' }).click()
    // The gazettes' one database pages by a cursor too (decisions/0087).
    await expect(page).toHaveURL(/&uf=SP&uf=RJ&page=2&cursor=[\w-]+$/)

    // Another parameter: back to page 1; unchecking removes only its own pair.
    await filters.getByRole('checkbox', { name: 'SP' }).uncheck()
    await expect(page).toHaveURL(/&filtro=1&uf=RJ$/)
    await everyResultMeta(page, /Rio de Janeiro|RJ/)

    await filters.getByLabel('Caderno').selectOption({ index: 1 })
    await expect(page).toHaveURL(/&filtro=1&uf=RJ&caderno=[a-z0-9-]+$/)
    await filters.getByLabel('Caderno').selectOption('')
    await expect(page).toHaveURL(/&filtro=1&uf=RJ$/)

    await filters.getByRole('link', { name: 'Limpar filtros' }).click()
    await expect(page).toHaveURL(/\/busca\?q=nomear&qo=d$/)
    await expect(heading).toHaveText(unfiltered ?? '')
  })

  test('period and newest-first: dates inside the range, in descending order', async ({ page }) => {
    await page.goto('/busca?q=nomear&qo=d')
    await hydrated(page)
    const filters = page.getByRole('form', { name: 'Filtros' })
    await filters.getByLabel('Ordenar por').selectOption('recentes')
    await expect(page).toHaveURL(/&filtro=1&ordem=recentes$/)
    await expect.poll(async () => descending(await resultDates(page))).toBe(true)
    const newest = await resultDates(page)
    expect(newest.length).toBe(20)

    // The range ends a few days before the newest matéria, so the filter must cut something.
    const end = new Date(`${newest[0]}T12:00:00Z`)
    end.setUTCDate(end.getUTCDate() - 5)
    const [y, m, d] = end.toISOString().slice(0, 10).split('-')
    await filters.getByLabel('Data final').fill(`${d}/${m}/${y}`)
    await expect(page).toHaveURL(new RegExp(`&ordem=recentes&ate=${y}-${m}-${d}$`))
    await expect
      .poll(async () => (await resultDates(page)).every((date) => date <= `${y}-${m}-${d}`))
      .toBe(true)
    const dates = await resultDates(page)
    expect(dates.length).toBeGreaterThan(0)
    expect(descending(dates)).toBe(true)
  })

  test('lawsuit filters: court checkboxes and the class select, where tipo=0 removes the filter', async ({
    page,
  }) => {
    await page.goto('/busca?q=silva&qo=en')
    await hydrated(page)
    const filters = page.getByRole('form', { name: 'Filtros' })
    await filters.getByRole('checkbox', { name: 'TJSP' }).check()
    await expect(page).toHaveURL(/&filtro=1&tribunal=TJSP$/)
    await everyResultMeta(page, 'TJSP')
    const metas = page.locator('.result__meta')
    const withTjsp = await metas.count()
    // A class some TJSP result has ("Apelação Cível · TJSP"), so the filtered list cannot be
    // empty; compared in capitals, as the sources write them.
    const classes = filters.getByLabel('Classe processual')
    const options = await classes
      .locator('option')
      .evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']))
    const shown = (await metas.allTextContents()).map((meta) => meta.split(' · ')[0]?.toUpperCase())
    const [code, label] =
      options.find(([value, text]) => value !== '0' && shown.includes((text ?? '').toUpperCase())) ?? []
    expect(label, `a class of ${shown.join(', ')}`).toBeTruthy()
    await classes.selectOption(code ?? '')
    await expect(page).toHaveURL(new RegExp(`&tribunal=TJSP&tipo=${code}$`))
    await everyResultMeta(page, `${label} · TJSP`) // case aside
    await classes.selectOption('0')
    await expect(page).toHaveURL(/&filtro=1&tribunal=TJSP$/)
    await expect(metas).toHaveCount(withTjsp)
  })

  test('without JavaScript the filters are a form with a "Filtrar" button', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/busca?q=antonio&qo=p')
    const filters = page.getByRole('form', { name: 'Filtros' })
    await filters.getByLabel('Estado (UF)').selectOption('SP')
    await filters.getByRole('button', { name: 'Filtrar' }).click()
    await expect(page).toHaveURL(/\/busca\?q=antonio&qo=p&filtro=1&uf=SP$/)
    // With one UF chosen, its cities appear as a select of their own.
    await expect(page.getByRole('form', { name: 'Filtros' }).getByLabel('Cidade')).toBeVisible()
    await expect(page.locator('.result').first()).toBeVisible()
    await context.close()
  })

  test('a zero-result page suggests the spelling and the categories where the words are', async ({
    page,
  }) => {
    await page.goto('/busca?q=aposentadorai&qo=d')
    await expect(page.getByRole('status')).toContainText('Nenhum resultado para “aposentadorai”')
    await page.getByRole('link', { name: 'aposentadoria' }).click()
    await expect(page).toHaveURL(/q=aposentadoria/)
    await expect(page.locator('.result').first()).toBeVisible()

    await page.goto('/busca?q=aposentadoria&qo=p')
    const status = page.getByRole('status')
    await expect(status).toContainText('Os termos aparecem em outras categorias')
    await status.getByRole('link', { name: /Diários Oficiais/ }).click()
    await expect(page).toHaveURL(/qo=d/)
    await expect(page.locator('.result').first()).toBeVisible()
    expect(search(page)).toContain('q=aposentadoria')
  })
})
