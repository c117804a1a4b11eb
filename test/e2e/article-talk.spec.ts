import type { Page } from '@playwright/test'
import { CITY, createTestUser, expect, hydrated, test, uniqueTag } from './fixtures'

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

/** An article by a new author (its own browser context), so the page's user is only a reader. */
async function articleByAnother(
  page: Page,
  baseURL: string | undefined,
): Promise<{ id: number; url: string }> {
  const context = await page.context().browser()?.newContext({ baseURL })
  if (!context) throw new Error('no browser')
  const authorPage = await context.newPage()
  const base = origin(baseURL)
  // A lawyer: a member of "Advogado" (4), where she publishes (decisions/0049).
  await createTestUser(authorPage, {
    name: `Autora ${uniqueTag()}`,
    profession: { code: '241005', city: CITY.campinas },
  })
  const published = await authorPage.request.post(`${base}/ajax/artigos`, {
    data: { titulo: `Artigo para conversar ${uniqueTag()}`, comunidade_id: '4', conteudo: 'Um texto.' },
    headers: { Origin: base },
  })
  expect(published.status()).toBe(200)
  const { artigo } = (await published.json()) as { artigo: { id: number; url: string } }
  await context.close()
  return artigo
}

const vote = (page: Page, kind: 'POSITIVO' | 'NEGATIVO') => page.locator(`button[data-vote="${kind}"]`)
async function expectVotes(page: Page, positives: number, negatives: number, active: string | null) {
  await expect(vote(page, 'POSITIVO').locator('[data-count]')).toHaveText(String(positives))
  await expect(vote(page, 'NEGATIVO').locator('[data-count]')).toHaveText(String(negatives))
  await expect(vote(page, 'POSITIVO')).toHaveAttribute('aria-pressed', String(active === 'POSITIVO'))
  await expect(vote(page, 'NEGATIVO')).toHaveAttribute('aria-pressed', String(active === 'NEGATIVO'))
}

test.describe('votes (spec §4, §7, §8)', () => {
  test('every transition shows at once, before the server answers, and stays after a reload', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const article = await articleByAnother(page, baseURL)
    await page.goto(article.url)
    await hydrated(page)
    await expectVotes(page, 0, 0, null)

    // The answer is held until the screen has changed: the change cannot come from it.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/votar', async (route) => {
      await held
      await route.continue()
    })
    // Every vote's answer is counted: a vote is sent only after the one before it was answered,
    // and as a keepalive request, which 'networkidle' does not wait for.
    let votesAnswered = 0
    page.on('response', (response) => {
      if (response.url().endsWith('/votar')) votesAnswered += 1
    })
    const answered = page.waitForResponse('**/votar')
    await vote(page, 'POSITIVO').click()
    await expectVotes(page, 1, 0, 'POSITIVO')
    release()
    await answered
    await page.unroute('**/votar')

    await vote(page, 'NEGATIVO').click()
    await expectVotes(page, 0, 1, 'NEGATIVO')
    await vote(page, 'NEGATIVO').click()
    await expectVotes(page, 0, 0, null)
    await vote(page, 'NEGATIVO').click()
    await expectVotes(page, 0, 1, 'NEGATIVO')
    await vote(page, 'POSITIVO').click()
    await expectVotes(page, 1, 0, 'POSITIVO')
    await expect.poll(() => votesAnswered).toBe(5)
    await page.reload()
    await expectVotes(page, 1, 0, 'POSITIVO')
  })

  test('quick votes reach the server in the order they were made', async ({ page, baseURL, user }) => {
    void user
    const article = await articleByAnother(page, baseURL)
    await page.goto(article.url)
    await hydrated(page)
    // The first vote is held on its way to the server; the second is made meanwhile. Sent at
    // once, the second would arrive first, and the first would then turn the positive vote on.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let votes = 0
    await page.route('**/votar', async (route) => {
      votes += 1
      if (votes === 1) await held
      await route.continue()
    })
    let answered: () => void = () => {}
    const bothAnswered = new Promise<void>((resolve) => {
      answered = resolve
    })
    let answers = 0
    page.on('response', (response) => {
      if (response.url().endsWith('/votar') && ++answers === 2) answered()
    })
    await vote(page, 'POSITIVO').click()
    await vote(page, 'NEGATIVO').click()
    await expectVotes(page, 0, 1, 'NEGATIVO')
    release()
    await bothAnswered
    await expectVotes(page, 0, 1, 'NEGATIVO')
    await page.reload()
    await expectVotes(page, 0, 1, 'NEGATIVO')
  })

  test.describe('a vote that fails', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] })
    test('is rolled back on screen', async ({ page, baseURL, user }) => {
      void user
      const article = await articleByAnother(page, baseURL)
      await page.goto(article.url)
      await hydrated(page)
      await page.route('**/votar', (route) => route.abort())
      const failed = page.waitForEvent('requestfailed')
      await vote(page, 'NEGATIVO').click()
      await failed
      await expectVotes(page, 0, 0, null)
    })
  })

  test('an anonymous reader logs in through the modal and the vote is then cast', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const account = await createUser({ login: false })
    const article = await articleByAnother(page, baseURL)
    await page.goto(article.url)
    await hydrated(page)
    await vote(page, 'POSITIVO').click()
    const modal = page.getByRole('dialog')
    await modal.getByLabel('E-mail').fill(account.email)
    await modal.getByLabel('Senha').fill(account.password)
    await modal.getByRole('button', { name: 'Entrar' }).click()
    await expectVotes(page, 1, 0, 'POSITIVO')
    await page.waitForLoadState('networkidle')
    await page.reload()
    await expectVotes(page, 1, 0, 'POSITIVO')
  })
})

