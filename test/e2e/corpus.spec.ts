import type { Page } from '@playwright/test'
import { expect, hydrated, pauseClock, test } from './fixtures'

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => (JSON.parse(text) as { '@type': string })['@type'])
}

test.describe('imported documents (the real samples)', () => {
  test('a DataJud lawsuit: court, class, subjects, movements newest first', async ({ page }) => {
    await page.goto('/processos/0712252-79.2020.8.07.0015')
    await expect(page).toHaveTitle('Processo 0712252-79.2020.8.07.0015 – TJDFT | JurisEdge')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Processo 0712252-79.2020.8.07.0015')
    await expect(page.getByText('Cumprimento de Sentença contra a Fazenda Pública').first()).toBeVisible()
    await expect(page.locator('.facts').getByText('05/08/2020')).toBeVisible()
    // DataJud's grau code "G1" as people say it.
    await expect(page.locator('.facts').getByText('1º grau', { exact: true })).toBeVisible()
    await expect(page.locator('.facts').getByText('G1', { exact: true })).toHaveCount(0)
    const moves = page.locator('.timeline li')
    await expect(moves).toHaveCount(252)
    await expect(moves.first().locator('.timeline__name')).toHaveText('Expedição de documento')
    await expect(moves.last().locator('.timeline__name')).toHaveText('Distribuição')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/processos\/0712252-79\.2020\.8\.07\.0015$/,
    )
    await expect(page.getByRole('button', { name: 'Monitorar processo' })).toBeVisible()
  })

  test('a DJEN lawsuit: parties by pole with their lawyers, and its gazette matérias', async ({ page }) => {
    await page.goto('/processos/0919992-11.2023.8.19.0001')
    await expect(page.getByRole('heading', { level: 3, name: 'Polo ativo' })).toBeVisible()
    await expect(page.getByText('LUIZ PEIXOTO DE SIQUEIRA FILHO (OAB 94719/RJ)')).toBeVisible()
    const related = page.getByRole('region', { name: 'Publicações nos diários oficiais' })
    await expect(related.getByRole('link')).toHaveCount(3)
    await related.getByRole('link').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('0919992-11.2023.8.19.0001')
    await expect(page.getByRole('link', { name: 'Diário de Justiça Eletrônico Nacional' })).toBeVisible()
  })

  test('the DOU edition: cadernos, the 12 May matérias and the last page', async ({ page }) => {
    await page.goto('/diarios/dou?data=2023-05-12')
    await hydrated(page)
    await expect(page.getByText('Edição 90 de 12/05/2023')).toBeVisible()
    await expect(page.locator('[data-materia]')).toHaveCount(10)
    await page.getByRole('navigation', { name: 'Caderno' }).getByRole('link', { name: 'Seção 2' }).click()
    await expect(page).toHaveURL(/\?data=2023-05-12&caderno=secao-2$/)
    await expect(page.locator('[data-materia]')).toHaveCount(4)
    await expect(page.getByRole('link', { name: 'Carregar mais' })).toHaveCount(0)
    await page.getByRole('link', { name: 'ATO Nº 143, DE 28 DE ABRIL DE 2023' }).click()
    await expect(page.getByText('Poder Judiciário/Tribunal Regional do Trabalho da 9ª Região')).toBeVisible()
    await expect(page.getByText('Seção 2', { exact: true })).toBeVisible()
  })

  test('a municipal gazette split into its acts', async ({ page }) => {
    await page.goto('/diarios/dom-pratania-sp?data=2020-10-26')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Diário Oficial do Município de Pratânia/SP',
    )
    await expect(page.locator('[data-materia]')).toHaveCount(6)
    await expect(page.getByRole('link', { name: 'DECRETO Nº 56 DE 26 DE OUTUBRO DE 2020' })).toBeVisible()
  })

  test('the Constituição: #art5_inc3 scrolls to the inciso and highlights it for 3 s', async ({ page }) => {
    await page.clock.install()
    await page.goto('/legislacao/constituicao-federal-1988#art5_inc3')
    await hydrated(page)
    await pauseClock(page)
    const inciso = page.locator('#art5_inc3')
    await expect(inciso).toContainText(
      'III - ninguém será submetido a tortura nem a tratamento desumano ou degradante;',
    )
    await expect(inciso).toHaveClass(/is-highlighted/)
    await expect(inciso).toBeInViewport()
    await page.clock.runFor(3100)
    await expect(inciso).not.toHaveClass(/is-highlighted/)
    expect(await jsonLdTypes(page)).toContain('Legislation')
    await expect(page.locator('#art1_parunico')).toContainText('Todo o poder emana do povo')
  })

  test('a malformed hash (#%E0) leaves the page working, not the error page', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/legislacao/constituicao-federal-1988#%E0')
    await hydrated(page)
    await expect(page.locator('#art1_parunico')).toContainText('Todo o poder emana do povo')
    // The app is alive: a hash change after hydration still highlights its element.
    await page.evaluate(() => {
      window.location.hash = 'art5_inc3'
    })
    await expect(page.locator('#art5_inc3')).toHaveClass(/is-highlighted/)
    expect(errors).toEqual([])
  })
})

