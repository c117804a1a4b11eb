import type { CDPSession, Page } from '@playwright/test'
import { createPerson, expect, followSaved, test, uniqueTag } from './fixtures'
import { holdApplication, nextFrames, scriptRequests } from './hydration-helpers'

/**
 * Issue 28 §3: on the pages the edge keeps, what happens without a press works before the
 * application has loaded, nothing the reader types is lost while it hydrates, and the first
 * presses need no application (decisions/0056).
 */

const LAWSUIT = '/processos/0712252-79.2020.8.07.0015'

/** A slow phone's CPU (Lighthouse's mobile profile is 4×): hydration takes long enough to race. */
async function throttleCpu(page: Page, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  return cdp
}

const notHydrated = (page: Page) =>
  page.evaluate(() => !document.documentElement.hasAttribute('data-hydrated'))

test.describe('what happens on its own works before the application (issue 28 §3)', () => {
  test.use({ viewport: { width: 1280, height: 420 } })

  test('the header hides while the reader scrolls down and comes back on scroll up, with no script loaded', async ({
    page,
  }) => {
    const scripts = scriptRequests(page)
    await page.goto(LAWSUIT)
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'on-intent')
    const header = page.locator('header.site-header')
    await page.evaluate(() => window.scrollTo(0, 40))
    await nextFrames(page)
    await expect(header).toHaveAttribute('data-hidden', 'false')
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect(header).toHaveAttribute('data-hidden', 'true')
    await expect(header).toHaveClass(/\bis-hidden\b/)
    await page.evaluate(() => window.scrollTo(0, 200))
    await expect(header).toHaveAttribute('data-hidden', 'false')
    await expect(header).not.toHaveClass(/\bis-hidden\b/)
    // A scroll is not an intent: still nothing but the bootstrap.
    expect(scripts).toEqual([])
    expect(await notHydrated(page)).toBe(true)
  })

  test('the application takes the header over as the bootstrap left it', async ({ page }) => {
    await page.goto(LAWSUIT)
    const header = page.locator('header.site-header')
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect(header).toHaveAttribute('data-hidden', 'true')
    await page.keyboard.press('Shift')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await page.evaluate(() => window.scrollTo(0, 200))
    await expect(header).toHaveAttribute('data-hidden', 'false')
    await expect(header).not.toHaveClass(/\bis-hidden\b/)
    await page.evaluate(() => window.scrollTo(0, 500))
    await expect(header).toHaveAttribute('data-hidden', 'true')
  })

  test('a long decision offers "Ver mais" before the application, and it opens the text', async ({
    page,
  }) => {
    const scripts = scriptRequests(page)
    await page.goto('/jurisprudencia')
    const first = page.locator('main a[href^="/jurisprudencia/"]').first()
    const href = await first.getAttribute('href')
    scripts.length = 0
    await page.goto(href ?? '/jurisprudencia')
    const toggle = page.locator('.collapsible').first().getByRole('button', { name: 'Ver mais' })
    await expect(toggle).toBeVisible()
    expect(scripts).toEqual([])
    await toggle.click()
    await expect(
      page.locator('.collapsible').first().getByRole('button', { name: 'Ver menos' }),
    ).toBeVisible()
  })

  test('scrolling the gazette list past three quarters before any key loads its next page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 500 })
    await page.goto('/diarios/dje-tjrj')
    await expect(page.locator('[data-materia]')).toHaveCount(10)
    const next = page.waitForResponse((r) => r.url().includes('/materias?') && r.url().includes('page=2'))
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await next
    await expect(page.locator('[data-materia]')).toHaveCount(20)
  })
})

