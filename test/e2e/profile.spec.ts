import { CITY, expect, hydrated, login, profileUrl, test } from './fixtures'

// Each test makes its own professional (profession, service city, services and phones saved by
// the product's own profile functions); the visitor is the test's browser, logged out.
test.describe('a visitor on a professional profile', () => {
  test('reveals the phones (WhatsApp as a wa.me link), shares and describes the profile', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const pro = await createUser({
      login: false,
      name: 'Carla Profissional',
      profession: {
        code: '241005',
        city: CITY.saoPaulo,
        serviceCities: [CITY.campinas],
        services: ['Reclamações trabalhistas'],
        phones: [{ number: '(31) 3222-1100' }, { number: '(31) 98888-7766', whatsapp: true }],
      },
    })

    await page.goto(profileUrl(baseURL, pro.subdomain))
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Carla Profissional' })).toBeVisible()
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
    // The main city is one of the cities served (decisions/0058), first.
    expect(service.areaServed).toEqual([
      { '@type': 'City', name: 'São Paulo', containedInPlace: { '@type': 'State', name: 'SP' } },
      { '@type': 'City', name: 'Campinas', containedInPlace: { '@type': 'State', name: 'SP' } },
    ])
    expect(JSON.stringify(jsonLd)).not.toContain('98888')
  })

  test('sends a message through the modal (each §5 message first), and the owner reads it', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const pro = await createUser({
      login: false,
      name: 'Caio Destinatário',
      profession: { code: '241005', city: CITY.campinas, serviceCities: [CITY.campinas] },
    })
    await page.goto(profileUrl(baseURL, pro.subdomain))
    await hydrated(page)
    await page.getByRole('button', { name: 'Enviar mensagem' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mensagem para Caio Destinatário' })
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
    await login(page, pro)
    await page.goto('/')
    await hydrated(page)
    const userMenu = page.getByRole('navigation', { name: 'Menu do usuário' })
    await userMenu.locator('summary').click()
    await userMenu.getByRole('link', { name: 'Mensagens' }).click()
    await expect(page).toHaveURL(/\/conta\/mensagens$/)
    await expect(page.getByText('1 mensagem não lida')).toBeVisible()
    const message = page.getByRole('row').filter({ hasText: 'Renata Visitante' })
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
    await expect(page.getByRole('row').filter({ hasText: 'Renata Visitante' })).toBeVisible()
  })
})