test.describe('generated documents (the demo corpus)', () => {
  test('from a court gazette to the lawsuit it cites, to a party, to where that person appears', async ({
    page,
  }) => {
    await page.goto('/diarios')
    await page.getByRole('link', { name: 'Diário da Justiça Eletrônico do TJSP' }).click()
    await hydrated(page)
    await page
      .getByRole('navigation', { name: 'Caderno' })
      .getByRole('link', { name: 'Caderno Judicial - 1ª Instância' })
      .click()
    await page.locator('[data-materia] a').first().click()
    const lawsuitLink = page.locator('dd a[href^="/processos/"]')
    await expect(lawsuitLink).toBeVisible()
    await lawsuitLink.click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      /Processo \d{7}-\d{2}\.\d{4}\.8\.26\.\d{4}/,
    )
    const personLink = page.getByRole('region', { name: 'Partes' }).locator('a[href^="/pessoas/"]').first()
    const name = (await personLink.textContent()) ?? ''
    await personLink.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(
      page.getByRole('region', { name: 'Processos em que aparece' }).getByRole('link').first(),
    ).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Menções em diários oficiais' }).getByRole('link').first(),
    ).toBeVisible()
    expect(await jsonLdTypes(page)).toContain('Person')
  })

  test('a company named in a contract extract, with its CNPJ', async ({ page }) => {
    await page.goto('/diarios/dou')
    await page.getByRole('navigation', { name: 'Caderno' }).getByRole('link', { name: 'Seção 3' }).click()
    await page.locator('[data-materia] a').first().click()
    const company = page.getByRole('region', { name: 'Citados nesta matéria' }).getByRole('link').first()
    await company.click()
    await expect(page.getByText(/^\d{2}\.\d{3}\.\d{3}\/0001-\d{2}$/)).toBeVisible()
    expect(await jsonLdTypes(page)).toContain('Organization')
  })

  test('a decision and a statute from the section pages', async ({ page }) => {
    await page.goto('/jurisprudencia')
    await page.locator('.gazette-item a').first().click()
    await expect(page.getByRole('heading', { level: 2, name: 'Ementa' })).toBeVisible()
    await expect(page.locator('.ementa')).not.toBeEmpty()
    await page.goto('/legislacao')
    await page.locator('.gazette-item a').first().click()
    await expect(page.locator('#art1')).toContainText(/^#?Art\. 1º/)
  })
})

