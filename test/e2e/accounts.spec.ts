import type { Page } from '@playwright/test'
import { expect, hydrated, profileUrl, test, uniqueTag } from './fixtures'

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text })

type Mail = { to: string; subject: string; text: string }

/** Reads the development mailbox, where the Worker keeps a copy of what `send_email` sent. */
async function mailFor(page: Page, to: string): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      const response = await page.request.get(`/__dev/emails?para=${encodeURIComponent(to)}`, {
        headers: { Accept: 'application/json' },
      })
      found = ((await response.json()) as Mail[])[0]
      return !!found
    })
    .toBe(true)
  return found as Mail
}

const linkIn = (mail: Mail, path: string) => {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S+`).exec(mail.text)
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`)
  return match[0]
}

test.describe('signup', () => {
  test('shows every §5 message, blocks other keys, checks names live, then signs up and confirms by e-mail', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const existing = await createUser({ login: false })
    await page.goto('/cadastrar')
    await hydrated(page)
    await expect(page).toHaveTitle(/Criar conta/)
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page.getByText('Informe o nome de usuário.')).toBeVisible()
    await expect(page.getByText('O campo e-mail é obrigatório.')).toBeVisible()
    await expect(page.getByText('O campo nome é obrigatório.')).toBeVisible()
    await expect(page.getByText('O campo senha é obrigatório.')).toBeVisible()
    // The birth date is optional (spec §5 asks only its format): an empty one is no error.
    await expect(page.getByText('Digite uma data válida')).toHaveCount(0)

    const username = page.getByLabel('Nome de usuário')
    await username.pressSequentially('ana-maria_1!')
    await expect(username).toHaveValue('anamaria1')
    await username.fill('ana-maria') // pasted text skips the key filter; the rule still holds
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page.getByText('Digite apenas letras e números')).toBeVisible()
    await username.fill(existing.subdomain) // someone else's username
    await page.getByLabel('E-mail', { exact: true }).click()
    await expect(page.getByText('Este nome de usuário já está em uso!')).toBeVisible()
    await page.getByLabel('E-mail', { exact: true }).fill(existing.email)
    await page.getByLabel('Nome completo').click()
    await expect(page.getByText('Este e-mail já está em uso!')).toBeVisible()

    await page.getByLabel('Data de nascimento').pressSequentially('31021990')
    await page.getByLabel('Senha').fill('12345')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page.getByText('Digite uma data válida')).toBeVisible()
    await expect(page.getByText('A senha deve ter no mínimo 6 caracteres')).toBeVisible()

    // A profession needs a city (spec §5); the city comes from the cities autocomplete.
    await page.getByRole('button', { name: /Selecione sua profissão/ }).click()
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('Advogado')
    await page.locator('.remote-select__list button', { hasText: /^Advogado$/ }).click()
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page.getByText('Informe o nome da sua cidade.')).toBeVisible()
    await page.getByRole('combobox', { name: 'Cidade' }).fill('Campinas')
    await page
      .getByRole('option', { name: /Campinas/ })
      .first()
      .click()
    await expect(page.getByRole('button', { name: 'Alterar cidade' })).toBeVisible()

    const tag = uniqueTag()
    const email = `nova.${tag}@exemplo.invalid`
    await username.fill(`nova${tag}`)
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByLabel('Nome completo').fill('Nova Pessoa')
    await page.getByLabel('Data de nascimento').fill('')
    await page.getByLabel('Data de nascimento').pressSequentially('10041990')
    await page.getByLabel('Senha').fill('segredo123')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page).toHaveURL(/\/conta\/perfil$/, { timeout: 10_000 })
    await hydrated(page)
    await expect(toast(page, 'Cadastrado com sucesso!')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menu do usuário' })).toBeVisible()
    await expect(page.getByText(`Confirme seu e-mail: enviamos um link para ${email}.`)).toBeVisible()

    await page.getByRole('button', { name: 'Reenviar e-mail de confirmação' }).click()
    await expect(
      toast(page, 'Email de confirmação reenviado. Verifique sua caixa de entrada no seu email.'),
    ).toBeVisible()

    const mail = await mailFor(page, email)
    expect(mail.subject).toContain('Confirme seu e-mail')
    await page.goto(linkIn(mail, '/confirmar-email?token='))
    await expect(page.getByRole('heading', { name: 'E-mail confirmado' })).toBeVisible()
    await expect(page.getByText('Confirme seu e-mail: enviamos')).toHaveCount(0)

    // The profile, on its own subdomain, shows the chosen profession and city.
    await page.goto(profileUrl(baseURL, `nova${tag}`))
    await expect(page.getByRole('heading', { level: 1, name: 'Nova Pessoa' })).toBeVisible()
    await expect(page.getByText('Advogado', { exact: true })).toBeVisible()
    await expect(page.getByText(/Campinas\/SP/).first()).toBeVisible()
  })

  test('a student picks a course and may leave the city empty', async ({ page, baseURL }) => {
    await page.goto('/cadastrar')
    await hydrated(page)
    const tag = uniqueTag()
    await page.getByLabel('Nome de usuário').fill(`aluna${tag}`)
    await page.getByLabel('E-mail', { exact: true }).fill(`aluna.${tag}@exemplo.invalid`)
    await page.getByLabel('Nome completo').fill('Aluna Teste')
    await page.getByLabel('Data de nascimento').pressSequentially('03032003')
    await page.getByLabel('Senha').fill('segredo123')
    await page.getByLabel('Estudante').check()
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page.getByText('Selecione o curso')).toHaveCount(2) // the placeholder and the message
    await page.getByRole('button', { name: /Selecione o curso/ }).click()
    await page.locator('.remote-select__list button', { hasText: /^Direito$/ }).click()
    await page.getByRole('combobox', { name: 'Instituição de ensino' }).fill('Mackenzie')
    await page
      .getByRole('option', { name: /Mackenzie/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await expect(page).toHaveURL(/\/conta\/perfil$/)
    await page.goto(profileUrl(baseURL, `aluna${tag}`))
    await expect(page.getByText('Estudante de Direito', { exact: true })).toBeVisible()
  })
})

