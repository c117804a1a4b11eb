import {
  createPerson,
  expect,
  expectPhoneFriendly,
  followSaved,
  hydrated,
  profileUrl,
  test,
  uniqueTag,
} from './fixtures'

/** Spec §4 "Follow", §6, §7, §8 and the login gate, in a real browser. */
test.describe('seguir', () => {
  test('the button and the count change at once, before the server answers, and stay after a reload', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const person = await createPerson(page, baseURL, `Pessoa Seguida ${uniqueTag()}`)
    await page.goto(`/pessoas/${person.slug}`)
    await hydrated(page)
    const follow = page.locator('form.follow')
    await expect(follow.getByRole('button')).toHaveText(/^Seguir/)
    await expect(follow.locator('.follow__count')).toHaveText('Nenhum seguidor')

    // The answer is held until the screen has changed: the change cannot come from it.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/ajax/seguir', async (route) => {
      await held
      await route.continue()
    })
    const answered = page.waitForResponse('**/ajax/seguir')
    await follow.getByRole('button').click()
    await expect(follow.getByRole('button')).toHaveText(/^Seguindo/)
    await expect(follow.getByRole('button')).toHaveAttribute('aria-pressed', 'true')
    await expect(follow.locator('.follow__count')).toHaveText('1 seguidor')
    release()
    expect((await answered).status()).toBe(200)

    await page.reload()
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')

    await page.unroute('**/ajax/seguir')
    await hydrated(page)
    await page.locator('form.follow').getByRole('button').click()
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguir/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('Nenhum seguidor')
  })

  test.describe('a follow that fails', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] })
    test('goes back, with the generic error', async ({ page, baseURL, user }) => {
      void user
      const person = await createPerson(page, baseURL, `Pessoa Falha ${uniqueTag()}`)
      await page.goto(`/pessoas/${person.slug}`)
      await hydrated(page)
      await page.route('**/ajax/seguir', (route) => route.abort())
      await page.locator('form.follow').getByRole('button').click()
      await expect(page.getByText('Ocorreu um erro interno!')).toBeVisible()
      await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguir/)
      await expect(page.locator('form.follow .follow__count')).toHaveText('Nenhum seguidor')
    })
  })

  test('an anonymous visitor logs in through the modal and the follow then happens', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const account = await createUser({ login: false })
    const person = await createPerson(page, baseURL, `Pessoa Modal ${uniqueTag()}`)
    await page.goto(`/pessoas/${person.slug}`)
    await hydrated(page)
    await page.locator('form.follow').getByRole('button').click()
    const modal = page.getByRole('dialog')
    await expect(modal).toBeVisible()
    await modal.getByLabel('E-mail').fill(account.email)
    await modal.getByLabel('Senha').fill(account.password)
    await modal.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
    await followSaved(page)
    await page.reload()
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
  })

  test('a visitor logged in on the main site follows a professional on their subdomain without logging in again', async ({
    page,
    baseURL,
    user,
    createUser,
  }) => {
    const professional = await createUser({ login: false, profession: { code: '241005', city: 3509502 } })
    await page.goto(profileUrl(baseURL, professional.subdomain))
    await hydrated(page)
    await page.locator('form.follow').getByRole('button').click()
    // One hop through the main host and back; no login form on the way.
    await page.waitForURL(profileUrl(baseURL, professional.subdomain))
    await expect(page.locator('[data-user-menu]').first()).toBeAttached()
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
    await expect(page.getByText(user.name).first()).toBeAttached()
  })

  test('"Seguindo" lists what the user follows and deletes the selected rows', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const names = [`Pessoa Tabela A ${uniqueTag()}`, `Pessoa Tabela B ${uniqueTag()}`]
    for (const name of names) {
      const person = await createPerson(page, baseURL, name)
      await page.goto(`/pessoas/${person.slug}`)
      await hydrated(page)
      // The button changes before the server answers; the list is read once it has.
      const saved = page.waitForResponse('**/ajax/seguir')
      await page.locator('form.follow').getByRole('button').click()
      await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
      expect((await saved).status()).toBe(200)
    }
    await page.goto('/conta/seguindo')
    await hydrated(page)
    for (const name of names) await expect(page.getByRole('link', { name })).toBeVisible()
    await page.getByRole('checkbox', { name: 'Selecionar todos' }).check()
    await page.getByRole('button', { name: 'Excluir selecionados' }).click()
    const confirm = page.getByRole('dialog', { name: 'Excluir selecionados' })
    await expect(confirm).toContainText('Você tem certeza de que deseja excluir os 2 itens selecionados?')
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await expect(page.getByText('Itens excluídos')).toBeVisible()
    for (const name of names) await expect(page.getByRole('link', { name })).toHaveCount(0)
  })
})

