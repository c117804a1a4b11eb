import { createTestUser, expect, hydrated, test } from './fixtures'

/**
 * The one write path seen by a person (decisions/0022): the same forms work without JavaScript,
 * with the server's messages under their fields and what was typed kept; with JavaScript the
 * server's field errors also land under the field, and the data table deletes with the §8 steps.
 */
test.describe('forms on the one write path', () => {
  test('without JavaScript, a refused e-mail change comes back with the message under the password field', async ({
    browser,
    baseURL,
  }) => {
    // The account is made and logged in from a JavaScript page; its session moves to the
    // context without JavaScript, where the story happens.
    const jsContext = await browser.newContext({ baseURL })
    const user = await createTestUser(await jsContext.newPage(), { password: 'segredo123' })
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    await context.addCookies(await jsContext.cookies())
    await jsContext.close()
    const page = await context.newPage()

    await page.goto('/conta/perfil')
    const form = page.getByRole('form', { name: 'Perfil' })
    await expect(form.getByLabel('E-mail')).toHaveValue(user.email)
    await form.getByLabel('E-mail').fill(`novo.${user.subdomain}@exemplo.invalid`)
    await form.getByLabel('Nome', { exact: true }).fill('Nome Sem Script')
    await form.getByLabel('Senha atual').fill('errada')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(page).toHaveURL(/\/conta\/perfil$/)
    const password = form.locator('[data-field="senha"]')
    await expect(password.locator('.field__message')).toHaveText('A senha atual está incorreta.')
    await expect(form.getByLabel('Nome', { exact: true })).toHaveValue('Nome Sem Script')
    await expect(form.getByLabel('Senha atual')).toHaveValue('')

    await form.getByLabel('E-mail').fill(user.email)
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Alterações salvas com sucesso!' })).toBeVisible()
    await context.close()
  })

  test('received messages: select, confirm, "Itens excluídos", and the rows are gone', async ({
    page,
    browser,
    baseURL,
    createUser,
  }) => {
    const owner = await createUser({ profession: { code: '241005', city: 3509502 } })
    // Two visitors' messages, sent through the real endpoint with the local captcha stand-in.
    const visitor = await browser.newContext({ baseURL })
    for (const nome of ['Visitante Um', 'Visitante Dois']) {
      const sent = await visitor.request.post('/ajax/enviar-mensagem-profissional', {
        headers: { Origin: new URL(baseURL ?? '').origin, Accept: 'application/json' },
        form: {
          usuario_id: String(owner.id),
          nome,
          conteudo: `Olá, sou ${nome}.`,
          telefone: '(11) 98888-7777',
          email: 'visitante@exemplo.invalid',
          'cf-turnstile-response': 'XXXX.DUMMY.TOKEN.XXXX',
        },
      })
      expect(sent.status()).toBe(200)
    }
    await visitor.close()

    await page.goto('/conta/mensagens')
    await hydrated(page)
    const table = page.getByRole('table', { name: 'Mensagens recebidas' })
    await expect(table.getByRole('row')).toHaveCount(3)
    // On a phone the rows become cards: nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await page.screenshot({ path: test.info().outputPath('mensagens-360.png'), fullPage: true })
    const remove = page.getByRole('button', { name: 'Excluir selecionados' })
    await expect(remove).toBeDisabled()
    await table.getByRole('checkbox', { name: 'Selecionar todos' }).check()
    await remove.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Você tem certeza de que deseja excluir os 2 itens selecionados?')
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    await expect(page.locator('.toast').filter({ hasText: 'Itens excluídos' })).toBeVisible()
    await expect(table.getByRole('row')).toHaveCount(1)
    await page.reload()
    await expect(page.getByText('Você ainda não recebeu mensagens.')).toBeVisible()
  })
})
