import { CITY, expect, hydrated, notify, test } from './fixtures'

/** Issue 28 §5: what a page says agrees with what happened (error pages, the header badge). */
test.describe('every page reads right (issue 28 §5)', () => {
  test("another's /artigos/{id}/editar says 403 and why, before and after the application loads", async ({
    page,
    user: _user,
  }) => {
    // Any article of the demo data: none is this fresh account's.
    await page.goto('/artigos')
    const href = await page.locator('a[href^="/artigos/"][href*="-"]').first().getAttribute('href')
    const id = href?.match(/-(\d+)$/)?.[1]
    expect(id).toBeTruthy()
    const answer = await page.goto(`/artigos/${id}/editar`)
    expect(answer?.status()).toBe(403)
    await hydrated(page)
    const main = page.locator('main')
    await expect(main.locator('.error-page__status')).toHaveText('403')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Acesso restrito')
    await expect(main).toContainText('Somente o autor pode alterar este artigo.')
    await expect(main).not.toContainText('Algo deu errado')
    await expect(main).not.toContainText('equipe de revisão')
  })

  test('/notificacoes: the header badge agrees with the list when it is read and after "Marcar todas como lidas"', async ({
    page,
    baseURL,
    user,
  }) => {
    await notify(page, baseURL, user.id, 'Primeiro aviso da lista')
    await notify(page, baseURL, user.id, 'Segundo aviso da lista')
    const badge = page.locator('details.notifications [data-badge]')
    await page.goto('/')
    await expect(badge).toHaveText('2')

    // Reading the list is seeing it, as opening the header box is: the badge goes, and stays gone.
    await page.goto('/notificacoes')
    await hydrated(page)
    await expect(page.getByRole('link', { name: 'Não lidas (2)' })).toBeVisible()
    await expect(badge).toHaveCount(0)
    await page.reload()
    await expect(badge).toHaveCount(0)

    // A new one arrives; the badge learns it on the next page, then "Marcar todas" clears both.
    await notify(page, baseURL, user.id, 'Terceiro aviso da lista')
    await page.goto('/')
    await expect(badge).toHaveText('1')
    await page.goto('/notificacoes?filtro=nao-lidas')
    await hydrated(page)
    await expect(badge).toHaveCount(0)
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click()
    await expect(page.getByRole('link', { name: 'Não lidas (0)' })).toBeVisible()
    await expect(badge).toHaveCount(0)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('"Marcar todas como lidas" comes back with the badge gone and the list read', async ({
      page,
      baseURL,
      user,
    }) => {
      await notify(page, baseURL, user.id, 'Aviso lido sem JavaScript')
      const badge = page.locator('details.notifications [data-badge]')
      await page.goto('/notificacoes')
      await expect(page.getByRole('link', { name: 'Não lidas (1)' })).toBeVisible()
      await page.getByRole('button', { name: 'Marcar todas como lidas' }).click()
      await expect(page).toHaveURL(/\/notificacoes/)
      await expect(page.getByRole('link', { name: 'Não lidas (0)' })).toBeVisible()
      await expect(badge).toHaveCount(0)
    })
  })

  test.describe('the directory city field never overwrites what the reader types', () => {
    const RECIFE = { id: 2611606, nome: 'Recife', uf: 'PE' }

    test('an earlier choice kept in the browser does not replace "Campinas" typed at once', async ({
      page,
    }) => {
      await page.addInitScript((city) => window.localStorage.setItem('cidade', JSON.stringify(city)), RECIFE)
      await page.goto('/profissionais')
      const input = page.getByRole('combobox', { name: 'Cidade' })
      await input.click()
      await input.pressSequentially('Campinas', { delay: 60 })
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      await expect(page.getByRole('option', { name: /Campinas/ }).first()).toBeVisible()
      await expect(input).toHaveValue('Campinas')
      await expect(input).toBeEditable()
    })

    test('a city found by IP that arrives after the reader started typing is not put over it', async ({
      page,
    }) => {
      let answer: (() => void) | null = null
      await page.route('**/ajax/cidade-por-ip', async (route) => {
        await new Promise<void>((resolve) => {
          answer = resolve
        })
        await route.fulfill({ json: { status: 'success', cidade: RECIFE } })
      })
      await page.goto('/profissionais')
      await hydrated(page)
      await expect.poll(() => answer !== null).toBe(true)
      const input = page.getByRole('combobox', { name: 'Cidade' })
      await input.pressSequentially('Campinas', { delay: 30 })
      const answered = page.waitForResponse('**/ajax/cidade-por-ip')
      ;(answer as unknown as () => void)()
      await answered
      await expect(page.getByRole('option', { name: /Campinas/ }).first()).toBeVisible()
      await expect(input).toHaveValue('Campinas')
      expect(await page.evaluate(() => window.localStorage.getItem('cidade'))).toBeNull()
    })
  })

  test.describe('the profession tab says which phone is wrong', () => {
    test.use({
      userOptions: {
        profession: { code: '241005', city: CITY.campinas, serviceCities: [CITY.campinas] },
      },
    })

    test('at the phone itself; a later success takes the old error toast away', async ({ page, user: _ }) => {
      await page.goto('/conta/profissao')
      await hydrated(page)
      const form = page.getByRole('form', { name: 'Profissão' })
      await form.getByRole('button', { name: 'Adicionar telefone' }).click()
      const phone = form.getByRole('textbox', { name: 'Telefone 1', exact: true })
      await phone.pressSequentially('1234')
      await form.getByRole('button', { name: 'Salvar' }).click()
      const errorToast = page.locator('.toast--error')
      await expect(errorToast).toContainText('Informe um telefone válido, com DDD.')
      await expect(phone).toHaveAttribute('aria-invalid', 'true')
      await expect(phone).toHaveAccessibleDescription('Informe um telefone válido, com DDD.')

      await phone.fill('')
      await phone.pressSequentially('81987651234')
      await form.getByRole('button', { name: 'Salvar' }).click()
      await expect(page.getByText('Alterações salvas com sucesso!')).toBeVisible()
      await expect(errorToast).toHaveCount(0)
      await expect(phone).not.toHaveAttribute('aria-invalid', 'true')
    })
  })

  test.describe('merging without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('"Unir as contas" asks on a last page, and "Confirmar" merges', async ({
      page,
      user,
      createUser,
    }) => {
      const other = await createUser({ login: false, name: 'Conta Antiga Sem Script' })
      await page.goto('/conta/unir')
      await page.getByLabel('E-mail da outra conta').fill(other.email)
      await page.getByLabel('Senha da outra conta').fill(other.password)
      await page.getByRole('button', { name: 'Continuar' }).click()
      await expect(page.getByRole('heading', { name: '2. Confira o que vai acontecer' })).toBeVisible()
      await page.getByRole('button', { name: 'Continuar' }).click()
      await expect(page.getByRole('heading', { name: '3. Confirme a união' })).toBeVisible()
      await expect(page.getByText(`A conta ${other.name} (${other.subdomain}) será encerrada`)).toBeVisible()
      await page.getByRole('button', { name: 'Confirmar' }).click()
      await expect(page.getByText(`Contas unidas. Tudo agora está em ${user.name}.`)).toBeVisible()
    })
  })
})
