import type { Page } from '@playwright/test'
import { CITY, expect, expectPhoneFriendly, hydrated, test, uniqueTag } from './fixtures'

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

/** Picks the community through the autocomplete, as a person does. */
async function chooseCommunity(page: Page, typed: string, name: RegExp) {
  const field = page.getByRole('combobox', { name: 'Comunidade' })
  await field.fill(typed)
  await page.getByRole('option', { name }).first().click()
}

/** A lawyer: a member of "Advogado" (id 4), where these writers publish (decisions/0049). */
const LAWYER = { profession: { code: '241005', city: CITY.campinas } }
/** A theme community (migrations/0008): anyone who follows it may publish there. */
const DIREITO_CIVIL = 62
test.use({ userOptions: LAWYER })

test.describe('writing an article (spec §2 /artigos/novo, §4, §5)', () => {
  // One submit below is answered with a 500 on purpose; the browser logs that load.
  test.use({ allowConsoleErrors: [/status of 500/] })
  test('an anonymous writer logs in and comes back to the form; the draft survives a reload, a second tab and a failed submit', async ({
    page,
    createUser,
  }) => {
    // No profession: nothing is pre-chosen. She writes in a theme she follows (decisions/0049).
    const account = await createUser({ login: false })
    await page.goto('/artigos/novo')
    await expect(page).toHaveURL(/\/login\?auth\.redirect=%2Fartigos%2Fnovo$/)
    await page.getByLabel('E-mail').fill(account.email)
    await page.getByLabel('Senha').fill(account.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/artigos\/novo$/)
    await expect(page.getByRole('heading', { name: 'Escrever artigo' })).toBeVisible()
    await hydrated(page)

    const followed = await page.request.post('/ajax/seguir', {
      data: { id: DIREITO_CIVIL, tipo: 'comunidade' },
      headers: { Origin: new URL(page.url()).origin },
    })
    expect(followed.status()).toBe(200)

    // Nothing chosen: the spec's message, and nothing is sent.
    await page.getByRole('button', { name: 'Publicar' }).click()
    await expect(page.getByText('É necessário escolher uma comunidade.')).toBeVisible()
    await expect(page.getByText('Informe o título do artigo.')).toBeVisible()

    const title = `Rascunho que não se perde ${uniqueTag()}`
    const body = '## Introdução\n\nUm texto com **negrito** e uma lista:\n\n- primeiro\n- segundo'
    await page.getByLabel('Título').fill(title)
    await chooseCommunity(page, 'Direito Ci', /^Direito Civil/)
    await page.getByLabel('Texto', { exact: true }).fill(body)
    await expect(page.getByText(/Rascunho salvo neste navegador/)).toBeVisible()

    await page.reload()
    await hydrated(page)
    await expect(page.getByText(/Rascunho recuperado/)).toBeVisible()
    await expect(page.getByLabel('Título')).toHaveValue(title)
    await expect(page.getByLabel('Texto', { exact: true })).toHaveValue(body)
    await expect(page.getByRole('combobox', { name: 'Comunidade' })).toHaveValue('Direito Civil')

    // A second tab opens with the same draft, and what it writes reaches the first.
    const second = await page.context().newPage()
    await second.goto('/artigos/novo')
    await hydrated(second)
    await expect(second.getByLabel('Título')).toHaveValue(title)
    await second.getByLabel('Título').fill(`${title} (revisto)`)
    await expect(page.getByLabel('Título')).toHaveValue(`${title} (revisto)`)
    await second.close()

    // The preview is the page's own rendering.
    await page.getByRole('button', { name: 'Visualizar' }).click()
    const preview = page.getByRole('region', { name: 'Pré-visualização do artigo' })
    await expect(preview.getByRole('heading', { name: 'Introdução' })).toBeVisible()
    await expect(preview.locator('strong')).toHaveText('negrito')
    await page.getByRole('button', { name: 'Escrever' }).click()

    // The server fails: the §8 toast, the button back, the text still there.
    await page.route('**/ajax/artigos', (route) => route.fulfill({ status: 500, body: 'falhou' }), {
      times: 1,
    })
    await page.getByRole('button', { name: 'Publicar' }).click()
    await expect(page.getByText('Ocorreu um erro interno!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Publicar' })).toBeEnabled()
    await expect(page.getByLabel('Texto', { exact: true })).toHaveValue(body)

    await page.getByRole('button', { name: 'Publicar' }).click()
    await expect(page).toHaveURL(/\/artigos\/rascunho-que-nao-se-perde-.*-\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} (revisto)`)
    await expect(page.getByText('Artigo publicado.')).toBeVisible()
    await expect(page.locator('.article__body h2')).toHaveText('Introdução')

    // Published: the draft is gone, a new form starts empty.
    await page.goto('/artigos/novo')
    await hydrated(page)
    await expect(page.getByLabel('Título')).toHaveValue('')
    await expect(page.getByText(/Rascunho recuperado/)).toHaveCount(0)
  })

  test('a session lost while writing: the login modal, then the same text is published', async ({
    page,
    context,
    user,
  }) => {
    await page.goto('/artigos/novo')
    await hydrated(page)
    const title = `Escrito antes de a sessão cair ${uniqueTag()}`
    await page.getByLabel('Título').fill(title)
    await chooseCommunity(page, 'Advog', /^Advogado/)
    await page.getByLabel('Texto', { exact: true }).fill('Um parágrafo que não pode ser perdido.')

    await context.clearCookies()
    await page.getByRole('button', { name: 'Publicar' }).click()
    const modal = page.getByRole('dialog')
    await expect(modal).toBeVisible()
    await modal.getByLabel('E-mail').fill(user.email)
    await modal.getByLabel('Senha').fill(user.password)
    await modal.getByRole('button', { name: 'Entrar' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.locator('.article__body')).toHaveText('Um parágrafo que não pode ser perdido.')
  })

  test('the author edits the article; the old link keeps working; the author deletes it', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const published = await page.request.post(`${origin(baseURL)}/ajax/artigos`, {
      data: { titulo: `Primeiro título ${uniqueTag()}`, comunidade_id: '4', conteudo: 'Texto inicial.' },
      headers: { Origin: origin(baseURL) },
    })
    const { artigo } = (await published.json()) as { artigo: { id: number; url: string } }
    await page.goto(artigo.url)
    await page.getByRole('link', { name: 'Editar artigo' }).click()
    await expect(page).toHaveURL(`/artigos/${artigo.id}/editar`)
    await hydrated(page)
    const newTitle = `Título corrigido ${uniqueTag()}`
    await page.getByLabel('Título').fill(newTitle)
    await page.getByRole('button', { name: 'Salvar alterações' }).click()
    await expect(page.getByText('Artigo atualizado.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle)

    await page.goto(artigo.url)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle)

    await page.goto(`/artigos/${artigo.id}/editar`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Excluir artigo' }).click()
    const confirm = page.getByRole('dialog', { name: 'Excluir artigo' })
    await expect(confirm).toContainText('Você tem certeza de que deseja excluir este artigo?')
    await confirm.getByRole('button', { name: 'Excluir artigo' }).click()
    await expect(page.getByText('Artigo excluído.')).toBeVisible()
    expect((await page.request.get(`${origin(baseURL)}${artigo.url}`)).status()).toBe(404)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } })
    test('the form never scrolls sideways and has no accessibility violations', async ({ page, user }) => {
      void user
      await expectPhoneFriendly(page, '/artigos/novo?comunidade=advogado')
    })
  })
})

test.describe('where one may publish (issue 27 item 6)', () => {
  test("the community field offers only the writer's own communities; an unconfirmed writer is told before and when publishing", async ({
    page,
    createUser,
  }) => {
    await createUser(LAWYER)
    await page.goto('/artigos/novo')
    await hydrated(page)
    // Her profession's community is chosen already; a theme she does not follow is not offered.
    await expect(page.getByRole('combobox', { name: 'Comunidade' })).toHaveValue('Advogado')
    const field = page.getByRole('combobox', { name: 'Comunidade' })
    await field.fill('Direito Penal')
    await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible()
    await field.fill('Advog')
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Advogado'])

    await page.context().clearCookies()
    await createUser({ ...LAWYER, confirmed: false })
    await page.goto('/artigos/novo')
    await hydrated(page)
    const unconfirmed =
      'Confirme seu e-mail para publicar artigos: use o link que enviamos ou peça um novo no aviso do topo da página.'
    await expect(page.getByRole('status').filter({ hasText: unconfirmed })).toBeVisible()
    await page.getByLabel('Título').fill(`Antes de confirmar ${uniqueTag()}`)
    await page.getByLabel('Texto', { exact: true }).fill('Um texto.')
    await page.getByRole('button', { name: 'Publicar' }).click()
    // The §8 error toast lists the server's message; nothing was published.
    await expect(page.locator('.toast').filter({ hasText: unconfirmed })).toBeVisible()
    await expect(page).toHaveURL(/\/artigos\/novo$/)
  })
})

/** Things people paste to run code in other people's browsers; none may run here. */
const XSS = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"></svg>',
  '<a href="javascript:window.__xss=\'a\'">html link</a>',
  "[markdown link](javascript:window.__xss='md')",
  "[mixed case](JaVaScRiPt:window.__xss='case')",
  "[entity](&#106;avascript:window.__xss='entity')",
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  "![image](javascript:window.__xss='image')",
  "<javascript:window.__xss='autolink'>",
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  '"><script>window.__xss = "attr"</script>',
]

test.describe('nothing a user writes is ever executed', () => {
  test('an article, its title, a comment and the preview with an XSS list', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const dialogs: string[] = []
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message())
      await dialog.dismiss()
    })
    const body = XSS.map((line) => `${line}\n`).join('\n')
    const published = await page.request.post(`${origin(baseURL)}/ajax/artigos`, {
      data: {
        titulo: `<img src=x onerror="window.__xss='title'"> ${uniqueTag()}`,
        comunidade_id: '4',
        conteudo: body,
      },
      headers: { Origin: origin(baseURL) },
    })
    expect(published.status()).toBe(200)
    const { artigo } = (await published.json()) as { artigo: { id: number; url: string } }
    await page.request.post(`${origin(baseURL)}/ajax/artigos/${artigo.id}/comentarios`, {
      data: { conteudo: XSS.join(' ') },
      headers: { Origin: origin(baseURL) },
    })

    await page.goto(artigo.url)
    await hydrated(page)
    // Every link in user text points somewhere safe; clicking them all runs nothing.
    const hrefs = await page
      .locator('.article__body a, .comment__body a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:|\/|#)/)
    expect(
      await page.locator('.article__body script, .article__body iframe, .article__body svg').count(),
    ).toBe(0)
    expect(await page.locator('.article__body img, .comment__body img').count()).toBe(0)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('<img src=x onerror=')
    await expect(page.locator('.comment__body').first()).toContainText('<script>')

    // The preview of the same text, in the editor.
    await page.goto('/artigos/novo')
    await hydrated(page)
    await page.getByLabel('Texto', { exact: true }).fill(body)
    await page.getByRole('button', { name: 'Visualizar' }).click()
    await expect(page.getByRole('region', { name: 'Pré-visualização do artigo' })).toContainText(
      'markdown link',
    )

    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined()
    expect(dialogs).toEqual([])
  })
})
