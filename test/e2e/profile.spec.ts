import { expect, hydrated, loginAs, profileUrl, test } from './fixtures'

// Carlos's phones and service city are saved through the product's own profession endpoint,
// as the owner would; the visitor then reads the public profile on carlosmendes.localhost.
test.describe('a visitor on a professional profile', () => {
  test.describe.configure({ mode: 'serial' })

  test('reveals the phones (WhatsApp as a wa.me link), shares and describes the profile', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/robots.txt')
    await loginAs(page, baseURL, 'carlos@exemplo.invalid')
    const saved = await page.request.post('/ajax/conta/profissao', {
      headers: { Origin: new URL(baseURL ?? '').origin, Accept: 'application/json' },
      form: {
        'cidades_ids[]': '3509502',
        'servicos[]': 'Reclamações trabalhistas',
        'telefones[a1][numero]': '(31) 3222-1100',
        'telefones[b2][numero]': '(31) 98888-7766',
        'telefones[b2][whatsapp]': 'sim',
      },
    })
    expect(await saved.json()).toEqual({ status: 'success' })

    await page.goto(profileUrl(baseURL, 'carlosmendes'))
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Carlos Eduardo Mendes' })).toBeVisible()
    await expect(page.getByText('Advogado', { exact: true })).toBeVisible()
    const cities = page.getByRole('region', { name: 'Cidades em que atua' })
    await expect(cities.getByText('Campinas/SP')).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Serviços' }).getByText('Reclamações trabalhistas'),
    ).toBeVisible()
    await expect(page.getByText('(31) 98888-7766')).toHaveCount(0)

    await page.getByRole('button', { name: 'Ver telefones' }).click()
    await expect(page.getByRole('link', { name: '(31) 3222-1100', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: '(31) 98888-7766', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Conversar no WhatsApp: (31) 98888-7766' })).toHaveAttribute(
      'href',
      'https://wa.me/5531988887766',
    )
    await expect(page.getByRole('button', { name: 'Ver telefones' })).toHaveCount(0)

    await expect(page.getByRole('region', { name: 'Compartilhar' })).toBeVisible()
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    )
    const service = jsonLd['@graph'].find(
      (node: { '@type': string }) => node['@type'] === 'ProfessionalService',
    )
    expect(service.areaServed).toEqual([
      { '@type': 'City', name: 'Campinas', containedInPlace: { '@type': 'State', name: 'SP' } },
    ])
    expect(JSON.stringify(jsonLd)).not.toContain('98888')
  })

  test('sends a message through the modal (each §5 message first), and the owner reads it', async ({
    page,
    baseURL,
  }) => {
    await page.goto(profileUrl(baseURL, 'carlosmendes'))
    await hydrated(page)
    await page.getByRole('button', { name: 'Enviar mensagem' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mensagem para Carlos Eduardo Mendes' })
    await expect(dialog).toBeVisible()

    await dialog.getByRole('button', { name: 'Enviar' }).click()
    for (const message of [
      'Informe o seu nome',
      'Informe a mensagem',
      'Informe o seu telefone',
      'Informe o seu email',
      'Você é um robô?',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible()
    }

    await dialog.getByLabel('Seu nome').fill('Renata Visitante')
    await dialog.getByLabel('Seu e-mail').fill('renata@')
    await dialog.getByLabel('Seu telefone').pressSequentially('31991234567')
    await expect(dialog.getByLabel('Seu telefone')).toHaveValue('(31) 99123-4567')
    await dialog
      .getByLabel('Mensagem', { exact: true })
      .fill('Fui demitido sem justa causa. Podemos conversar?')
    await dialog.getByRole('button', { name: 'Enviar' }).click()
    await expect(dialog.getByText('Insira um e-mail válido.')).toBeVisible()
    await expect(dialog.getByText('Você é um robô?')).toBeVisible()

    await dialog.getByLabel('Seu e-mail').fill('renata@exemplo.invalid')
    await dialog.getByLabel('Não sou um robô').check()
    await expect(dialog.getByText('Você é um robô?')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Enviar' }).click()
    await expect(page.getByText('Mensagem enviada com sucesso!')).toBeVisible()
    await expect(dialog).toBeHidden()

    // The owner logs in on the main host and reads it.
    await page.goto('/robots.txt')
    await loginAs(page, baseURL, 'carlos@exemplo.invalid')
    await page.goto('/')
    const userMenu = page.getByRole('navigation', { name: 'Menu do usuário' })
    await userMenu.locator('summary').click()
    await userMenu.getByRole('link', { name: 'Mensagens' }).click()
    await expect(page).toHaveURL(/\/conta\/mensagens$/)
    await expect(page.getByText('1 mensagem não lida')).toBeVisible()
    const message = page.getByRole('article', { name: /De Renata Visitante/ })
    await expect(message.getByText('Fui demitido sem justa causa. Podemos conversar?')).toBeVisible()
    await expect(message.getByRole('link', { name: 'renata@exemplo.invalid' })).toHaveAttribute(
      'href',
      'mailto:renata@exemplo.invalid',
    )
    await expect(message.getByText('(31) 99123-4567')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Mensagens', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await page.reload()
    await expect(page.getByText('1 mensagem não lida')).toHaveCount(0)
    await expect(page.getByRole('article', { name: /De Renata Visitante/ })).toBeVisible()
  })
})
