import { CITY, expect, hydrated, profileUrl, test, uniqueTag } from './fixtures'

test.describe('a visitor on the site', () => {
  test('sees the home page in Portuguese, hydrated, with professionals from the database', async ({
    page,
  }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
    await expect(page).toHaveTitle(
      'Busca jurídica: pessoas, empresas, diários oficiais e processos | JurisEdge',
    )
    await expect(page.getByRole('heading', { level: 1, name: 'O que você procura?' })).toBeVisible()
    const main = page.getByRole('main')
    await expect(main.getByLabel('Termo de busca')).toBeVisible()
    await expect(main.getByLabel('Categoria')).toHaveValue('t')
    // The newest professionals: other tests sign people up, so which ones varies; each links to
    // a profile subdomain.
    const professionals = main.locator('a[href*=".localhost:"]')
    await expect(professionals.first()).toBeVisible()
    // React took over the server-rendered page (scripts allowed by the CSP nonce).
    await hydrated(page)
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toMatch(/^http:\/\/localhost:\d+$/)
  })

  // Hydrated first: a hash navigation while React is still hydrating is a different story (the
  // no-JavaScript case below covers the page before its scripts run).
  test('reaches the keyboard skip link first', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#conteudo$/)
  })

  test('reaches the keyboard skip link first without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#conteudo$/)
    await context.close()
  })

  test('opens a professional profile on its own subdomain', async ({ page, baseURL, createUser }) => {
    await page.goto('/')
    const first = page.getByRole('main').locator('a[href*=".localhost:"]').first()
    const href = (await first.getAttribute('href')) ?? ''
    await first.click()
    await expect(page).toHaveURL(`${href.replace(/\/$/, '')}/`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    const pro = await createUser({
      login: false,
      name: 'Beatriz Souza Teste',
      profession: { code: '241005', city: CITY.saoPaulo },
    })
    await page.goto(profileUrl(baseURL, pro.subdomain))
    await expect(page.getByRole('heading', { level: 1, name: 'Beatriz Souza Teste' })).toBeVisible()
    await expect(page.getByText('Advogado', { exact: true })).toBeVisible()
    await expect(page.getByText('Atende em São Paulo/SP')).toBeVisible()
    await expect(page).toHaveTitle('Beatriz Souza Teste – Advogado | JurisEdge')
    await hydrated(page)
  })

  test('gets a Portuguese 404 page for an unknown subdomain', async ({ page, baseURL }) => {
    const response = await page.goto(profileUrl(baseURL, 'naoexisteninguem'))
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible()
    await expect(page.getByText('Não encontramos nenhum profissional com esse endereço.')).toBeVisible()
  })

  test('gets a Portuguese 404 page for a reserved name', async ({ page, baseURL }) => {
    const response = await page.goto(profileUrl(baseURL, 'admin'))
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible()
  })

  test('gets a Portuguese 404 page for an unknown path and can go back home', async ({ page }) => {
    const response = await page.goto('/nada/por/aqui')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle('Página não encontrada | JurisEdge')
    await expect(page.getByText('O endereço que você acessou não existe ou foi removido.')).toBeVisible()
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'O que você procura?' })).toBeVisible()
  })

  test('is redirected from www to the bare domain', async ({ page, baseURL }) => {
    await page.goto(profileUrl(baseURL, 'www', '/nada?x=1'))
    expect(new URL(page.url()).host).toBe(new URL(baseURL ?? '').host)
  })
})

test.describe('static files and machine-readable endpoints', () => {
  test('serves robots.txt, the favicon and the health check', async ({ request }) => {
    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    expect(await robots.text()).toContain('Disallow: /api/')
    const icon = await request.get('/favicon.svg')
    expect(icon.headers()['content-type']).toContain('image/svg+xml')
    expect(await (await request.get('/api/saude')).json()).toEqual({ status: 'ok', banco: true })
  })

  test('runs the cron trigger under wrangler dev; suggestions answer from KV', async ({
    request,
    baseURL,
    createUser,
  }) => {
    const origin = new URL(baseURL ?? '').origin
    const suggest = async (termo: string) =>
      (await (
        await request.post('/api/v2/busca/sugestoes', { data: { termo }, headers: { Origin: origin } })
      ).json()) as string[]
    // A member who joined after the last rebuild is suggested once the cron has run (a run
    // handles a bounded number of name prefixes, so it may take more than one).
    const member = await createUser({ login: false, name: `Quíron ${uniqueTag()}` })
    expect(await suggest(member.name)).toEqual([])
    await expect
      .poll(
        async () => {
          expect((await request.get('/__scheduled?cron=*/5+*+*+*+*')).status()).toBe(200)
          return suggest(member.name.replace('í', 'i'))
        },
        { timeout: 20_000 },
      )
      .toEqual([member.name])

    // Popular searches (other tests search too), members, then corpus names: all start with the
    // input, accents aside, and the demo member is among them.
    const names = await suggest('antô')
    expect(names).toContain('Antônio Alves Pereira')
    for (const name of names)
      expect(name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).toMatch(/^anto/)
    const foreign = await request.post('/api/v2/busca/sugestoes', {
      data: { termo: 'antô' },
      headers: { Origin: 'https://outro-site.example' },
    })
    expect(foreign.status()).toBe(403)
  })
})
