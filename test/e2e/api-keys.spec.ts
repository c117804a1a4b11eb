import AxeBuilder from '@axe-core/playwright'
import { expect, expectPhoneFriendly, hydrated, test } from './fixtures'

// "Conta" → API (issue 29, decisions/0063): a person creates a key, sees it once, uses it, sees
// the use counted, and revokes it; the reference page reads on a phone.

test.describe('Conta → API', () => {
  test('create a key, use it, see the use counted, revoke it', async ({ page, user }) => {
    void user
    await page.goto('/conta')
    await page.getByRole('link', { name: 'API' }).click()
    await expect(page).toHaveURL(/\/conta\/api$/)
    await hydrated(page)
    await expect(page.getByRole('heading', { name: 'Chaves de API' })).toBeVisible()
    await expect(page.getByText('Você ainda não criou nenhuma chave.')).toBeVisible()

    // A name is required, said at the field.
    await page.getByRole('button', { name: 'Criar chave' }).click()
    await expect(page.getByText('Dê um nome à chave.')).toBeVisible()

    await page.getByLabel('Nome da chave').fill('Planilha do escritório')
    await page.getByRole('button', { name: 'Criar chave' }).click()
    await expect(page.getByText('Chave criada. Copie-a agora: ela não será mostrada de novo.')).toBeVisible()
    const secret = await page.getByLabel('Sua nova chave').inputValue()
    expect(secret).toMatch(/^je_[A-Za-z0-9_-]{40,}$/)
    const row = page.getByRole('row', { name: /Planilha do escritório/ })
    await expect(row).toContainText(secret.slice(0, 10))
    await expect(row).toContainText('Nunca usada')

    const call = () =>
      page.request.get('/api/v2/busca/p?q=silva', { headers: { Authorization: `Bearer ${secret}` } })
    expect((await call()).status()).toBe(200)
    expect((await call()).status()).toBe(200)

    // Shown once: the secret is not on the page any more, only its start; the two calls counted.
    await page.reload()
    await hydrated(page)
    await expect(page.getByLabel('Sua nova chave')).toHaveCount(0)
    expect(await page.content()).not.toContain(secret)
    const counted = page.getByRole('row', { name: /Planilha do escritório/ })
    await expect(counted.getByRole('cell').nth(4)).toHaveText('2')
    await expect(counted).not.toContainText('Nunca usada')

    await counted.getByRole('button', { name: 'Revogar a chave Planilha do escritório' }).click()
    await expect(
      page.getByText('Chave revogada. Os programas que a usam não terão mais acesso.'),
    ).toBeVisible()
    await expect(page.getByRole('row', { name: /Planilha do escritório/ })).toContainText('Revogada em')
    const refused = await call()
    expect(refused.status()).toBe(401)
    expect(refused.headers()['content-type']).toContain('application/problem+json')
  })

  test('an account whose e-mail is not confirmed is told why it gets no key, and how to confirm', async ({
    page,
    createUser,
  }) => {
    const account = await createUser({ confirmed: false })
    await page.goto('/conta/api')
    await hydrated(page)
    await expect(
      page.getByText(
        `Para criar chaves de API, confirme antes o seu e-mail: abra o link que enviamos para ${account.email}.`,
        { exact: false },
      ),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Criar chave' })).toHaveCount(0)
    // Asked anyway (an old tab, a script), the server refuses it in Portuguese.
    const refused = await page.request.post('/ajax/conta/api/chaves', {
      data: { nome: 'Planilha' },
      headers: { Origin: new URL(page.url()).origin },
    })
    expect(refused.status()).toBe(403)
    expect(await refused.json()).toMatchObject({
      errors: [
        'Confirme seu e-mail antes de criar uma chave de API: abra o link que enviamos para o seu endereço.',
      ],
    })
    // The way to confirm is on the same page: the banner's resend.
    await page.getByRole('button', { name: 'Reenviar e-mail de confirmação' }).click()
    await expect(
      page.getByText('Email de confirmação reenviado. Verifique sua caixa de entrada no seu email.'),
    ).toBeVisible()
  })

  test('works without JavaScript: the notice after the post shows the new key once', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    const { createTestUser } = await import('./fixtures')
    // The dev login needs a script on the page; the account is made with it, then scripts stay off.
    const scripted = await browser.newContext({ baseURL })
    const helper = await scripted.newPage()
    const account = await createTestUser(helper)
    await context.addCookies(await scripted.cookies())
    await page.goto('/conta/api')
    await page.getByLabel('Nome da chave').fill('Sem script')
    await page.getByRole('button', { name: 'Criar chave' }).click()
    await expect(page).toHaveURL(/\/conta\/api$/)
    await expect(page.getByText(/Chave criada: je_[A-Za-z0-9_-]+\. Copie-a agora/)).toBeVisible()
    await expect(page.getByRole('row', { name: /Sem script/ })).toBeVisible()
    void account
    await scripted.close()
    await context.close()
  })

  test('the tab and the reference page read at 360 px', async ({ page, user }) => {
    void user
    await page.setViewportSize({ width: 360, height: 740 })
    await expectPhoneFriendly(page, '/conta/api')
    await page.goto('/api/v2/docs')
    await expect(page.getByRole('heading', { name: 'API do JurisEdge', level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Um processo pelo número CNJ' })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
    expect(await page.locator('script').count()).toBe(0)
  })
})
