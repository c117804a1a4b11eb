import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, hydrated, loginAs, test } from './fixtures'

/** Every link of the header, the side menu included, whether shown or folded away. */
async function headerLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('header.site-header a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))
  return [...new Set(hrefs)]
}

/** Answers each link with a real page load (profiles live on *.localhost, which Chromium resolves). */
async function statusOf(page: Page, href: string): Promise<number | undefined> {
  const response = await page.goto(href)
  return response?.status()
}

/** WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0)
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

test.describe('header links', () => {
  test('every header and side-menu link answers 200, logged out and logged in', async ({ page, baseURL }) => {
    test.setTimeout(90_000)
    await page.goto('/')
    const loggedOut = await headerLinks(page)
    expect(loggedOut.length).toBeGreaterThan(10)
    for (const href of loggedOut) expect.soft(await statusOf(page, href), href).toBe(200)

    await loginAs(page, baseURL)
    await page.goto('/')
    const loggedIn = (await headerLinks(page)).filter((href) => !loggedOut.includes(href))
    expect(loggedIn.length).toBeGreaterThan(2)
    for (const href of loggedIn) expect.soft(await statusOf(page, href), href).toBe(200)
  })

  test('offers the features that now exist: monitoring (lawsuits and names) and "Artigos e comunidades"', async ({
    page,
  }) => {
    await page.goto('/')
    const header = page.locator('header.site-header')
    // Folded in closed menus, so found by their addresses, not their roles.
    await expect(header.locator('a[href$="/monitoramentos"]').first()).toHaveText(
      'Monitoramento de processos',
    )
    await expect(header.locator('a[href*="/monitoramentos/novo?campaign_id=29"]').first()).toHaveText(
      'Monitoramento de nomes nos diários',
    )
    await expect(header.locator('a[href$="/artigos"]').first()).toHaveText('Artigos e comunidades')
  })
})

test.describe('logged-out header on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('"Entrar" is readable on the header and "Cadastre-se" is a button', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const bar = page.locator('header.site-header')
    const login = bar.getByRole('link', { name: 'Entrar' })
    const signup = bar.getByRole('link', { name: 'Cadastre-se' })
    await expect(login).toBeVisible()
    await expect(signup).toBeVisible()
    const barColour = await bar.evaluate((el) => getComputedStyle(el).backgroundColor)
    const loginColour = await login.evaluate((el) => getComputedStyle(el).color)
    expect(contrast(loginColour, barColour)).toBeGreaterThanOrEqual(4.5)
    // A button: its own fill, set apart from the bar, with readable text on it.
    const fill = await signup.evaluate((el) => getComputedStyle(el).backgroundColor)
    const text = await signup.evaluate((el) => getComputedStyle(el).color)
    expect(contrast(fill, barColour)).toBeGreaterThanOrEqual(3)
    expect(contrast(text, fill)).toBeGreaterThanOrEqual(4.5)
    const results = await new AxeBuilder({ page }).include('header.site-header').analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  })
})

test.describe('side menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('logged out: "Entrar" and "Cadastre-se" are in the side menu and the bar fits', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.locator('.side-menu > summary').click()
    const account = page.locator('.side-menu__panel').getByRole('navigation', { name: 'Sua conta' })
    await expect(account.getByRole('link', { name: 'Entrar' })).toBeVisible()
    await account.getByRole('link', { name: 'Cadastre-se' }).click()
    await expect(page).toHaveURL(/\/cadastrar$/)
  })

  test("logged in: the user's own entries are in the side menu", async ({ page, baseURL }) => {
    await loginAs(page, baseURL)
    await page.goto('/')
    await hydrated(page)
    await page.locator('.side-menu > summary').click()
    const account = page.locator('.side-menu__panel').getByRole('navigation', { name: 'Sua conta' })
    await expect(account.getByText('Ana Beatriz Souza')).toBeVisible()
    // Through the profile host's session bridge: the profile opens logged in (decisions/0054).
    await expect(account.getByRole('link', { name: 'Meu perfil' })).toHaveAttribute(
      'href',
      /\/\/ana\.localhost:\d+\/sessao\/ponte\?volta=%2F&auto=1$/,
    )
    await expect(account.getByRole('button', { name: 'Sair' })).toBeVisible()
    // A lawyer's day (issue 41): her intimações and deadlines among her own pages.
    await expect(account.getByRole('link', { name: 'Intimações' })).toHaveAttribute('href', /\/intimacoes$/)
    await expect(account.getByRole('link', { name: 'Prazos' })).toHaveAttribute('href', /\/prazos$/)
    await account.getByRole('link', { name: 'Editar perfil' }).click()
    await expect(page).toHaveURL(/\/conta\/perfil$/)
  })
})
