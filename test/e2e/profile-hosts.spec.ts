import type { Page } from '@playwright/test'
import { CITY, expect, hydrated, profileUrl, type TestUser, test } from './fixtures'

/**
 * Issue 28 §2: a profile subdomain knows who is visiting. Logging in from a profile host ends on
 * that profile, logged in there (the session bridge is a server route, never a Remix page), and
 * a logged-in person never gets the anonymous copy the edge keeps of a profile.
 */

const PROFESSION = { code: '241005', city: CITY.campinas }

/** Fills the login page (the bridge sends a visitor who is logged in nowhere to it). */
async function logInOnThePage(page: Page, account: TestUser) {
  await page.waitForURL(/\/login\?/)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Senha').fill(account.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

/** The logged-in page of `subdomain` (the header's user menu), and the address of that host. */
async function expectLoggedInOn(page: Page, baseURL: string | undefined, subdomain: string) {
  await page.waitForURL(profileUrl(baseURL, subdomain))
  await expect(page.locator('[data-user-menu]').first()).toBeAttached()
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0)
}

test.describe('logging in from a profile subdomain', () => {
  test('"Seguir" while logged out: after the login page, back on the profile, logged in, following', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const visitor = await createUser({ login: false })
    const pro = await createUser({ login: false, profession: PROFESSION })
    // The anonymous copy of the profile is what the edge keeps: the visitor starts from it.
    await page.goto(profileUrl(baseURL, pro.subdomain))
    await hydrated(page)
    await page.locator('form.follow').getByRole('button').click()
    await logInOnThePage(page, visitor)
    await expectLoggedInOn(page, baseURL, pro.subdomain)
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
    await page.reload()
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
  })

  test('"Entrar" in the header: after the login page, back on the profile, logged in', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const visitor = await createUser({ login: false, name: 'Valéria Visitante' })
    const pro = await createUser({ login: false, profession: PROFESSION })
    await page.goto(profileUrl(baseURL, pro.subdomain))
    await hydrated(page)
    await page.getByRole('link', { name: 'Entrar', exact: true }).first().click()
    await logInOnThePage(page, visitor)
    await expectLoggedInOn(page, baseURL, pro.subdomain)
    await expect(page.getByText('Valéria Visitante').first()).toBeAttached()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('"Entrar" and "Seguir" end on the profile, logged in there', async ({
      page,
      baseURL,
      createUser,
    }) => {
      const visitor = await createUser({ login: false })
      const pro = await createUser({ login: false, profession: PROFESSION })
      await page.goto(profileUrl(baseURL, pro.subdomain))
      await page.getByRole('link', { name: 'Entrar', exact: true }).first().click()
      await page.waitForURL(/\/login\?/)
      await page.getByLabel('E-mail').fill(visitor.email)
      await page.getByLabel('Senha').fill(visitor.password)
      await page.getByRole('button', { name: 'Entrar' }).click()
      await expectLoggedInOn(page, baseURL, pro.subdomain)

      // A plain "Seguir" form post from the profile host is done by the logged-in visitor.
      await page.locator('form.follow').getByRole('button').click()
      await page.waitForURL(profileUrl(baseURL, pro.subdomain))
      await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
    })
  })
})
