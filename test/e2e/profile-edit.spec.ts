import { CITY, expect, hydrated, loginAs, profileUrl, test } from './fixtures'

test.describe('the profession as she chose it (decisions/0018)', () => {
  test('"Advogada" in the form, the user menu and the side menu; the saved lists load', async ({
    page,
    baseURL,
  }) => {
    await loginAs(page, baseURL, 'ana@exemplo.invalid')
    await page.goto('/conta/profissao')
    await hydrated(page)
    const form = page.getByRole('form', { name: 'Profissão' })
    await expect(form.getByRole('button', { name: /Profissão/ })).toHaveText(/Advogada$/)
    await expect(form.getByRole('radio', { name: 'Advogada', exact: true })).toBeChecked()
    await expect(form.getByRole('radio', { name: 'Advogado', exact: true })).not.toBeChecked()
    await page.getByRole('navigation', { name: 'Menu do usuário' }).locator('summary').click()
    await expect(
      page.getByRole('navigation', { name: 'Menu do usuário' }).getByText('Advogada'),
    ).toBeVisible()
  })
})

test.describe('editing one’s profile in tabs', () => {
  test('Perfil: the user menu leads there; §5 messages, then the change is saved', async ({
    page,
    user,
    createUser,
  }) => {
    const someoneElse = await createUser({ login: false })
    await page.goto('/')
    await hydrated(page)
    const userMenu = page.getByRole('navigation', { name: 'Menu do usuário' })
    await userMenu.locator('summary').click()
    // Through the profile host's session bridge: the profile opens logged in (decisions/0054).
    await expect(userMenu.getByRole('link', { name: 'Meu perfil' })).toHaveAttribute(
      'href',
      new RegExp(`//${user.subdomain}\\.localhost:\\d+/sessao/ponte\\?volta=%2F&auto=1$`),
    )
    await userMenu.getByRole('link', { name: 'Editar perfil' }).click()
    await expect(page).toHaveURL(/\/conta\/perfil$/)
    await hydrated(page)
    const tabs = page.getByRole('navigation', { name: 'Seções do perfil' })
    await expect(tabs.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page')
    for (const name of ['Profissão', 'Foto', 'Senha', 'Mensagens'])
      await expect(tabs.getByRole('link', { name })).toBeVisible()

    const form = page.getByRole('form', { name: 'Perfil' })
    await expect(form.getByLabel('E-mail')).toHaveValue(user.email)
    await form.getByLabel('E-mail').fill('')
    await form.getByLabel('Nome').fill('')
    await form.getByLabel('Data de nascimento').fill('')
    await form.getByLabel('Data de nascimento').pressSequentially('31022000')
    await expect(form.getByLabel('Data de nascimento')).toHaveValue('31/02/2000')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(form.getByText('O campo e-mail é obrigatório.')).toBeVisible()
    await expect(form.getByText('O campo nome é obrigatório.')).toBeVisible()
    await expect(form.getByText('Digite uma data válida')).toBeVisible()

    // A new e-mail needs the current password (re-authentication, decisions/0022).
    await form.getByLabel('E-mail').fill(someoneElse.email)
    await form.getByLabel('Nome').fill('Joana Ribeiro Lima')
    await form.getByLabel('Data de nascimento').fill('')
    await form.getByLabel('Data de nascimento').pressSequentially('15081985')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(form.locator('[data-field="senha"] .field__message')).toHaveText(
      'Informe sua senha atual para trocar o e-mail.',
    )
    // Someone else's address: the server's answer, as a toast and under the field.
    await form.getByLabel('Senha atual').fill(user.password)
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(page.locator('.toast').filter({ hasText: 'Este email já está em uso!' })).toBeVisible()
    await expect(form.locator('[data-field="email"] .field__message')).toHaveText(
      'Este email já está em uso!',
    )

    await form.getByLabel('E-mail').fill(user.email)
    await form.getByLabel('Nome').fill('Joana Ribeiro Lima Santos')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(page.getByText('Alterações salvas com sucesso!')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menu do usuário' }).locator('summary')).toContainText(
      'Joana Ribeiro Lima Santos',
    )
    await page.reload()
    await expect(page.getByLabel('Data de nascimento')).toHaveValue('15/08/1985')
    await expect(page.getByLabel('Nome')).toHaveValue('Joana Ribeiro Lima Santos')
  })

  test('Profissão: profession, a service city, a service and a WhatsApp phone reach the public profile', async ({
    page,
    baseURL,
    createUser,
  }) => {
    // A contadora (CBO 252210) who chose the feminine title.
    const user = await createUser({ profession: { code: '252210', city: CITY.recife, form: 'feminino' } })
    await page.goto('/conta/perfil')
    await hydrated(page)
    await page
      .getByRole('navigation', { name: 'Seções do perfil' })
      .getByRole('link', { name: 'Profissão' })
      .click()
    await expect(page).toHaveURL(/\/conta\/profissao$/)
    const form = page.getByRole('form', { name: 'Profissão' })

    // It opens with what is saved: her profession in the form she chose.
    await expect(form.getByRole('button', { name: /Profissão/ })).toContainText('Contadora')
    await expect(form.getByText('Selecione sua profissão')).toHaveCount(0)
    await expect(form.getByRole('radio', { name: 'Contadora' })).toBeChecked()
    await form.getByRole('button', { name: /Profissão/ }).click()
    await form.getByPlaceholder('Pesquisar').fill('Advogado')
    await form.getByRole('button', { name: 'Advogado', exact: true }).click()
    // A new profession keeps the form she had.
    await expect(form.getByRole('radio', { name: 'Advogada', exact: true })).toBeChecked()
    await expect(form.getByRole('button', { name: /Profissão/ })).toContainText('Advogada')
    // The cities start from what her profile shows, the signup city first (issue 38: a
    // professional whose only city was the signup city could not save this tab).
    const cityList = form.getByRole('list', { name: 'Cidades em que você atua' })
    await expect(cityList.getByText('Recife/PE')).toBeVisible()

    await form.getByRole('combobox', { name: 'Adicionar cidade' }).fill('Campinas')
    await form.getByRole('option', { name: 'Campinas SP', exact: true }).click()
    await expect(cityList.getByText('Campinas/SP')).toBeVisible()
    await expect(form.getByText('Selecione as cidades em que você atua.')).toHaveCount(0)

    await form.getByLabel('Novo serviço').fill('Perícia contábil judicial')
    await form.getByRole('button', { name: 'Adicionar serviço' }).click()
    await expect(
      form.getByRole('list', { name: 'Serviços' }).getByText('Perícia contábil judicial'),
    ).toBeVisible()

    await form.getByRole('button', { name: 'Adicionar telefone' }).click()
    await form.getByRole('textbox', { name: 'Telefone 1', exact: true }).pressSequentially('81987651234')
    await expect(form.getByRole('textbox', { name: 'Telefone 1', exact: true })).toHaveValue(
      '(81) 98765-1234',
    )
    await form.getByRole('checkbox', { name: 'WhatsApp', exact: true }).check()
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(page.getByText('Alterações salvas com sucesso!')).toBeVisible()

    await page.goto(profileUrl(baseURL, user.subdomain))
    await hydrated(page)
    await expect(page.locator('.profile__headline')).toHaveText('Advogada')
    const served = page.getByRole('region', { name: 'Cidades em que atua' })
    await expect(served.getByText('Recife/PE')).toBeVisible()
    await expect(served.getByText('Campinas/SP')).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Serviços' }).getByText('Perícia contábil judicial'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Ver telefones' }).click()
    await expect(page.getByRole('link', { name: 'Conversar no WhatsApp: (81) 98765-1234' })).toHaveAttribute(
      'href',
      'https://wa.me/5581987651234',
    )
  })
})