test.describe('the gazette list', () => {
  test('"Carregar mais" appends the next page, and disappears when nothing is left', async ({ page }) => {
    // A viewport taller than the list: no scroll-triggered load, only the button's.
    await page.setViewportSize({ width: 1200, height: 6000 })
    await page.goto('/diarios/dje-tjsp')
    await hydrated(page)
    const items = page.locator('[data-materia]')
    await expect(items).toHaveCount(10)
    const more = page.getByRole('link', { name: 'Carregar mais' })
    const fragment = page.waitForResponse((r) => r.url().includes('/materias?') && r.url().includes('page=2'))
    await more.click()
    await fragment
    await expect(items).toHaveCount(20)
    // Keep loading (clicks, and the scroll-triggered loads they cause) until the server answers
    // an empty fragment: then the button goes away.
    const bodies: string[] = []
    await page.route('**/materias?**', async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      bodies.push(body)
      await route.fulfill({ response, body })
    })
    // The button reads "Carregando…" while a page loads: find it by what it is, not its text.
    const button = page.locator('a.load-more')
    await expect(async () => {
      if (await more.count()) await more.click({ timeout: 1000 }).catch(() => undefined)
      await expect(button).toHaveCount(0, { timeout: 500 })
    }).toPass({ timeout: 20_000 })
    await expect.poll(() => bodies.map((b) => b.length)).toContain(0)
    expect(await items.count()).toBeGreaterThanOrEqual(20)
  })

  test('scrolling past three quarters of the page loads the next page by itself', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 500 })
    await page.goto('/diarios/dje-tjrj')
    await hydrated(page)
    const next = page.waitForResponse((r) => r.url().includes('/materias?') && r.url().includes('page=2'))
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await next
    await expect(page.locator('[data-materia]')).toHaveCount(20)
  })

  test.describe('on a failed load', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource|ERR_FAILED|net::/] })
    test('the button comes back as "Carregar mais" and the list is unchanged', async ({ page }) => {
      await page.goto('/diarios/dje-tjmg')
      await hydrated(page)
      await page.route('**/materias?**', (route) => route.abort('failed'))
      const more = page.getByRole('link', { name: 'Carregar mais' })
      await more.click()
      await expect(more).toBeVisible()
      await expect(more).not.toHaveAttribute('data-loading')
      await expect(page.locator('[data-materia]')).toHaveCount(10)
    })
  })

  test('works without JavaScript: the date form and "Carregar mais" are plain links and forms', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/diarios/dje-tjsp')
    await page.getByRole('link', { name: 'Carregar mais' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.locator('[data-materia]')).toHaveCount(10)
    await page.getByRole('combobox', { name: 'Caderno' }).selectOption({ label: 'Caderno Administrativo' })
    await page.getByRole('button', { name: 'Ver edição' }).click()
    await expect(page).toHaveURL(/caderno=caderno-administrativo/)
    await expect(page).not.toHaveURL(/page=/) // page resets when another parameter changes
    await context.close()
  })

  test('"Mais cadernos" lists the cadernos in a modal filtered by name', async ({ page }) => {
    await page.goto('/diarios/dje-tjpr')
    await hydrated(page)
    await page.getByRole('button', { name: 'Mais cadernos' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mais cadernos' })
    await expect(dialog.getByRole('link')).toHaveCount(3)
    await dialog.getByLabel('Filtrar cadernos pelo nome').fill('administ')
    await expect(dialog.getByRole('link')).toHaveCount(1)
    await dialog.getByLabel('Filtrar cadernos pelo nome').fill('inexistente')
    await expect(dialog.getByText('Nenhum caderno com esse nome.')).toBeVisible()
    await dialog.getByLabel('Filtrar cadernos pelo nome').fill('Judicial - 2')
    await dialog.getByRole('link').click()
    await expect(page).toHaveURL(/caderno=caderno-judicial-2-instancia/)
  })

  test('picking a date opens that edition; a day without one says so', async ({ page }) => {
    await page.goto('/diarios/dou?data=2023-05-12')
    await hydrated(page)
    await page.getByLabel('Data da edição').fill('')
    await page.getByLabel('Data da edição').pressSequentially('23052023')
    await expect(page).toHaveURL(/data=2023-05-23/)
    await expect(page.getByText('(extra)')).toBeVisible()
    await page.goto('/diarios/dou?data=2023-05-13')
    await expect(page.getByText('Não há edição publicada nesta data.')).toBeVisible()
  })
})