test.describe('first presses that need no application (issue 28 §3)', () => {
  test('"Monitorar processo" takes an anonymous reader to the login page before the application arrives', async ({
    page,
  }) => {
    await holdApplication(page) // never released: the press must not wait for it
    await page.goto(LAWSUIT)
    await page.getByRole('button', { name: 'Monitorar processo' }).click()
    await expect(page).toHaveURL(/\/login\?auth\.redirect=/)
    expect(decodeURIComponent(new URL(page.url()).search)).toContain(LAWSUIT)
    // Back from the login page, the monitoring the reader asked for is created (the same key as
    // the application's own redirect).
    expect(await page.evaluate(() => sessionStorage.getItem('monitorarPendente'))).toBe(
      '0712252-79.2020.8.07.0015',
    )
  })

  test('a link pressed before the application leaves the page without loading it', async ({ page }) => {
    const scripts = scriptRequests(page)
    await page.goto(LAWSUIT)
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'on-intent')
    await page.getByRole('link', { name: 'JurisEdge' }).first().click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'on-intent')
    expect(scripts).toEqual([])
  })

  test('the search box suggests before the application arrives, and a suggestion searches', async ({
    page,
  }) => {
    await holdApplication(page) // never released
    await page.goto('/busca?q=&qo=t')
    const input = page.getByRole('main').getByRole('combobox', { name: 'Termo de busca' })
    await input.click()
    await input.pressSequentially('anto')
    const list = page.getByRole('listbox', { name: 'Sugestões' })
    const option = list.getByRole('option', { name: 'Antônio Alves Pereira', exact: true })
    await expect(option).toBeVisible()
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(await notHydrated(page)).toBe(true)
    await option.click()
    await expect(page).toHaveURL(/q=Ant%C3%B4nio\+Alves\+Pereira/)
  })

  test('the bootstrap hands its suggestions over to the application without a gap', async ({ page }) => {
    const release = await holdApplication(page)
    await page.goto('/busca?q=&qo=t')
    const input = page.getByRole('main').getByRole('combobox', { name: 'Termo de busca' })
    await input.click()
    await input.pressSequentially('anto')
    const option = page
      .getByRole('listbox', { name: 'Sugestões' })
      .getByRole('option', { name: 'Antônio Alves Pereira', exact: true })
    await expect(option).toBeVisible()
    release()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(option).toBeVisible()
    await expect(page.getByRole('listbox', { name: 'Sugestões' })).toHaveCount(1)
    // The application's own list: the keyboard moves through it.
    await input.press('ArrowDown')
    await expect(
      page.getByRole('listbox', { name: 'Sugestões' }).getByRole('option').first(),
    ).toHaveAttribute('aria-selected', 'true')
  })
})

test.describe('typing while the page loads (issue 28 §3)', () => {
  test('what is typed from the first tap, on a slow phone, is what is searched: every run', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const cdp = await throttleCpu(page, 4)
    const searched: string[] = []
    for (let run = 0; run < 8; run++) {
      // Half the runs as a reader does it; half with the application let in right after the first
      // key, so that the rest of the word arrives while React hydrates and takes the field over.
      const release = run % 2 ? await holdApplication(page) : null
      await page.goto('/busca?q=silva&qo=t')
      const input = page.getByRole('main').getByRole('combobox', { name: 'Termo de busca' })
      await input.click()
      await input.pressSequentially('s', { delay: 90 })
      if (release) {
        // An arrow key starts the application at once (typing alone lets the bootstrap suggest
        // first); it is let in now and hydrates while the rest of the word is typed.
        await input.press('ArrowRight')
        release()
      }
      await input.pressSequentially('ouza', { delay: 90 })
      const [sent] = await Promise.all([
        page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/busca'),
        input.press('Enter'),
      ])
      searched.push(new URL(sent.url()).searchParams.get('q') ?? '')
      await page.waitForLoadState()
      await page.unrouteAll({ behavior: 'wait' })
    }
    await cdp.detach()
    expect(searched).toEqual(Array(8).fill('silvasouza'))
  })

  test('the caret stays where the reader put it while the application takes the field over', async ({
    page,
  }) => {
    const release = await holdApplication(page)
    await page.goto('/busca?q=silva&qo=t')
    const input = page.getByRole('main').getByRole('combobox', { name: 'Termo de busca' })
    await input.click()
    await page.keyboard.press('Home')
    await input.pressSequentially('maria ')
    release()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await input.pressSequentially('x')
    await expect(input).toHaveValue('maria xsilva')
  })

  test('an empty "Buscar" focuses the box and sends nothing, before and after the application', async ({
    page,
  }) => {
    for (const state of ['before', 'after'] as const) {
      await page.goto('/')
      const form = page.getByRole('main').getByRole('form', { name: 'Buscar' })
      if (state === 'after') {
        await page.keyboard.press('Shift')
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      }
      await form.getByRole('button', { name: 'Buscar' }).click()
      await expect(form.getByRole('combobox', { name: 'Termo de busca' }), state).toBeFocused()
      await expect(page, state).toHaveURL(/\/$/)
    }
  })
})

