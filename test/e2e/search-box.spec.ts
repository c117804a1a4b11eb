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
    test.use({ allowConsoleErrors: [/ERR_ABORTED|net::|Failed to load/] })
    test('blocks further submits for 3 s after one', async ({ page }) => {
      await page.clock.install()
      await page.goto('/')
      await hydrated(page)
      await pauseClock(page)
      // Navigations are counted and cancelled, so the page stays to receive the next submits.
      let navigations = 0
      await page.route('**/busca?**', (route) => {
        navigations++
        return route.abort('aborted')
      })
      await box(page).getByRole('combobox', { name: 'Termo de busca' }).fill('contrato')
      // Submits the form as the button would, and tells whether the page let it go through.
      const submit = () =>
        page.evaluate(() => {
          let wentThrough = false
          window.addEventListener(
            'submit',
            (event) => {
              wentThrough = !event.defaultPrevented
            },
            { once: true },
          )
          document.querySelector<HTMLFormElement>('main form[aria-label="Buscar"]')?.requestSubmit()
          return wentThrough
        })
      expect(await submit()).toBe(true)
      expect(await submit()).toBe(false) // locked
      await expect.poll(() => navigations).toBe(1)
      await page.clock.runFor(2900)
      expect(await submit()).toBe(false) // still locked at 2.9 s
      await page.clock.runFor(200)
      expect(await submit()).toBe(true)
      await expect.poll(() => navigations).toBe(2)
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
