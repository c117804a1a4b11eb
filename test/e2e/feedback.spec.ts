import { expect, hydrated, pauseClock, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.goto('/dev/galeria')
  await hydrated(page)
})

const toasts = (page: import('@playwright/test').Page) => page.locator('[data-sonner-toast]')

test.describe('toasts', () => {
  test('appear at the bottom centre in three styles', async ({ page }) => {
    await page.getByRole('button', { name: 'Toast de erro' }).click()
    await page.getByRole('button', { name: 'Toast de aviso' }).click()
    await page.getByRole('button', { name: 'Toast de alerta' }).click()
    const toaster = page.locator('[data-sonner-toaster]')
    await expect(toaster).toHaveAttribute('data-y-position', 'bottom')
    await expect(toaster).toHaveAttribute('data-x-position', 'center')
    await expect(toasts(page).filter({ hasText: 'Exemplo de erro' })).toHaveAttribute('data-type', 'error')
    // A notice is informational, not a (green) success.
    await expect(toasts(page).filter({ hasText: 'Exemplo de aviso' })).toHaveAttribute('data-type', 'info')
    await expect(toasts(page).filter({ hasText: 'Exemplo de alerta' })).toHaveAttribute(
      'data-type',
      'warning',
    )
    const accent = (text: string) =>
      toasts(page)
        .filter({ hasText: text })
        .evaluate((toast) => getComputedStyle(toast).borderLeftColor)
    const colours = [
      await accent('Exemplo de erro'),
      await accent('Exemplo de aviso'),
      await accent('Exemplo de alerta'),
    ]
    expect(new Set(colours).size).toBe(3)
    expect(colours[1]).toBe('rgb(31, 95, 153)')
  })
})

test.describe('generic form action', () => {
  const form = (page: import('@playwright/test').Page) =>
    page.getByRole('form', { name: 'Mensagem de exemplo' })

  test('validates with the spec messages in each field, marks the form, keeps focus, sends nothing', async ({
    page,
  }) => {
    let posted = false
    page.on('request', (request) => {
      if (request.url().endsWith('/__dev/galeria/formulario')) posted = true
    })
    const f = form(page)
    await f.getByLabel('E-mail').fill('nao-e-email')
    await f.getByLabel('Observação (não validada)').focus()
    await f.getByRole('button', { name: 'Enviar' }).click()
    await expect(f.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true')
    await expect(f).toHaveAttribute('data-invalid', 'true')
    const messageOf = (label: string) =>
      f.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__message')
    await expect(messageOf('Nome')).toHaveText('Informe o seu nome')
    await expect(messageOf('E-mail')).toHaveText('Insira um e-mail válido.')
    await expect(messageOf('Telefone')).toHaveText('Informe o seu telefone')
    await expect(messageOf('Mensagem')).toHaveText('Informe a mensagem')
    // The field inside the no-validate region is ignored, and focus did not jump to "Nome".
    await expect(messageOf('Observação (não validada)')).toHaveText('')
    await expect(f.getByLabel('Nome')).not.toBeFocused()
    expect(posted).toBe(false)
  })

  async function fillValid(page: import('@playwright/test').Page, nome = 'Maria Teste') {
    const f = form(page)
    await f.getByLabel('Nome').fill(nome)
    await f.getByLabel('E-mail').fill('maria@exemplo.invalid')
    await f.getByLabel('Telefone').fill('(11) 3456-7890')
    await f.getByLabel('Mensagem').fill('Preciso de orientação sobre um inventário.')
  }

  test('success: the button shows progress, the default toast appears, the form is cleared', async ({
    page,
  }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/__dev/galeria/formulario', async (route) => {
      await held
      await route.continue()
    })
    await fillValid(page)
    const button = form(page).getByRole('button', { name: 'Enviar' })
    await button.click()
    await expect(button).toBeDisabled()
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await expect(button.locator('.spinner')).toBeVisible()
    release()
    await expect(toasts(page).filter({ hasText: 'Enviado com sucesso!' })).toBeVisible()
    await expect(button).toBeEnabled()
    await expect(button).toHaveAttribute('data-state', 'idle')
    await expect(form(page).getByLabel('Nome')).toHaveValue('')
  })

  test('server errors become one toast with a bullet per message', async ({ page }) => {
    await fillValid(page, 'Recusado')
    await form(page).getByRole('button', { name: 'Enviar' }).click()
    const toast = toasts(page).filter({ hasText: 'Mensagem recusada pelo servidor.' })
    await expect(toast).toHaveAttribute('data-type', 'error')
    await expect(toast.locator('li')).toHaveText([
      'Mensagem recusada pelo servidor.',
      'Tente novamente amanhã.',
    ])
    await expect(form(page).getByLabel('Nome')).toHaveValue('Recusado') // not cleared on failure
  })

  test("a failure without errors says 'Ocorreu um erro!'", async ({ page }) => {
    await fillValid(page, 'Sem detalhes')
    await form(page).getByRole('button', { name: 'Enviar' }).click()
    await expect(toasts(page).filter({ hasText: /^Ocorreu um erro!$/ })).toBeVisible()
  })

  test.describe('when the server or the network fails', () => {
    test.use({ allowConsoleErrors: [/500|Failed to fetch|ERR_FAILED|net::/] })

    test("a server error says 'Ocorreu um erro interno!' and re-enables the button", async ({ page }) => {
      await fillValid(page, 'Falha')
      const button = form(page).getByRole('button', { name: 'Enviar' })
      await button.click()
      await expect(toasts(page).filter({ hasText: 'Ocorreu um erro interno!' })).toBeVisible()
      await expect(button).toBeEnabled()
    })

    test("a network failure says 'Ocorreu um erro interno!'", async ({ page }) => {
      await page.route('**/__dev/galeria/formulario', (route) => route.abort('internetdisconnected'))
      await fillValid(page)
      await form(page).getByRole('button', { name: 'Enviar' }).click()
      await expect(toasts(page).filter({ hasText: 'Ocorreu um erro interno!' })).toBeVisible()
    })
  })

  test('a GET action shows no success toast and, when asked, keeps the form', async ({ page }) => {
    const f = page.getByRole('form', { name: 'Busca de exemplo' })
    const request = page.waitForRequest((r) => r.url().includes('/__dev/galeria/busca?termo=usucapi'))
    await f.getByLabel('Termo').fill('usucapião')
    await f.getByRole('button', { name: 'Consultar' }).click()
    expect((await request).method()).toBe('GET')
    await expect(toasts(page).filter({ hasText: 'Resposta do GET: usucapião' })).toBeVisible()
    await expect(toasts(page).filter({ hasText: 'Enviado com sucesso!' })).toHaveCount(0)
    await expect(f.getByLabel('Termo')).toHaveValue('usucapião')
  })
})

