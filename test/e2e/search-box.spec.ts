import type { Page } from '@playwright/test'
import { expect, hydrated, pauseClock, test } from './fixtures'

const box = (page: Page) => page.getByRole('main').getByRole('form', { name: 'Buscar' })

async function countSuggestionRequests(page: Page): Promise<() => number> {
  let n = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v2/busca/sugestoes')) n++
  })
  return () => n
}

test.describe('search box', () => {
  test('suggests from 3 characters, 300 ms after typing stops, names that start with the input', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    await hydrated(page)
    await pauseClock(page)
    const requests = await countSuggestionRequests(page)
    const input = box(page).getByRole('combobox', { name: 'Termo de busca' })
    await input.pressSequentially('an')
    await page.clock.runFor(1000)
    expect(requests()).toBe(0) // below 3 characters
    await input.pressSequentially('t')
    await page.clock.runFor(290)
    expect(requests()).toBe(0) // still inside the debounce
    const answer = page.waitForResponse('**/api/v2/busca/sugestoes')
    await page.clock.runFor(20)
    expect((await answer).request().postDataJSON()).toEqual({ termo: 'ant' })
    const list = page.getByRole('listbox', { name: 'Sugestões' })
    // Popular searches (other tests search too), members, then people and companies of the
    // corpus: the demo member is among them, and all start with the input.
    await expect(list.getByRole('option', { name: 'Antônio Alves Pereira', exact: true })).toBeVisible()
    for (const option of await list.getByRole('option').allTextContents()) {
      expect(option.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toMatch(/^ant/)
    }
    const first = (await list.getByRole('option').first().textContent()) ?? ''
    await input.press('ArrowDown')
    await input.press('Enter')
    await expect(page).toHaveURL(`/busca?${new URLSearchParams({ qo: 't', q: first })}`)
  })

  test('suggests only for "Tudo" and "Partes em Processos"', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await hydrated(page)
    await pauseClock(page)
    const requests = await countSuggestionRequests(page)
    const list = page.getByRole('listbox', { name: 'Sugestões' })
    await box(page).getByLabel('Categoria').selectOption('p')
    await box(page).getByRole('combobox', { name: 'Termo de busca' }).fill('antonio')
    await page.clock.runFor(1000) // well past the 300 ms debounce
    expect(requests()).toBe(0)
    await expect(list).toHaveCount(0)
    await box(page).getByLabel('Categoria').selectOption('en')
    const answer = page.waitForResponse('**/api/v2/busca/sugestoes')
    await page.clock.runFor(310)
    expect((await answer).request().postDataJSON()).toEqual({ termo: 'antonio' })
    await expect(list.getByRole('option', { name: 'Antônio Alves Pereira', exact: true })).toBeVisible()
    expect(requests()).toBe(1)
  })

  test('an empty submit focuses the input and goes nowhere', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await box(page).getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(box(page).getByRole('combobox', { name: 'Termo de busca' })).toBeFocused()
  })

  test('keeps the last 5 searches, newest first, in the shape of the spec', async ({ page }) => {
    for (const [q, qo] of [
      ['contrato', 't'],
      ['antonio', 'p'],
      ['licitação', 'd'],
      ['habeas corpus', 'jr'],
      ['tortura', 'leis'],
      ['aposentadoria', 't'],
    ]) {
      await page.goto('/')
      await hydrated(page)
      await box(page)
        .getByLabel('Categoria')
        .selectOption(qo as string)
      await box(page)
        .getByRole('combobox', { name: 'Termo de busca' })
        .fill(q as string)
      await box(page).getByRole('button', { name: 'Buscar' }).click()
      await page.waitForURL(/busca/)
    }
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('searchHistory') ?? '[]'))
    expect(history).toHaveLength(5)
    expect(history.map((e: { form: { search: { value: string } } }) => e.form.search.value)).toEqual([
      'aposentadoria',
      'tortura',
      'habeas corpus',
      'licitação',
      'antonio',
    ])
    expect(history[1]).toEqual({
      form: {
        filter: { name: 'qo', value: 'leis', label: 'Legislação' },
        search: { name: 'q', value: 'tortura' },
      },
      createdAt: expect.any(Number),
    })
    expect(history[0].createdAt).toBeGreaterThan(history[1].createdAt)
    // Focusing the empty box shows them; a click repeats the search.
    await page.goto('/')
    await hydrated(page)
    await box(page).getByRole('combobox', { name: 'Termo de busca' }).focus()
    const recent = page.getByRole('navigation', { name: 'Buscas recentes' })
    await expect(recent.getByRole('link')).toHaveCount(5)
    await recent.getByRole('link', { name: /tortura/ }).click()
    await expect(page).toHaveURL(/\/legislacao\/busca\?q=tortura$/)
  })

  test.describe('the resubmit lock', () => {
    test.use({ viewport: { width: 1280, height: 800 } })

    /**
     * Records each submit after every handler ran (a window listener runs last): whether it went
     * out, then stops it, so the page stays and "nothing was sent" needs no waiting.
     */
    async function recordSubmits(page: Page) {
      await page.evaluate(() => {
        const log: boolean[] = []
        Object.assign(window, { submits: log })
        window.addEventListener('submit', (event) => {
          log.push(!event.defaultPrevented)
          event.preventDefault()
        })
      })
    }
    const sent = (page: Page) =>
      page.evaluate(() => (window as unknown as { submits: boolean[] }).submits.filter(Boolean).length)
    const tried = (page: Page) =>
      page.evaluate(() => (window as unknown as { submits: boolean[] }).submits.length)

    test('blocks further submits for 3 s, from any search box on the page', async ({ page }) => {
      await page.clock.install()
      await page.goto('/')
      await hydrated(page)
      await pauseClock(page)
      await recordSubmits(page)
      const main = box(page)
      await main.getByRole('combobox', { name: 'Termo de busca' }).fill('contrato')
      await main.getByRole('button', { name: 'Buscar' }).click()
      expect(await sent(page)).toBe(1)
      await main.getByRole('button', { name: 'Buscar' }).click()
      // The header's search box shares the lock.
      const header = page.locator('.main-nav details.header-search')
      await header.locator('summary').click()
      await header.getByRole('combobox', { name: 'Termo de busca' }).fill('licitação')
      await header.getByRole('combobox', { name: 'Termo de busca' }).press('Enter')
      expect(await tried(page)).toBe(3)
      expect(await sent(page)).toBe(1)
      await page.clock.runFor(2900)
      await main.getByRole('button', { name: 'Buscar' }).click()
      expect(await sent(page)).toBe(1)
      await page.clock.runFor(200)
      await main.getByRole('button', { name: 'Buscar' }).click()
      expect(await sent(page)).toBe(2)
    })

    test('a second Enter that lands on the results page does not search again', async ({ page }) => {
      await page.clock.install()
      await page.goto('/')
      await hydrated(page)
      await pauseClock(page)
      const input = box(page).getByRole('combobox', { name: 'Termo de busca' })
      await input.fill('contrato')
      await input.press('Enter')
      await page.waitForURL(/\/busca\?qo=t&q=contrato$/)
      await hydrated(page)
      await recordSubmits(page)
      await input.press('Enter')
      expect(await tried(page)).toBe(1)
      expect(await sent(page)).toBe(0)
      await page.clock.runFor(3100)
      await input.press('Enter')
      expect(await sent(page)).toBe(1)
    })
  })

  test('"Jurisprudência" and "Legislação" submit to their own routes without qo', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await box(page).getByLabel('Categoria').selectOption('jr')
    await box(page).getByRole('combobox', { name: 'Termo de busca' }).fill('alimentos')
    await box(page).getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/\/jurisprudencia\/busca\?q=alimentos$/)
    await expect(page.getByRole('main').getByLabel('Categoria')).toBeDisabled()
  })
})
