import { expect, expectPhoneFriendly, hydrated, profileUrl, test } from './fixtures'

test.describe('merging two accounts (issue 17)', () => {
  test('prove the other with its password, read what will happen, merge; its profile leads to the survivor', async ({
    page,
    baseURL,
    user,
    createUser,
  }) => {
    const other = await createUser({ login: false, name: 'Conta Antiga Da Mesma Pessoa' })
    await page.goto('/conta/unir')
    await hydrated(page)
    await page.getByLabel('E-mail da outra conta').fill(other.email)
    await page.getByLabel('Senha da outra conta').fill('errada-123')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await expect(page.getByText('E-mail ou senha da outra conta incorretos.').first()).toBeVisible()
    // The refusal's toast goes first (its 5 s), so the check below reads only what success shows.
    // It is awaited before its absence: the field's message shows a frame before the toast mounts,
    // and a count of none taken in that frame passed at once (a fresh-clone run saw it).
    const refusal = page.locator('[data-sonner-toast]', {
      hasText: 'E-mail ou senha da outra conta incorretos.',
    })
    await expect(refusal).toBeVisible()
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
    await page.getByLabel('Senha da outra conta').fill(other.password)
    await page.getByRole('button', { name: 'Continuar' }).click()

    await expect(page).toHaveURL(/\/conta\/unir\?ticket=/)
    await hydrated(page)
    await expect(page.getByRole('heading', { name: '2. Confira o que vai acontecer' })).toBeVisible()
    // The proof's success says nothing of its own: no empty toast covers step 2 (issue 38). Read
    // once, not retried: a retrying assertion would pass when the toast's 5 s were over.
    expect(await page.locator('[data-sonner-toast]').allInnerTexts()).toEqual([])
    await expect(page.getByText(`Continuar com ${user.name} (${user.subdomain})`)).toBeVisible()
    await expect(page.getByText(`Continuar com ${other.name} (${other.subdomain})`)).toBeVisible()
    await expect(page.getByText('Não é possível desfazer a união.')).toBeVisible()
    // Choosing is not merging: a last page names both accounts and asks (issue 28 §5).
    await page.getByRole('button', { name: 'Continuar' }).click()
    await expect(page.getByRole('heading', { name: '3. Confirme a união' })).toBeVisible()
    await expect(
      page.getByText(
        `A conta ${other.name} (${other.subdomain}) será encerrada e tudo o que está nela passará para ${user.name} (${user.subdomain}).`,
      ),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/conta')
    await hydrated(page)
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText(`Contas unidas. Tudo agora está em ${user.name}.`)).toBeVisible()
    await expect(page).toHaveURL(/\/conta(\/perfil)?$/)

    await page.goto(profileUrl(baseURL, other.subdomain))
    await expect(page).toHaveURL(new RegExp(`//${user.subdomain}\\.`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(user.name)

    // Both addresses are told (issue 27): the development mailbox shows each one's notice.
    for (const to of [user.email, other.email]) {
      await page.goto(`/__dev/emails?para=${encodeURIComponent(to)}`)
      const mail = page.locator('article').filter({ hasText: 'Contas unidas no JurisEdge' })
      await expect(mail).toContainText(`A conta ${other.subdomain} foi unida à conta ${user.subdomain}`)
    }
  })

  test('an account whose e-mail was never confirmed cannot be proved nor merged (issue 27)', async ({
    page,
    user,
    createUser,
  }) => {
    expect(user.id).toBeGreaterThan(0)
    // Someone registered this address and never confirmed it: its password proves nothing.
    const squatted = await createUser({ login: false, confirmed: false, name: 'Conta Nunca Confirmada' })
    await page.goto('/conta/unir')
    await hydrated(page)
    await page.getByLabel('E-mail da outra conta').fill(squatted.email)
    await page.getByLabel('Senha da outra conta').fill(squatted.password)
    await page.getByRole('button', { name: 'Continuar' }).click()
    await expect(
      page
        .getByText(
          'O e-mail da outra conta não foi confirmado, e uma conta sem e-mail confirmado não pode ser unida.',
          {
            exact: false,
          },
        )
        .first(),
    ).toBeVisible()
    await expect(page).not.toHaveURL(/ticket=/)
  })

  test('prove the other with its Google login (stand-in provider)', async ({ page, user, createUser }) => {
    const other = await createUser({ login: false, name: 'Conta Do Google Da Mesma Pessoa' })
    await page.goto('/conta/unir')
    await page.getByRole('link', { name: /Confirmar com o Google/ }).click()
    await expect(page.getByRole('heading', { name: 'Provedor de identidade de teste' })).toBeVisible()
    await page.getByLabel('E-mail da conta').fill(other.email)
    await page.getByLabel('Nome').fill(other.name)
    await page.getByRole('button', { name: 'Continuar' }).click()
    await expect(page).toHaveURL(/\/conta\/unir\?ticket=/)
    await expect(page.getByText(`Continuar com ${other.name} (${other.subdomain})`)).toBeVisible()
    await expect(page.getByText(`Continuar com ${user.name} (${user.subdomain})`)).toBeVisible()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } })
    test('both steps fit 360 px and pass axe', async ({ page, user, createUser }) => {
      expect(user.id).toBeGreaterThan(0)
      const other = await createUser({ login: false, name: 'Outra Conta No Telefone' })
      await expectPhoneFriendly(page, '/conta/unir')
      await page.getByLabel('E-mail da outra conta').fill(other.email)
      await page.getByLabel('Senha da outra conta').fill(other.password)
      await page.getByRole('button', { name: 'Continuar' }).click()
      await expect(page).toHaveURL(/\/conta\/unir\?ticket=/)
      await expectPhoneFriendly(page, new URL(page.url()).pathname + new URL(page.url()).search)
    })
  })
})