test.describe('modals', () => {
  test('open by name, with their own or a given title and subtitle; Escape closes', async ({ page }) => {
    await page.getByRole('button', { name: 'Abrir modal', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Modal de exemplo' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Conteúdo do modal.')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Abrir com título' }).click()
    const titled = page.getByRole('dialog', { name: 'Título dado ao abrir' })
    await expect(titled).toBeVisible()
    await expect(titled.getByText('Subtítulo dado ao abrir')).toBeVisible()
    await titled.getByRole('button', { name: 'Fechar' }).click()
    await expect(titled).toBeHidden()
  })

  test('multi-step: "Próximo" needs the step filled, else the alert shows for 5 s', async ({ page }) => {
    await page.clock.install()
    await page.goto('/dev/galeria')
    await hydrated(page)
    await pauseClock(page)
    await page.getByRole('button', { name: 'Abrir modal em etapas' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cadastro em etapas' })
    await expect(dialog.getByText('Etapa 1 de 3')).toBeVisible()
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    const alert = dialog.getByRole('alert')
    await expect(alert).toHaveText('Preencha todos os campos para continuar.')
    await page.clock.runFor(4900)
    await expect(alert).toBeVisible()
    await page.clock.runFor(200)
    await expect(alert).toBeHidden()

    await dialog.getByLabel('Nome completo').fill('Ana Souza')
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    await expect(dialog.getByText('Etapa 2 de 3')).toBeVisible()
    await dialog.getByRole('button', { name: 'Próximo' }).click() // no radio chosen yet
    await expect(alert).toBeVisible()
    await dialog.getByLabel('Profissional').check()
    await dialog.getByRole('button', { name: 'Próximo' }).click()
    await expect(dialog.getByText('Etapa 3 de 3')).toBeVisible()
    await dialog.getByRole('button', { name: 'Voltar' }).click()
    await expect(dialog.getByText('Etapa 2 de 3')).toBeVisible()
  })
})

test.describe('login-gated action', () => {
  test('asks for login in a modal, then continues the action', async ({ page, createUser }) => {
    const user = await createUser({ login: false })
    await expect(page.locator('[data-user-menu]')).toHaveCount(0)
    await page.getByRole('button', { name: 'Seguir (exige login)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Entre para continuar' })
    await expect(dialog).toBeVisible()

    // Spec §5 messages first, then the server's message above the button on a failed login.
    await dialog.getByRole('button', { name: 'Entrar' }).click()
    await expect(dialog.getByText('O campo e-mail é obrigatório.')).toBeVisible()
    await expect(dialog.getByText('O campo senha é obrigatório.')).toBeVisible()
    await dialog.getByLabel('E-mail').fill('ninguem@exemplo.invalid')
    await dialog.getByLabel('Senha').fill('qualquer')
    await dialog.getByRole('button', { name: 'Entrar' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('E-mail ou senha incorretos.')
    await expect(dialog.getByRole('button', { name: 'Entrar' })).toBeEnabled()

    await dialog.getByLabel('E-mail').fill(user.email)
    await dialog.getByLabel('Senha').fill(user.password)
    await dialog.getByRole('button', { name: 'Entrar' }).click()
    await expect(toasts(page).filter({ hasText: 'Autenticado com sucesso!' })).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.locator('[data-gated-result]')).toHaveText('Ação executada 1×')
    await expect(page.getByRole('navigation', { name: 'Menu do usuário' })).toBeVisible()

    // Logged in now: the action runs at once, no modal.
    await page.getByRole('button', { name: 'Seguir (exige login)' }).click()
    await expect(page.locator('[data-gated-result]')).toHaveText('Ação executada 2×')
    await expect(dialog).toBeHidden()
  })

  test('or sends the visitor to /login with the current URL to come back to', async ({ page, baseURL }) => {
    await page.getByRole('button', { name: 'Votar (vai para a página de login)' }).click()
    await expect(page).toHaveURL(
      `${baseURL}/login?auth.redirect=${encodeURIComponent(`${baseURL}/dev/galeria`)}`,
    )
  })

  test('runs at once for a user who is already logged in', async ({ page, user }) => {
    await page.goto('/dev/galeria')
    await hydrated(page)
    await expect(page.getByRole('navigation', { name: 'Menu do usuário' }).locator('summary')).toContainText(
      user.name,
    )
    await page.getByRole('button', { name: 'Seguir (exige login)' }).click()
    await expect(page.locator('[data-gated-result]')).toHaveText('Ação executada 1×')
    await expect(page.getByRole('dialog', { name: 'Entre para continuar' })).toHaveCount(0)
  })
})
