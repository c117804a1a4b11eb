import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

const FUTURE = 'A data não pode estar no futuro.'

/** A date picker's own message area (spec §5: each error in its field's message area). */
const messageOf = (page: Page, label: string) =>
  page.locator('.date-picker', { has: page.getByLabel(label, { exact: true }) }).locator('.field__message')

test.describe('future dates are refused, never replaced by another date (spec §2)', () => {
  test('a gazette URL with a future date says so and shows no edition', async ({ page }) => {
    const response = await page.goto('/diarios/dou?data=2099-01-01')
    expect(response?.status()).toBe(400)
    await expect(messageOf(page, 'Data da edição')).toHaveText(FUTURE)
    await expect(page.getByRole('alert').filter({ hasText: FUTURE })).toBeVisible()
    await expect(page.getByLabel('Data da edição')).toHaveValue('01/01/2099')
    await expect(page.getByLabel('Data da edição')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(/^Edição \d+ de/)).toHaveCount(0)
    await expect(page.locator('[data-materia]')).toHaveCount(0)
  })

  test('a future date typed in the gazette date picker stays on the edition shown, with the message', async ({
    page,
  }) => {
    await page.goto('/diarios/dou?data=2023-05-12')
    await hydrated(page)
    const field = page.getByLabel('Data da edição')
    await field.fill('')
    await field.pressSequentially('01012099')
    await expect(messageOf(page, 'Data da edição')).toHaveText(FUTURE)
    await expect(page).toHaveURL(/\?data=2023-05-12$/)
    await expect(page.getByText('Edição 90 de 12/05/2023')).toBeVisible()
  })

  test('without JavaScript, a typed future date comes back with the message', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/diarios/dou?data=2023-05-12')
    await page.getByLabel('Data da edição').fill('01/01/2099')
    await page.getByRole('button', { name: 'Ver edição' }).click()
    await expect(page).toHaveURL(/data_texto=01%2F01%2F2099/)
    await expect(messageOf(page, 'Data da edição')).toHaveText(FUTURE)
    await expect(page.locator('[data-materia]')).toHaveCount(0)
    await context.close()
  })

  test('search period filters: de, ate and their typed fields refuse a future date', async ({ page }) => {
    await page.goto('/busca?q=nomear&qo=d')
    const heading = page.getByRole('region', { name: /Diários Oficiais/ }).getByRole('heading', { level: 2 })
    const unfiltered = await heading.textContent()

    // Not clamped to today (which would show only today's matérias): refused, with the message.
    await page.goto('/busca?q=nomear&qo=d&filtro=1&de=2099-01-01')
    await expect(messageOf(page, 'Data inicial')).toHaveText(FUTURE)
    await expect(page.getByLabel('Data inicial')).toHaveValue('01/01/2099')
    await expect(heading).toHaveText(unfiltered ?? '')

    await page.goto('/busca?q=nomear&qo=d&filtro=1&ate_texto=31%2F12%2F2099')
    await expect(messageOf(page, 'Data final')).toHaveText(FUTURE)
    await expect(heading).toHaveText(unfiltered ?? '')

    await page.goto('/jurisprudencia/busca?q=dano+moral&filtro=1&de_texto=02%2F01%2F2099')
    await expect(messageOf(page, 'Data inicial')).toHaveText(FUTURE)
  })

  test('a future date typed in a search filter is not applied', async ({ page }) => {
    await page.goto('/busca?q=nomear&qo=d')
    await hydrated(page)
    const field = page.getByRole('form', { name: 'Filtros' }).getByLabel('Data inicial')
    await field.pressSequentially('01012099')
    await expect(messageOf(page, 'Data inicial')).toHaveText(FUTURE)
    await expect(page).toHaveURL(/\/busca\?q=nomear&qo=d$/)
  })
})