test.describe('comments and replies (spec §3, §5, §7)', () => {
  test('a comment and a reply appear in place without a reload, highlighted for 3 s', async ({
    page,
    baseURL,
    user,
  }) => {
    const article = await articleByAnother(page, baseURL)
    await page.goto(article.url)
    await hydrated(page)
    // A marker a reload would erase.
    await page.evaluate(() => {
      ;(window as unknown as { __samePage: boolean }).__samePage = true
    })

    const form = page.getByRole('form', { name: 'Seu comentário' })
    await form.getByRole('button', { name: 'Comentar' }).click()
    await expect(form.getByText('Informe o comentário.')).toBeVisible()

    await form.getByLabel('Seu comentário').fill('Excelente análise, obrigado.')
    await form.getByRole('button', { name: 'Comentar' }).click()
    await expect(page.getByText('Comentário enviado.')).toBeVisible()
    const comment = page.locator('li.comment').filter({ hasText: 'Excelente análise, obrigado.' })
    await expect(comment).toBeVisible()
    await expect(comment).toHaveClass(/is-highlighted/)
    await expect(page).toHaveURL(/#comentario-\d+$/)
    await expect(comment).not.toHaveClass(/is-highlighted/, { timeout: 6000 })
    await expect(form.getByLabel('Seu comentário')).toHaveValue('')
    await expect(page.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible()

    await comment.getByText('Responder').click()
    const reply = comment.getByRole('form', { name: `Sua resposta a ${user.name}` })
    await reply.getByLabel(`Sua resposta a ${user.name}`).fill('Complementando o meu comentário.')
    await reply.getByRole('button', { name: 'Comentar' }).click()
    const answer = comment.locator('.comment__replies li.comment').filter({ hasText: 'Complementando' })
    await expect(answer).toBeVisible()
    await expect(answer).toHaveClass(/is-highlighted/)
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)

    // The comment's URL, opened fresh, highlights it too.
    const url = page.url()
    await page.goto('/')
    await page.goto(url)
    const id = new URL(url).hash.slice(1)
    await expect(page.locator(`[id="${id}"]`)).toHaveClass(/is-highlighted/)
    await expect(page.locator(`[id="${id}"]`)).not.toHaveClass(/is-highlighted/, { timeout: 6000 })

    // The author removes the root comment; the reply stays under "comentário removido".
    await page
      .locator('li.comment')
      .first()
      .getByRole('button', { name: 'Excluir comentário' })
      .first()
      .click()
    await expect(page.getByText('comentário removido')).toBeVisible()
    await expect(page.getByText('Complementando o meu comentário.')).toBeVisible()
  })

  test('without JavaScript, comments and votes are plain forms that post and come back', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    const reader = await createTestUser(page, { login: false })
    const article = await articleByAnother(page, baseURL)
    // Logging in without JavaScript: the plain form, back to the article.
    await page.goto(`/login?auth.redirect=${encodeURIComponent(article.url)}`)
    await page.getByLabel('E-mail').fill(reader.email)
    await page.getByLabel('Senha').fill(reader.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(new RegExp(`${article.url}$`))
    await page.getByRole('textbox', { name: 'Seu comentário' }).fill('Comentário sem JavaScript.')
    await page.getByRole('button', { name: 'Comentar' }).click()
    await expect(page.locator('li.comment')).toContainText('Comentário sem JavaScript.')
    await expect(page).toHaveURL(/#comentario-\d+$/)
    await page.locator('button[data-vote="POSITIVO"]').click()
    await expect(page.locator('button[data-vote="POSITIVO"]')).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('button[data-vote="POSITIVO"] [data-count]')).toHaveText('1')
    await context.close()
  })
})
