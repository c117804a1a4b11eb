import { expect, hydrated, test } from './fixtures'

const BAD_CHARACTERS = 'Remova os caracteres invisíveis ou de controle (como quebras de linha) deste campo.'

test.describe('input hygiene (issue 27)', () => {
  test('a name with a right-to-left override is refused under the field and never saved (item 9)', async ({
    page,
    user,
  }) => {
    await page.goto('/conta/perfil')
    await hydrated(page)
    const form = page.getByRole('form', { name: 'Perfil' })
    const original = await form.getByLabel('Nome').inputValue()
    // "Ana Souza" typed so it reads backwards: what a spoofer pastes.
    await form.getByLabel('Nome').fill('Ana \u202Eazuos')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect(form.locator('[data-field="nome"] .field__message')).toHaveText(BAD_CHARACTERS)
    await page.reload()
    await hydrated(page)
    await expect(page.getByRole('form', { name: 'Perfil' }).getByLabel('Nome')).toHaveValue(original)
    expect(user.email).toBeTruthy()
  })

  test('a guarded page opened with a huge address leads to the login page and back (item 8)', async ({
    page,
    createUser,
  }) => {
    const someone = await createUser({ login: false })
    const response = await page.goto(`/conta/perfil?${'x'.repeat(28_000)}`)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/login\?auth\.redirect=%2Fconta%2Fperfil$/)
    await hydrated(page)
    await page.getByLabel('E-mail').fill(someone.email)
    await page.getByLabel('Senha').fill(someone.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/conta\/perfil$/, { timeout: 10_000 })
  })
})
