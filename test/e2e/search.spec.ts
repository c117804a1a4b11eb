import { expect, hydrated, test } from './fixtures'

test.describe('search (first slice: server-rendered results)', () => {
  test('from the home page: every category with its count, matched words highlighted', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const form = page.getByRole('main').getByRole('form', { name: 'Buscar' })
    await form.getByLabel('Termo de busca').fill('aposentadoria')
    await form.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/\/busca\?qo=t&q=aposentadoria$/)
    await expect(page).toHaveTitle('“aposentadoria” em Tudo | JurisEdge')
    const gazettes = page.getByRole('region', { name: /Diários Oficiais/ })
    await expect(gazettes.getByRole('heading', { level: 2 })).toContainText(/\d+ resultados/)
    await expect(gazettes.locator('mark').first()).toHaveText(/aposentadoria/i)
    await gazettes.getByRole('link', { name: /Ver todos os/ }).click()
    await expect(page).toHaveURL(/qo=d/)
    await expect(page.locator('.result')).toHaveCount(20)
    await page.getByRole('link', { name: 'Próxima página' }).click()
    await expect(page).toHaveURL(/page=2/)
  })

  test('lawsuits and legislation page by a cursor: forward and back, other results on each page (decisions/0087)', async ({
    page,
  }) => {
    // The local site spreads the corpus over several databases (decisions/0084): every category's
    // "Próxima" and "Anterior" carry the cursor where the page ended.
    for (const url of ['/busca?q=silva&qo=en', '/legislacao/busca?q=pessoa']) {
      await page.goto(url)
      const first = await page.locator('.result a').first().getAttribute('href')
      await page.getByRole('link', { name: 'Próxima página' }).click()
      await expect(page).toHaveURL(/[?&]page=2&cursor=[\w-]+$/)
      await expect(page.locator('.result').first()).toBeVisible()
      const second = await page.locator('.result a').first().getAttribute('href')
      expect(second).not.toBe(first)
      await page.getByRole('link', { name: 'Próxima página' }).click()
      await expect(page).toHaveURL(/[?&]page=3&cursor=[\w-]+$/)
      await expect(page.getByRole('link', { name: 'Página anterior' })).toHaveAttribute(
        'href',
        /page=2&cursor=[\w-]+$/,
      )
      await page.getByRole('link', { name: 'Página anterior' }).click()
      await expect(page).toHaveURL(/[?&]page=2&cursor=[\w-]+$/)
      await expect(page.locator('.result a').first()).toHaveAttribute('href', second ?? '')
    }
  })

  test('each category has its own results page, title and highlighted words', async ({ page }) => {
    const cases: [string, string][] = [
      ['/busca?q=silva&qo=p', 'Pessoas'],
      ['/busca?q=ltda&qo=i', 'Empresas'],
      ['/busca?q=nomear&qo=d', 'Diários Oficiais'],
      ['/busca?q=silva&qo=en', 'Partes em Processos'],
      ['/jurisprudencia/busca?q=dano+moral', 'Jurisprudência'],
      ['/legislacao/busca?q=servidor', 'Legislação'],
    ]
    for (const [url, label] of cases) {
      await page.goto(url)
      await expect(page).toHaveTitle(new RegExp(`em ${label} \\| JurisEdge$`))
      const section = page.getByRole('region', { name: new RegExp(label) })
      await expect(section.locator('.result').first()).toBeVisible()
      await expect(section.locator('mark').first()).toBeVisible()
    }
  })

  test('every result of every category shows the searched word inside a <mark>', async ({ page }) => {
    const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    // "licitacao" matches gazette titles ("AVISO DE LICITAÇÃO") whose excerpt lacks the word.
    const cases: [string, string, string][] = [
      ['/busca?q=silva&qo=p', 'Pessoas', 'silva'],
      ['/busca?q=ltda&qo=i', 'Empresas', 'ltda'],
      ['/busca?q=licitacao&qo=d', 'Diários Oficiais', 'licitacao'],
      ['/busca?q=contrato&qo=d', 'Diários Oficiais', 'contrato'],
      ['/busca?q=silva&qo=en', 'Partes em Processos', 'silva'],
      ['/jurisprudencia/busca?q=moral', 'Jurisprudência', 'moral'],
      ['/legislacao/busca?q=servidor', 'Legislação', 'servidor'],
      ['/busca?q=aposentadoria&qo=t', 'Diários Oficiais', 'aposentadoria'],
    ]
    for (const [url, label, word] of cases) {
      await page.goto(url)
      const results = page.getByRole('region', { name: new RegExp(label) }).locator('.result')
      await expect(results.first()).toBeVisible()
      // One read of the page per case (not two round trips per result): each result's title and marks.
      const found = await results.evaluateAll((nodes) =>
        nodes.map((node) => ({
          title: node.querySelector('.result__title')?.textContent ?? '',
          marks: [...node.querySelectorAll('mark')].map((mark) => mark.textContent ?? ''),
        })),
      )
      for (const { title, marks } of found) expect(marks.map(fold), `${url}: ${title}`).toContain(word)
    }
  })

  test('a typed CNJ number points straight to the lawsuit', async ({ page }) => {
    await page.goto('/busca?q=0919992-11.2023.8.19.0001')
    await page.getByRole('link', { name: 'Processo 0919992-11.2023.8.19.0001' }).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Processo 0919992-11.2023.8.19.0001')
  })

  test('case law goes to its own route with the category field disabled', async ({ page }) => {
    await page.goto('/busca?qo=jr&q=habeas+corpus')
    await expect(page).toHaveURL(/\/jurisprudencia\/busca\?q=habeas\+corpus$/)
    await expect(page.getByRole('main').getByLabel('Categoria')).toBeDisabled()
    await expect(page.locator('.result').first()).toBeVisible()
    await page.goto('/legislacao/busca?q=tortura')
    await page.locator('.result a').first().click()
    await expect(page).toHaveURL(/\/legislacao\/constituicao-federal-1988#art5_inc3$/)
  })

  test('hostile input gives a calm "no results" page', async ({ page }) => {
    const response = await page.goto(`/busca?qo=t&q=${encodeURIComponent('NEAR("a"* ) -:🙂 "')}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('status')).toContainText('Nenhum resultado para')
  })

  test('works without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/')
    const form = page.getByRole('main').getByRole('form', { name: 'Buscar' })
    await form.getByLabel('Categoria').selectOption('p')
    await form.getByLabel('Termo de busca').fill('antonio')
    await form.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/qo=p/)
    await expect(page.locator('.result').first()).toBeVisible()
    await context.close()
  })

  test('the results page has no accessibility violations', async ({ page }) => {
    const { default: AxeBuilder } = await import('@axe-core/playwright')
    await page.goto('/busca?qo=t&q=contrato')
    await hydrated(page)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  })
})