test.describe('the login modal at the first press (issue 28 §3)', () => {
  /** A person of its own, so that the follow counts start at none. */
  async function personPage(page: Page, baseURL: string | undefined) {
    const person = await createPerson(page, baseURL, `Pessoa Modal Cedo ${uniqueTag()}`)
    return `/pessoas/${person.slug}`
  }
  const followButton = (page: Page) => page.locator('form.follow').getByRole('button').first()

  test('"Seguir" opens the login modal before the application, focus in the e-mail, and Esc closes it', async ({
    page,
    baseURL,
  }) => {
    await holdApplication(page) // never released: the modal must not wait for it
    await page.goto(await personPage(page, baseURL))
    await expect(page.locator('html')).toHaveAttribute('data-hydrate', 'on-intent')
    // Closed, the server's modal is out of the reader's way and of the accessibility tree.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveCount(0)
    await followButton(page).click()
    const modal = page.getByRole('dialog', { name: 'Entre para continuar' })
    await expect(modal).toBeVisible()
    await expect(modal).toHaveAccessibleDescription('Essa ação é exclusiva para usuários cadastrados.')
    await expect(modal.getByLabel('E-mail')).toBeFocused()
    await expect(modal.getByLabel('Senha')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Entrar' })).toBeVisible()
    expect(await notHydrated(page)).toBe(true)
    // The follow is kept for after the login, as the application's own redirect keeps it.
    expect(await page.evaluate(() => sessionStorage.getItem('seguirPendente'))).toContain('"kind":"pessoa"')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Closed without logging in: nothing is followed later (the dialog's close event, a task after).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('seguirPendente'))).toBeNull()
    // The × closes it too, and the press opens it again.
    await followButton(page).click()
    await expect(modal).toBeVisible()
    await modal.getByRole('button', { name: 'Fechar' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await notHydrated(page)).toBe(true)
  })

  test('what is typed before the application stays when it takes the modal over, and the login follows', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const account = await createUser({ login: false })
    const release = await holdApplication(page)
    await page.goto(await personPage(page, baseURL))
    await followButton(page).click()
    const modal = page.getByRole('dialog', { name: 'Entre para continuar' })
    await expect(modal.getByLabel('E-mail')).toBeFocused()
    await page.keyboard.type(account.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(account.password.slice(0, 3))
    expect(await notHydrated(page)).toBe(true)
    release()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    // The application's own form (it validates and logs in without leaving) in the same modal.
    await expect(modal.locator('form[data-login-plain]')).toHaveCount(0)
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await expect(page.locator('dialog[open]')).toHaveCount(1)
    await expect(modal.getByLabel('E-mail')).toHaveValue(account.email)
    await expect(modal.getByLabel('Senha')).toHaveValue(account.password.slice(0, 3))
    await expect(modal.getByLabel('Senha')).toBeFocused()
    await page.keyboard.type(account.password.slice(3))
    await modal.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(followButton(page)).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
    await followSaved(page)
    await page.reload()
    await expect(followButton(page)).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
  })

  test('logging in from it before the application arrives completes the follow on return', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const account = await createUser({ login: false })
    const release = await holdApplication(page)
    const path = await personPage(page, baseURL)
    await page.goto(path)
    await followButton(page).click()
    const modal = page.getByRole('dialog', { name: 'Entre para continuar' })
    await modal.getByLabel('E-mail').fill(account.email)
    await modal.getByLabel('Senha').fill(account.password)
    expect(await notHydrated(page)).toBe(true)
    await modal.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL((url) => url.pathname === path)
    release() // the page it returns to has the application, which does the follow
    await expect(page.locator('[data-user-menu]').first()).toBeAttached()
    await expect(followButton(page)).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
    await followSaved(page)
    await page.reload()
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
  })
})
