import type { Page, Response } from '@playwright/test'
import { CITY, expect, followSaved, hydrated, login, profileUrl, type TestUser, test } from './fixtures'

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
    // The pending follow resumes once the profile has hydrated: on a busy CI machine that plus the
    // post can pass the default 5 s, so wait longer for what the person sees.
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/, { timeout: 15_000 })
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
    await followSaved(page)
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

/** The HTML the browser first painted for a navigation to `url` (the server's answer). */
async function firstPaint(page: Page, url: string, navigate: () => Promise<unknown>): Promise<string> {
  const documents: Response[] = []
  const listener = (response: Response) => {
    if (response.request().resourceType() === 'document' && response.status() === 200)
      documents.push(response)
  }
  page.on('response', listener)
  await navigate()
  await page.waitForURL(url)
  page.off('response', listener)
  const last = documents.at(-1)
  expect(last?.url()).toBe(url)
  return (await last?.text()) ?? ''
}

test.describe('a logged-in person on their own profile host', () => {
  test('"Meu perfil" shows the logged-in page from the first paint: the user menu, no "Entrar", no "Seguir"', async ({
    page,
    browser,
    baseURL,
    createUser,
  }) => {
    const pro = await createUser({ login: false, profession: PROFESSION })
    const url = profileUrl(baseURL, pro.subdomain)
    // An anonymous reader elsewhere makes the edge keep the anonymous copy of the profile.
    const anonymous = await browser.newContext()
    const stored = await (await anonymous.newPage()).goto(url)
    expect(await stored?.text()).toContain('Entrar')
    await anonymous.close()

    await login(page, pro)
    await page.goto('/')
    await hydrated(page)
    const userMenu = page.getByRole('navigation', { name: 'Menu do usuário' })
    await userMenu.locator('summary').click()
    const html = await firstPaint(page, url, () => userMenu.getByRole('link', { name: 'Meu perfil' }).click())
    expect(html).toContain('data-user-menu')
    expect(html).not.toMatch(/>Entrar</)
    expect(html).not.toMatch(/>Cadastre-se</)
    expect(html).not.toContain('class="follow"')
    await expect(page.locator('[data-user-menu]').first()).toBeAttached()
    await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Seguir/ })).toHaveCount(0)
  })

  test('"Ver meu perfil público" in the account pages does the same', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const pro = await createUser({ profession: PROFESSION })
    const url = profileUrl(baseURL, pro.subdomain)
    await page.goto('/conta/perfil')
    await hydrated(page)
    const html = await firstPaint(page, url, () =>
      page.getByRole('link', { name: 'Ver meu perfil público' }).click(),
    )
    expect(html).toContain('data-user-menu')
    expect(html).not.toMatch(/>Entrar</)
    await expect(page.getByRole('button', { name: /^Seguir/ })).toHaveCount(0)
  })
})

test.describe("a logged-in person following a link to someone else's profile host", () => {
  test('the profile opens logged in from the first paint ("Seguindo", not "Entrar")', async ({
    page,
    baseURL,
    user,
    createUser,
  }) => {
    void user
    const pro = await createUser({ login: false, name: 'Olívia Seguida', profession: PROFESSION })
    const url = profileUrl(baseURL, pro.subdomain)
    const origin = new URL(baseURL ?? 'http://localhost:8799').origin
    const followed = await page.request.post(`${origin}/ajax/seguir`, {
      data: { id: pro.id, tipo: 'usuario' },
      headers: { Origin: origin },
    })
    expect(followed.status()).toBe(200)
    await page.goto('/conta/seguindo')
    await hydrated(page)
    const html = await firstPaint(page, url, () => page.getByRole('link', { name: 'Olívia Seguida' }).click())
    expect(html).toContain('data-user-menu')
    expect(html).not.toMatch(/>Entrar</)
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
  })
})
