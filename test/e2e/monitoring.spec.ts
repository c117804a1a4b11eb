import type { Page } from '@playwright/test'
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

  test.describe('a webhook that fails (issue 27 item 11)', () => {
    test.use({ allowConsoleErrors: [/422/] })
    /** What the local receiver got under one delivery id (X-Entrega). */
    const receivedFor = async (page: Page, baseURL: string | undefined, key: string) => {
      const all = (await (await page.request.get(`${origin(baseURL)}/__dev/webhook`)).json()) as ({
        headers: Record<string, string | null>
      } | null)[]
      return all.filter((entry) => entry?.headers['x-entrega'] === key).length
    }

    test('a failed delivery shows "Falhou" and "Reenviar" sends it again with the same id', async ({
      page,
      baseURL,
      user,
    }) => {
      expect(user.id).toBeGreaterThan(0)
      await page.goto('/monitoramentos')
      await hydrated(page)
      const address = page.getByLabel('Endereço (https)')
      await address.fill('https://usuario:senha@ganchos.exemplo.com.br/x')
      await page.getByRole('button', { name: 'Salvar webhook' }).click()
      await expect(page.getByText('Tire o usuário e a senha do endereço').first()).toBeVisible()
      await address.fill(`${origin(baseURL)}/__dev/webhook?falhar=1`)
      await page.getByRole('button', { name: 'Salvar webhook' }).click()
      await expect(page.getByText('Webhook salvo.')).toBeVisible()
      const firstSecret = await page.locator('.webhook__secret').textContent()
      await page.getByRole('button', { name: 'Enviar um teste' }).click()
      await expect(page.getByText('O teste não foi entregue: HTTP 500')).toBeVisible()
      const row = page.locator('.webhook__log tbody tr').first()
      await expect(row).toContainText('Falhou: HTTP 500')
      const key = (await row.locator('code').textContent()) ?? ''
      expect(key).toMatch(/^teste-/)

      // The receiver is fixed at a new address: a new secret, then "Reenviar".
      await address.fill(`${origin(baseURL)}/__dev/webhook`)
      await page.getByRole('button', { name: 'Salvar webhook' }).click()
      await expect(page.getByText(/geramos um novo segredo da assinatura/)).toBeVisible()
      await expect(page.locator('.webhook__secret')).not.toHaveText(firstSecret ?? '')
      await row.getByRole('button', { name: 'Reenviar' }).click()
      await expect(page.getByText(/Reenvio entregue: HTTP 200 em \d+ ms\./)).toBeVisible()
      await expect(row).toContainText('Entregue')
      await expect(row.getByRole('button', { name: 'Reenviar' })).toHaveCount(0)
      await expect(row.locator('code')).toHaveText(key)
      expect(await receivedFor(page, baseURL, key)).toBe(2)
    })

    test('"Reenviar" works without JavaScript', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
      const page = await context.newPage()
      await createTestUser(page)
      await page.goto('/monitoramentos')
      const address = page.getByLabel('Endereço (https)')
      await address.fill(`${origin(baseURL)}/__dev/webhook?falhar=1`)
      await page.getByRole('button', { name: 'Salvar webhook' }).click()
      await page.getByRole('button', { name: 'Enviar um teste' }).click()
      await expect(page.getByText('O teste não foi entregue: HTTP 500').first()).toBeVisible()
      const row = page.locator('.webhook__log tbody tr').first()
      await expect(row).toContainText('Falhou: HTTP 500')
      const key = (await row.locator('code').textContent()) ?? ''
      await page.getByLabel('Endereço (https)').fill(`${origin(baseURL)}/__dev/webhook`)
      await page.getByRole('button', { name: 'Salvar webhook' }).click()
      await page.locator('.webhook__log tbody tr').first().getByRole('button', { name: 'Reenviar' }).click()
      await expect(page).toHaveURL(/\/monitoramentos#webhook$/)
      await expect(page.locator('.webhook__log tbody tr').first()).toContainText('Entregue')
      expect(await receivedFor(page, baseURL, key)).toBe(2)
      await context.close()
    })
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

  test('the name form says, with the place filters, that places are read from the text (issue 28)', async ({
    page,
    user,
  }) => {
    expect(user.id).toBeGreaterThan(0)
    await page.goto('/monitoramentos/novo?campaign_id=29')
    const filters = page.getByRole('group', { name: 'Para não confundir com homônimos (opcional)' })
    await expect(filters.getByLabel('Estado', { exact: true })).toBeVisible()
    await expect(filters.getByText('Cidade', { exact: true })).toBeVisible()
    await expect(
      filters.getByText(
        'Estado e cidade também valem para diários que não informam o lugar, como o Diário Oficial da União',
      ),
    ).toBeVisible()
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
