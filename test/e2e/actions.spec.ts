import { expect, hydrated, pauseClock, profileUrl, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  // Share links open other sites in new tabs: answer them locally, never over the network.
  await page
    .context()
    .route(/^https:\/\/(wa\.me|www\.linkedin\.com|twitter\.com|www\.facebook\.com|t\.me)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>rede</title>' }),
    )
})

test.describe('data table', () => {
  test('select-all, the exact confirmations, the toast, and rows removed', async ({ page }) => {
    await page.goto('/dev/galeria')
    await hydrated(page)
    const table = page.locator('.data-table').first()
    const selectAll = table.getByRole('checkbox', { name: 'Selecionar todos' })
    const deleteButton = table.getByRole('button', { name: 'Excluir selecionados' })
    await expect(deleteButton).toBeDisabled()
    await selectAll.check()
    await expect(table.getByRole('checkbox', { name: /^Selecionar Monitoramento/ })).toHaveCount(3)
    for (const box of await table.getByRole('checkbox', { name: /^Selecionar Monitoramento/ }).all()) {
      await expect(box).toBeChecked()
    }
    await deleteButton.click()
    const dialog = page.getByRole('dialog', { name: 'Excluir selecionados' })
    await expect(
      dialog.getByText('Você tem certeza de que deseja excluir os 3 itens selecionados?'),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancelar' }).click()

    await table.getByRole('checkbox', { name: 'Selecionar Monitoramento: Empresa Exemplo Ltda.' }).uncheck()
    await table
      .getByRole('checkbox', { name: 'Selecionar Monitoramento protegido (não pode ser excluído)' })
      .uncheck()
    expect(await selectAll.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true)
    await deleteButton.click()
    await expect(dialog.getByText('Você tem certeza de que deseja excluir o item selecionado?')).toBeVisible()
    const request = page.waitForRequest('**/__dev/galeria/excluir')
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    expect((await request).postDataJSON()).toEqual({ itens: [11] })
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Itens excluídos' })).toBeVisible()
    await expect(table.getByText('Monitoramento: João da Silva')).toHaveCount(0)
    await expect(table.getByRole('row')).toHaveCount(3) // header + 2
  })

  test('a refused delete keeps the rows and shows the server message', async ({ page }) => {
    await page.goto('/dev/galeria')
    await hydrated(page)
    const table = page.locator('.data-table').first()
    await table
      .getByRole('checkbox', { name: 'Selecionar Monitoramento protegido (não pode ser excluído)' })
      .check()
    await table.getByRole('button', { name: 'Excluir selecionados' }).click()
    await page
      .getByRole('dialog', { name: 'Excluir selecionados' })
      .getByRole('button', { name: 'Excluir', exact: true })
      .click()
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'O item 13 não pode ser excluído.' }),
    ).toBeVisible()
    await expect(table.getByRole('row')).toHaveCount(4)
  })

  test('goes to the after-delete URL when the table has one', async ({ page }) => {
    await page.goto('/dev/galeria')
    await hydrated(page)
    const table = page.locator('.data-table').nth(1)
    await table.getByRole('checkbox', { name: 'Selecionar todos' }).check()
    await table.getByRole('button', { name: 'Excluir selecionados' }).click()
    await page
      .getByRole('dialog', { name: 'Excluir selecionados' })
      .getByRole('button', { name: 'Excluir', exact: true })
      .click()
    await expect(page).toHaveURL(/\/dev\/galeria\?excluidos=1#tabela$/)
  })
})