test.describe('seguir sem JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the button is a form: the page comes back following', async ({ page, baseURL, user }) => {
    void user
    const person = await createPerson(page, baseURL, `Pessoa Sem JS ${uniqueTag()}`)
    await page.goto(`/pessoas/${person.slug}`)
    await page.locator('form.follow').getByRole('button').click()
    await expect(page).toHaveURL(new RegExp(`/pessoas/${person.slug}`))
    await expect(page.locator('form.follow').getByRole('button')).toHaveText(/^Seguindo/)
    await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')
  })
})

test.describe('a community one cannot leave', () => {
  test.use({ userOptions: { profession: { code: '241005', city: 3509502 } } })
  test("unfollowing the community of one's own profession goes back to 'Seguindo' with the spec's message", async ({
    page,
    user,
  }) => {
    void user
    await page.goto('/comunidades/advogado')
    await hydrated(page)
    const follow = page.locator('form.follow').first()
    await expect(follow.getByRole('button')).toHaveText(/^Seguindo/)
    const before = await follow.locator('.follow__count').textContent()
    const answered = page.waitForResponse('**/ajax/deixar-seguir')
    await follow.getByRole('button').click()
    expect((await answered).status()).toBe(409)
    await expect(
      page.getByText(
        'Não é possível deixar de ser membro da comunidade relacionada à sua profissão ou curso.',
      ),
    ).toBeVisible()
    await expect(follow.getByRole('button')).toHaveText(/^Seguindo/)
    await expect(follow.locator('.follow__count')).toHaveText(before ?? '')
  })
})

test.describe('new pages on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })
  test('the article page and the "Seguindo" tab never scroll sideways at 360 px', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const origin = new URL(baseURL ?? 'http://localhost:8799').origin
    const person = await createPerson(page, baseURL, `Pessoa Celular ${uniqueTag()}`)
    await page.request.post(`${origin}/ajax/seguir`, {
      data: { id: person.id, tipo: 'pessoa' },
      headers: { Origin: origin },
    })
    // A theme one follows is open to publish in (decisions/0049): 62 is "Direito Civil".
    await page.request.post(`${origin}/ajax/seguir`, {
      data: { id: 62, tipo: 'comunidade' },
      headers: { Origin: origin },
    })
    const published = await page.request.post(`${origin}/ajax/artigos`, {
      data: {
        titulo: 'Um título longo o bastante para quebrar em duas linhas num celular pequeno',
        comunidade_id: '62',
        conteudo: `## Seção\n\nUm link comprido: https://www.exemplo.com.br/${'caminho/'.repeat(20)} e **negrito**.`,
      },
      headers: { Origin: origin, Accept: 'application/json' },
    })
    expect(published.status()).toBe(200)
    const { artigo } = (await published.json()) as { artigo: { url: string } }
    await page.request.post(
      `${origin}${artigo.url.replace(/^\/artigos\/.*-(\d+)$/, '/ajax/artigos/$1/comentarios')}`,
      {
        data: { conteudo: 'Um comentário.' },
        headers: { Origin: origin },
      },
    )
    await expectPhoneFriendly(page, artigo.url)
    await expectPhoneFriendly(page, '/conta/seguindo')
  })
})
