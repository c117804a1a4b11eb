import {
  createPerson,
  createTestUser,
  expect,
  expectPhoneFriendly,
  hydrated,
  test,
  uniqueTag,
} from './fixtures'

const LAWSUIT = '0919992-11.2023.8.19.0001'
const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

test.describe('monitoring (issue 16)', () => {
  test('"Monitorar processo": created, then the confirmation of what is watched and how', async ({
    page,
    user,
  }) => {
    await page.goto(`/processos/${LAWSUIT}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Monitorar processo' }).click()
    await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/)
    await expect(page.getByRole('status')).toContainText('Monitoramento criado.')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAWSUIT)
    await expect(page.getByText(`Cada nova movimentação do processo ${LAWSUIT}`)).toBeVisible()
    await expect(page.getByText('Por e-mail: na hora')).toBeVisible()
    // Back on the lawsuit, the button now opens it.
    await page.goto(`/processos/${LAWSUIT}`)
    await expect(page.getByRole('link', { name: 'Ver monitoramento' })).toBeVisible()
    expect(user.id).toBeGreaterThan(0)
  })

  test.describe('when the server refuses', () => {
    test.use({ allowConsoleErrors: [/500/] })
    test('each error is a toast and the button reads "Monitorar processo" again', async ({ page, user }) => {
      expect(user.id).toBeGreaterThan(0)
      await page.route('**/api/interno/processos', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'failed', errors: ['Limite atingido.', 'Tente amanhã.'] }),
        }),
      )
      await page.goto(`/processos/${LAWSUIT}`)
      await hydrated(page)
      const button = page.getByRole('button', { name: 'Monitorar processo' })
      await button.click()
      await expect(page.getByText('Limite atingido.')).toBeVisible()
      await expect(page.getByText('Tente amanhã.')).toBeVisible()
      await expect(button).toBeEnabled()
      await expect(button).toHaveText('Monitorar processo')

      await page.unroute('**/api/interno/processos')
      await page.route('**/api/interno/processos', (route) => route.fulfill({ status: 500, body: '' }))
      await button.click()
      await expect(page.getByText('Ocorreu um erro interno!')).toBeVisible()
      await expect(button).toHaveText('Monitorar processo')
      await expect(page).toHaveURL(new RegExp(`/processos/${LAWSUIT.replace(/\./g, '\\.')}$`))
    })
  })

  test('an anonymous visitor logs in first, then the monitoring is created', async ({ page, createUser }) => {
    const person = await createUser({ login: false })
    await page.goto(`/processos/${LAWSUIT}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Monitorar processo' }).click()
    await expect(page).toHaveURL(/\/login\?auth\.redirect=/)
    await hydrated(page)
    await page.getByLabel('E-mail').fill(person.email)
    await page.getByLabel('Senha').fill(person.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    // Back on the lawsuit, the monitoring asked for is created without pressing again.
    await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/, { timeout: 15_000 })
  })

  test('"Monitorar nome" opens the campaign-29 form filled in; saving it leads to the new monitoring', async ({
    page,
    baseURL,
    user,
  }) => {
    expect(user.id).toBeGreaterThan(0)
    const name = `Rosalva ${uniqueTag()} Menezes`
    const person = { ...(await createPerson(page, baseURL, name)), name }
    await page.goto(`/pessoas/${person.slug}`)
    await page.getByRole('link', { name: 'Monitorar nome' }).click()
    await expect(page).toHaveURL(/\/monitoramentos\/novo\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('campaign_id')).toBe('29')
    expect(url.searchParams.get('ref')).toBe('ClicouBotaoMonitorarNome')
    expect(url.searchParams.get('tipo')).toBe('nome')
    expect(url.searchParams.get('origem_criacao')).toBe('BOTAO_MONITORAR_PAGINA_PESSOA')
    await hydrated(page)
    await expect(page.getByRole('textbox', { name: 'Nome ou termo', exact: true })).toHaveValue(person.name)
    await page.getByLabel('Estado', { exact: true }).selectOption('SP')
    await page.getByLabel('CPF ou CNPJ (inteiro ou um trecho)').fill('456.789')
    await page.getByRole('button', { name: 'Criar monitoramento' }).click()
    await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(person.name)
    await expect(page.getByText('Filtros: estado SP; CPF/CNPJ 456.789.')).toBeVisible()
  })

  test('the table: select all, confirm, "Itens excluídos", rows gone', async ({ page, baseURL, user }) => {
    expect(user.id).toBeGreaterThan(0)
    for (const termo of [`Primeiro ${uniqueTag()} Nome`, `Segundo ${uniqueTag()} Nome`]) {
      const created = await page.request.post(`${origin(baseURL)}/ajax/monitoramentos`, {
        data: { tipo: 'nome', termo, modo: 'exato', fontes: ['diarios'] },
        headers: { Origin: origin(baseURL) },
      })
      expect(created.status()).toBe(200)
    }
    await page.goto('/monitoramentos')
    await hydrated(page)
    const table = page.getByRole('table', { name: 'Seus monitoramentos' })
    await expect(table.getByRole('row')).toHaveCount(3)
    await table.getByRole('checkbox', { name: 'Selecionar todos' }).check()
    await page.getByRole('button', { name: 'Excluir selecionados' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Você tem certeza de que deseja excluir os 2 itens selecionados?')
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    await expect(page.getByText('Itens excluídos')).toBeVisible()
    await expect(page.getByText(/Você ainda não monitora nada|Selecionar todos/).first()).toBeVisible()
    await page.reload()
    await expect(page.getByText(/Você ainda não monitora nada/)).toBeVisible()
  })

  test('webhook: save an address, send a test, see it in the log', async ({ page, baseURL, user }) => {
    expect(user.id).toBeGreaterThan(0)
    await page.goto('/monitoramentos')
    await hydrated(page)
    await page.getByLabel('Endereço (https)').fill(`${origin(baseURL)}/__dev/webhook`)
    await page.getByRole('button', { name: 'Salvar webhook' }).click()
    await expect(page.getByText('Webhook salvo.')).toBeVisible()
    await page.getByRole('button', { name: 'Enviar um teste' }).click()
    await expect(page.getByText(/Teste entregue: HTTP 200 em \d+ ms\./)).toBeVisible()
    await expect(page.locator('.webhook__log tbody tr').first()).toContainText('Teste')
    await expect(page.locator('.webhook__log tbody tr').first()).toContainText('HTTP 200')
  })

  test('works without JavaScript: the name form posts and lands on the new monitoring', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await createTestUser(page)
    const name = `Hermengarda ${uniqueTag()} Lins`
    await page.goto(
      `/monitoramentos/novo?campaign_id=29&tipo=nome&termo=${encodeURIComponent(name)}&ref=ClicouBotaoMonitorarNome`,
    )
    await expect(page.getByRole('textbox', { name: 'Nome ou termo', exact: true })).toHaveValue(name)
    await page.getByRole('button', { name: 'Criar monitoramento' }).click()
    await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await context.close()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } })
    test('the list, the form and a monitoring never scroll sideways', async ({ page, baseURL, user }) => {
      expect(user.id).toBeGreaterThan(0)
      const created = await page.request.post(`${origin(baseURL)}/ajax/monitoramentos`, {
        data: {
          tipo: 'termo',
          termo: `licitação ${uniqueTag()} pregão eletrônico`,
          modo: 'todas',
          fontes: ['diarios'],
        },
        headers: { Origin: origin(baseURL) },
      })
      const { monitoramento } = (await created.json()) as { monitoramento: { id: number } }
      await expectPhoneFriendly(page, '/monitoramentos')
      await expectPhoneFriendly(page, '/monitoramentos/novo?campaign_id=29')
      await expectPhoneFriendly(page, `/monitoramentos/${monitoramento.id}?novo=true`)
    })
  })
})
