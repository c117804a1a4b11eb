import type { Page } from '@playwright/test'
import { createPerson, expect, profileUrl, test, uniqueTag } from './fixtures'
import { holdApplication, scriptRequests } from './hydration-helpers'

/**
 * The key-up (or pointer-up, or click) of the intent that started the load can reach React while
 * it hydrates, once the modules are cached; React 18 then hydrates at once, and Remix's
 * streamed-data boundaries stopped that with "Root did not complete" (#345), so the page never
 * hydrated (decisions/0044). Here such events arrive every time, right after hydration starts.
 */
async function eventsDuringHydration(page: Page) {
  await page.route(/\/entry\.client-[^/]*\.js$/, async (route) => {
    const response = await route.fetch()
    const events = `queueMicrotask(() => {
      document.body.dispatchEvent(new KeyboardEvent('keyup', { key: 'Shift', bubbles: true }));
      document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });`
    await route.fulfill({ response, body: `${await response.text()}\n${events}` })
  })
}

/** Hydrated, and the search box suggests (the fixture also fails the test on any page error). */
async function expectWorkingApplication(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByRole('combobox', { name: 'Termo de busca' }).first().fill('anto')
  await expect(page.getByRole('listbox').first()).toBeVisible()
}

const followButton = (page: Page) => page.locator('form.follow').getByRole('button')