test.describe('login page', () => {
  test('shows the server message above the button, then logs in and returns to the given URL', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ login: false })
    await page.goto(`/login?auth.redirect=${encodeURIComponent('/diarios')}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByText('O campo e-mail é obrigatório.')).toBeVisible()
    await expect(page.getByText('O campo senha é obrigatório.')).toBeVisible()
    await page.getByLabel('E-mail').fill('ana@')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByText('Insira um e-mail válido.')).toBeVisible()

    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Senha').fill('errada')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.')
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled()

    await page.getByLabel('Senha').fill(user.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/diarios$/, { timeout: 10_000 })
    await hydrated(page)
    await expect(toast(page, 'Autenticado com sucesso!')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menu do usuário' })).toBeVisible()

    // Logout from the user menu ends the session.
    await page.getByRole('navigation', { name: 'Menu do usuário' }).locator('summary').click()
    await page.getByRole('button', { name: 'Sair' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('[data-user-menu]')).toHaveCount(0)
    await page.goto('/conta/senha')
    await expect(page).toHaveURL(/\/login\?auth\.redirect=%2Fconta%2Fsenha/)
  })

  test('works without JavaScript', async ({ browser, createUser }) => {
    const user = await createUser({ login: false })
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`/login?auth.redirect=${encodeURIComponent('/legislacao')}`)
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Senha').fill('errada')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.')
    await page.getByLabel('E-mail').fill(user.email)
    await page.getByLabel('Senha').fill(user.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/legislacao$/)
    await expect(page.locator('[data-user-menu]')).toHaveCount(1)
    await context.close()
  })
})

test.describe('passwords', () => {
  test('reset by e-mail, then change it with the §5 messages', async ({ page, createUser }) => {
    const { email } = await createUser({ login: false })
    await page.goto('/login')
    await hydrated(page)
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible()
    await hydrated(page)
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Enviar link' }).click()
    await expect(toast(page, 'Se houver uma conta com este e-mail')).toBeVisible()
    const mail = await mailFor(page, email)
    expect(mail.subject).toContain('Redefinição de senha')
    await page.goto(linkIn(mail, '/senha/redefinir?token='))
    await hydrated(page)
    await page.getByLabel('Nova senha', { exact: true }).fill('segunda2')
    await page.getByLabel('Repita a nova senha').fill('outra')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page.getByText('As senhas não coincidem.')).toBeVisible()
    await page.getByLabel('Repita a nova senha').fill('segunda2')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('navigation', { name: 'Menu do usuário' })).toBeVisible()
    // The link works once.
    await page.goto(linkIn(mail, '/senha/redefinir?token='))
    await expect(page.getByRole('alert')).toContainText('inválido')

    await page.goto('/conta/senha')
    await hydrated(page)
    await page.getByRole('button', { name: 'Alterar senha' }).click()
    await expect(page.getByText('O campo senha é obrigatório.')).toBeVisible()
    await expect(page.getByText('Informe a senha novamente.')).toBeVisible()
    await page.getByLabel('Senha atual').fill('segunda2')
    await page.getByLabel('Nova senha', { exact: true }).fill('terceira3')
    await page.getByLabel('Repita a nova senha').fill('terceira')
    await page.getByRole('button', { name: 'Alterar senha' }).click()
    await expect(page.getByText('As senhas não coincidem.')).toBeVisible()
    await page.getByLabel('Repita a nova senha').fill('terceira3')
    await page.getByRole('button', { name: 'Alterar senha' }).click()
    await expect(toast(page, 'Senha alterada com sucesso.')).toBeVisible()
  })
})

test.describe('social login', () => {
  test('Google (stand-in provider) → complete signup → logged in where it started', async ({ page }) => {
    await page.goto(`/login?auth.redirect=${encodeURIComponent('/jurisprudencia')}`)
    await page.getByRole('link', { name: 'Entrar com o Google' }).click()
    await expect(page.getByRole('heading', { name: 'Provedor de identidade de teste' })).toBeVisible()
    const tag = uniqueTag()
    const email = `google.${tag}@exemplo.invalid`
    await page.getByLabel('E-mail da conta').fill(email)
    await page.getByLabel('Nome').fill('Gabriela Google')
    await page.getByRole('button', { name: 'Continuar' }).click()

    await expect(page).toHaveURL(/\/cadastrar\/completar$/)
    await hydrated(page)
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email)
    await expect(page.getByLabel('Nome completo')).toHaveValue('Gabriela Google')
    await expect(page.getByLabel('Senha')).toHaveCount(0)
    await page.getByLabel('Nome de usuário').fill(`gabi${tag}`)
    await page.getByLabel('Confirme o e-mail').fill(`outro${email}`)
    await page.getByLabel('Data de nascimento').pressSequentially('05061992')
    await page.getByRole('button', { name: 'Concluir cadastro' }).click()
    await expect(page.getByText('Os e-emails não coincidem.')).toBeVisible()
    await page.getByLabel('Confirme o e-mail').fill(email)
    await page.getByRole('button', { name: 'Concluir cadastro' }).click()
    await expect(page).toHaveURL(/\/jurisprudencia$/, { timeout: 10_000 })
    await hydrated(page)
    await expect(toast(page, 'Cadastrado com sucesso!')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menu do usuário' })).toBeVisible()
    // Google vouched for the address: no confirmation needed.
    await expect(page.getByText('Confirme seu e-mail: enviamos')).toHaveCount(0)
  })
})