// Shares are counted per page: the tests that count use a profile page of their own, so no other
// test's clicks change the numbers they read.
test.describe('share buttons', () => {
  test('link to each network with the page URL, and keep the product’s own count', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const pro = await createUser({ login: false })
    const profile = profileUrl(baseURL, pro.subdomain)
    await page.goto(profile)
    await hydrated(page)
    const share = page.getByRole('region', { name: 'Compartilhar' })
    const pageUrl = encodeURIComponent(profile.replace(/\/$/, ''))
    await expect(share.getByRole('link', { name: 'Compartilhar no WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\?text=/,
    )
    await expect(share.getByRole('link', { name: 'Compartilhar no LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`,
    )
    await expect(share.getByRole('link', { name: 'Compartilhar no Facebook' })).toHaveAttribute(
      'href',
      new RegExp(`u=${pageUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    )
    await expect(share.getByRole('link', { name: 'Compartilhar no Telegram' })).toHaveAttribute(
      'href',
      /^https:\/\/t\.me\/share\/url\?url=/,
    )
    await expect(share.getByRole('link', { name: 'Compartilhar no X' })).toHaveAttribute(
      'href',
      /^https:\/\/twitter\.com\/intent\/tweet\?url=/,
    )

    const count = share.locator('[data-share-count]')
    await expect(count).toHaveAttribute('data-share-count', '0')
    const popup = page.waitForEvent('popup')
    const recorded = page.waitForResponse('**/api/v2/compartilhamentos')
    await share.getByRole('link', { name: 'Compartilhar no LinkedIn' }).click()
    await (await popup).close()
    await expect(count).toHaveAttribute('data-share-count', '1')
    await expect(count).toHaveText('1 compartilhamento')
    expect(await (await recorded).json()).toEqual({ status: 'success', total: 1 })
    await page.reload()
    await expect(
      page.getByRole('region', { name: 'Compartilhar' }).locator('[data-share-count]'),
    ).toHaveAttribute('data-share-count', '1')
  })

  test('copies the link with a toast', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/dev/galeria')
    await hydrated(page)
    await page.getByRole('button', { name: 'Copiar link' }).click()
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Link copiado!' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/dev/galeria`)
  })

  test('offers the native share sheet only where the browser has one', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const pro = await createUser({ login: false })
    await page.goto(profileUrl(baseURL, pro.subdomain))
    await hydrated(page)
    const hasShare = await page.evaluate(() => typeof navigator.share === 'function')
    await expect(page.getByRole('button', { name: 'Mais opções de compartilhamento' })).toHaveCount(
      hasShare ? 1 : 0,
    )

    // A browser with a share sheet (stubbed: the outside world).
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: async () => undefined, configurable: true })
    })
    await page.reload()
    await hydrated(page)
    const count = page.locator('[data-share-count]')
    await expect(count).toHaveAttribute('data-share-count', '0')
    const recorded = page.waitForResponse('**/api/v2/compartilhamentos')
    await page.getByRole('button', { name: 'Mais opções de compartilhamento' }).click()
    await expect(count).toHaveAttribute('data-share-count', '1')
    expect(await (await recorded).json()).toEqual({ status: 'success', total: 1 })
    await page.reload()
    await expect(page.locator('[data-share-count]')).toHaveAttribute('data-share-count', '1')
  })
})

test.describe('click analytics', () => {
  test('a tracked click is beaconed to our endpoint and the navigation waits 150 ms', async ({ page }) => {
    await page.clock.install()
    await page.goto('/dev/galeria')
    await hydrated(page)
    await pauseClock(page)
    const beacon = page.waitForRequest('**/api/v2/eventos')
    await page.getByRole('link', { name: 'Link rastreado para a página inicial' }).click()
    const body = (await beacon).postDataJSON()
    expect(body).toMatchObject({
      evento: 'galeria_link_inicio',
      pagina: '/dev/galeria',
      alvo: '/?origem=galeria',
    })
    await page.clock.runFor(140)
    expect(new URL(page.url()).pathname).toBe('/dev/galeria')
    const navigation = page.waitForURL(/\/\?origem=galeria$/)
    await page.clock.runFor(20)
    await navigation
  })

  test('loads no third-party script', async ({ page }) => {
    const foreign: string[] = []
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname
      if (!host.endsWith('localhost')) foreign.push(request.url())
    })
    await page.goto('/')
    await hydrated(page)
    await page.goto('/dev/galeria')
    await hydrated(page)
    expect(foreign).toEqual([])
  })
})