test.describe('hidratação na intenção (decisions/0040)', () => {
  test('an anonymous reader downloads no application script until they show intent', async ({
    page,
    baseURL,
  }) => {
    const person = await createPerson(page, baseURL, `Pessoa Leitura ${uniqueTag()}`)
    const scripts = scriptRequests(page)
    // Twice: the first answer fills the edge cache, the second comes from it.
    for (const visit of [1, 2]) {
      scripts.length = 0
      await page.goto(`/pessoas/${person.slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Pessoa Leitura')
      await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'on-intent')
      expect(scripts, `visita ${visit}`).toEqual([])
    }
    await page.keyboard.press('Shift')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    expect(scripts.length).toBeGreaterThan(5)
    expect(scripts.every((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true)
  })

  test('no page of the JavaScript budget loads a script for an anonymous reader', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const owner = await createUser({ login: false })
    await page.goto('/diarios/dou?data=2023-05-12')
    const materia = await page.locator('[data-materia] a').first().getAttribute('href')
    await page.goto('/artigos')
    const article = await page.locator('main li a[href*="/artigos/"]').first().getAttribute('href')
    const scripts = scriptRequests(page)
    const pages = [
      '/',
      '/busca?q=silva&qo=p',
      '/processos/0712252-79.2020.8.07.0015',
      '/diarios/dou?data=2023-05-12',
      materia ?? 'sem matéria',
      article ?? 'sem artigo',
      profileUrl(baseURL, owner.subdomain),
    ]
    for (const path of pages) {
      scripts.length = 0
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'on-intent')
      expect(scripts, path).toEqual([])
    }
  })

  test('a press on "Seguir" before the application arrives is held, then opens the login modal', async ({
    page,
    baseURL,
  }) => {
    const person = await createPerson(page, baseURL, `Pessoa Pressa ${uniqueTag()}`)
    // The application's scripts wait until the press has happened: the press surely comes first.
    let release: () => void = () => undefined
    const pressed = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/**/*.js', async (route) => {
      await pressed
      await route.continue()
    })
    await page.goto(`/pessoas/${person.slug}`)
    await followButton(page).click()
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'loading')
    release()
    const modal = page.getByRole('dialog')
    await expect(modal).toBeVisible()
    await expect(modal.getByLabel('E-mail')).toBeVisible()
    expect(new URL(page.url()).pathname).toBe(`/pessoas/${person.slug}`)
  })

  test.describe('when the application never arrives', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource|ERR_FAILED|net::/] })
    test('"Seguir" opens the login modal, whose form works without JavaScript', async ({ page, baseURL }) => {
      // Its press was held and then went through as a post (decisions/0040); the server now draws
      // the login modal, which the bootstrap opens at once (decisions/0056).
      const person = await createPerson(page, baseURL, `Pessoa Sem Rede ${uniqueTag()}`)
      await page.clock.install()
      await page.route('**/assets/**/*.js', (route) => route.abort())
      await page.goto(`/pessoas/${person.slug}`)
      await followButton(page).click()
      const modal = page.getByRole('dialog', { name: 'Entre para continuar' })
      await expect(modal).toBeVisible()
      await page.clock.runFor(10_000)
      await expect(modal).toBeVisible()
      expect(new URL(page.url()).pathname).toBe(`/pessoas/${person.slug}`)
      await expect(modal.locator('form')).toHaveAttribute('method', 'post')
      await expect(modal.locator('form')).toHaveAttribute(
        'action',
        `/login?auth.redirect=${encodeURIComponent(`/pessoas/${person.slug}`)}`,
      )
    })
  })

  test('a date typed from the first tap, before the application has arrived, is masked and opens that edition', async ({
    page,
  }) => {
    // The application is held until the reader has typed half the date into the server's field.
    const release = await holdApplication(page)
    await page.goto('/diarios/dou?data=2023-05-12')
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'on-intent')
    const field = page.getByLabel('Data da edição')
    await field.click()
    await field.press('Control+a')
    await field.pressSequentially('1005')
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true')
    release()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await field.pressSequentially('2023')
    await expect(field).toHaveValue('10/05/2023')
    await expect(page).toHaveURL(/\?data=2023-05-10$/)
  })

  test('the search box focused before the application arrived suggests what was typed, then follows the typing', async ({
    page,
  }) => {
    const release = await holdApplication(page)
    await page.goto('/')
    const input = page
      .getByRole('main')
      .getByRole('form', { name: 'Buscar' })
      .getByRole('combobox', { name: 'Termo de busca' })
    await input.click()
    await input.pressSequentially('ant')
    release()
    // What was typed before is searched for as soon as the application is there, with no new key.
    const list = page.getByRole('listbox', { name: 'Sugestões' })
    await expect(list.getByRole('option', { name: 'Antônio Alves Pereira', exact: true })).toBeVisible()
    const next = page.waitForRequest(
      (r) => r.url().endsWith('/api/v2/busca/sugestoes') && r.postDataJSON().termo === 'antô',
    )
    await input.pressSequentially('ô')
    await next
  })

  test('a city typed in the directory before the application arrived opens its list', async ({ page }) => {
    const release = await holdApplication(page)
    await page.goto('/profissionais')
    const city = page.getByRole('combobox', { name: 'Cidade' })
    await city.click()
    await city.pressSequentially('uiramut')
    release()
    await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText('Uiramutã RR')
    await city.press('ArrowDown')
    await city.press('Enter')
    await page.getByRole('button', { name: 'Buscar profissionais' }).click()
    await expect(page).toHaveURL(/\/cidade\/uiramuta-rr$/)
  })

  test('keys and presses that reach the application while it hydrates never stop it', async ({ page }) => {
    await eventsDuringHydration(page)
    await page.goto('/')
    await expect(page.locator('html[data-hydrate="on-intent"]')).toBeAttached()
    await page.keyboard.press('Shift')
    await expectWorkingApplication(page)
  })

  test('nor for a logged-in reader, whose page hydrates as it loads', async ({ page, user }) => {
    expect(user.email).toBeTruthy()
    await eventsDuringHydration(page)
    await page.goto('/')
    await expectWorkingApplication(page)
  })

  test('a logged-in reader gets the application at once, without showing intent', async ({
    page,
    baseURL,
    user,
  }) => {
    expect(user.email).toBeTruthy()
    const person = await createPerson(page, baseURL, `Pessoa Conta ${uniqueTag()}`)
    await page.goto(`/pessoas/${person.slug}`)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrate', /.*/)
  })
})
