import { expect, hydrated, notify, pauseClock, test } from './fixtures'

test.describe('header on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('opens one menu at a time; Escape and a click outside close it', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Navegação principal' })
    const companies = nav.locator('details', { has: page.getByText('Para empresas', { exact: true }) })
    const searchBy = nav.locator('details', { has: page.getByText('Buscar por', { exact: true }) })
    await companies.locator('summary').click()
    await expect(page.getByRole('link', { name: 'Consulta de empresas' })).toBeVisible()
    await searchBy.locator('summary').click()
    await expect(searchBy).toHaveAttribute('open', '')
    await expect(companies).not.toHaveAttribute('open', '')
    await expect(page.getByRole('link', { name: 'Diários Oficiais' }).first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(searchBy).not.toHaveAttribute('open', '')
    await expect(searchBy.locator('summary')).toBeFocused()
    await searchBy.locator('summary').click()
    await page.getByRole('heading', { name: 'O que você procura?' }).click()
    await expect(searchBy).not.toHaveAttribute('open', '')
  })

  test('is usable from the keyboard: the search menu holds the search form', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const search = page.locator('.main-nav details.header-search')
    await search.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(search).toHaveAttribute('open', '')
    await expect(search.getByLabel('Termo de busca')).toBeVisible()
    await expect(search.getByLabel('Categoria')).toHaveValue('t')
  })

  test('shows the systems box to everyone and the user menu only when logged in', async ({
    page,
    createUser,
  }) => {
    await page.goto('/')
    await expect(page.locator('[data-user-menu]')).toHaveCount(0)
    await page.locator('details.systems summary').click()
    await expect(
      page.getByRole('list', { name: 'Sistemas' }).getByRole('link', { name: 'Jurisprudência' }),
    ).toBeVisible()

    const user = await createUser()
    await page.goto('/')
    const userMenu = page.getByRole('navigation', { name: 'Menu do usuário' })
    await expect(userMenu).toBeVisible()
    await userMenu.locator('summary').click()
    // Through the profile host's session bridge: the profile opens logged in (decisions/0054).
    await expect(userMenu.getByRole('link', { name: 'Meu perfil' })).toHaveAttribute(
      'href',
      new RegExp(`//${user.subdomain}\\.localhost:\\d+/sessao/ponte\\?volta=%2F&auto=1$`),
    )
  })

  test('notifications: the badge counts unseen ones, opening marks them viewed, "read all" marks them read', async ({
    page,
    baseURL,
    user,
  }) => {
    await notify(page, baseURL, user.id, 'Nova publicação no Diário Oficial')
    await notify(page, baseURL, user.id, 'Movimentação no processo 0001234')
    await page.goto('/')
    await hydrated(page)
    const box = page.locator('details.notifications')
    await expect(box.locator('[data-badge]')).toHaveText('2')
    await expect(box.getByText('2 notificações não vistas')).toBeAttached()

    await box.locator('summary').click()
    await expect(box.getByText('Movimentação no processo 0001234')).toBeVisible()
    await expect(box.locator('li.is-unread')).toHaveCount(2)
    await expect(box.locator('[data-badge]')).toHaveCount(0)

    await box.getByRole('button', { name: 'Marcar todas como lidas' }).click()
    await expect(box.locator('li.is-read')).toHaveCount(2)

    // After a reload the server agrees: nothing unseen, nothing unread.
    await page.reload()
    await expect(box.locator('[data-badge]')).toHaveCount(0)
    await box.locator('summary').click()
    await expect(box.locator('li.is-read')).toHaveCount(2)
  })

  test('hides while scrolling down past 65 px and shows again on scroll up', async ({ page }) => {
    await page.clock.install()
    await page.goto('/dev/galeria')
    await hydrated(page)
    const header = page.locator('header.site-header')
    await page.mouse.move(600, 600) // away from the header
    await page.evaluate(() => window.scrollTo(0, 60))
    await page.clock.runFor(300)
    await expect(header).toHaveAttribute('data-hidden', 'false') // not past 65 px
    await page.evaluate(() => window.scrollTo(0, 400))
    await page.clock.runFor(300)
    await expect(header).toHaveAttribute('data-hidden', 'true')
    await page.evaluate(() => window.scrollTo(0, 397)) // within the 5 px delta
    await page.clock.runFor(300)
    await expect(header).toHaveAttribute('data-hidden', 'true')
    await page.evaluate(() => window.scrollTo(0, 300))
    await page.clock.runFor(300)
    await expect(header).toHaveAttribute('data-hidden', 'false')
  })

  test('checks the scroll position every 250 ms, not on every scroll event', async ({ page }) => {
    await page.clock.install()
    await page.goto('/dev/galeria')
    await hydrated(page)
    await pauseClock(page)
    const header = page.locator('header.site-header')
    await page.evaluate(() => window.scrollTo(0, 500))
    expect(await header.getAttribute('data-hidden')).toBe('false') // the scroll event itself changes nothing
    let waited = 0
    while ((await header.getAttribute('data-hidden')) === 'false' && waited < 1000) {
      await page.clock.runFor(10)
      waited += 10
    }
    expect(waited).toBeGreaterThan(0)
    expect(waited).toBeLessThanOrEqual(250) // the next periodic check
  })
})

test.describe('header on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('uses a side menu with collapsible sections instead of the desktop menus', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('.main-nav')).toBeHidden()
    await page.locator('.side-menu > summary').click()
    const panel = page.locator('.side-menu__panel')
    await expect(panel.getByRole('link', { name: 'Pessoas' })).toBeVisible() // first section starts open
    await expect(panel.getByRole('link', { name: 'Consulta de empresas' })).toBeHidden()
    await panel.getByText('Para empresas', { exact: true }).click()
    await expect(panel.getByRole('link', { name: 'Consulta de empresas' })).toBeVisible()
    await panel.getByText('Buscar por', { exact: true }).click()
    await expect(panel.getByRole('link', { name: 'Pessoas' })).toBeHidden()
  })

  test('the side menu works before JavaScript loads', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 800 },
      baseURL,
    })
    const page = await context.newPage()
    await page.goto('/')
    await page.locator('.side-menu > summary').click()
    await expect(page.locator('.side-menu__panel').getByRole('link', { name: 'Legislação' })).toBeVisible()
    await context.close()
  })
})
