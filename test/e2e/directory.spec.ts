import type { Page } from '@playwright/test'
import { expect, expectPhoneFriendly, hydrated, test, uniqueTag } from './fixtures'

// Small cities of Roraima, one per test, so the demo directory's crowds in big cities never mix in;
// each test asserts on the professionals it made.
const RR = {
  uiramuta: 1400704,
  normandia: 1400407,
  amajari: 1400027,
  caroebe: 1400233,
  iracema: 1400282,
} as const

const cardNamed = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) })

/** Picks a city from the autocomplete with the keyboard, as someone without a mouse does. */
async function pickCity(page: Page, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: 'Cidade' })
  await input.pressSequentially(typed)
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(option)
  await input.press('ArrowDown')
  await input.press('Enter')
  await expect(input).not.toBeEditable()
}

test.describe('the directory with JavaScript', () => {
  test('the filter bar opens each URL form of spec §2 at once, without a stop on the server', async ({
    page,
    createUser,
  }) => {
    const lawyer = await createUser({
      login: false,
      name: `Ana Diretório ${uniqueTag()}`,
      profession: {
        code: '241005',
        city: RR.uiramuta,
        specialties: ['Direito Civil'],
        services: ['Inventários'],
      },
    })
    const accountant = await createUser({
      login: false,
      name: `Caio Contador ${uniqueTag()}`,
      profession: { code: '252210', city: RR.uiramuta },
    })
    const filterHops: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/profissionais?')) filterHops.push(request.url())
    })

    await page.goto('/')
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: 'Navegação principal' })
    await nav.locator('summary', { hasText: 'Soluções' }).click()
    await nav.getByRole('link', { name: 'Encontre um profissional' }).click()
    await expect(page).toHaveURL(/\/profissionais$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Encontre um profissional' })).toBeVisible()
    await hydrated(page)

    await page.getByLabel('Profissão').selectOption({ label: 'Advogados' })
    await pickCity(page, 'uiramut', 'Uiramutã RR')
    await page.getByRole('button', { name: 'Buscar profissionais' }).click()
    await expect(page).toHaveURL(/\/advogado\/uiramuta-rr$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Advogados em Uiramutã – RR' })).toBeVisible()
    await expect(page).toHaveTitle('Advogados em Uiramutã – RR | JurisEdge')
    const card = cardNamed(page, lawyer.name)
    await expect(card.getByRole('link', { name: lawyer.name })).toHaveAttribute(
      'href',
      new RegExp(`^http://${lawyer.subdomain}\\.localhost:\\d+$`),
    )
    await expect(card.getByText('Uiramutã – RR')).toBeVisible()
    await expect(card.getByText('Direito Civil')).toBeVisible()
    await expect(card.getByText('1 serviço')).toBeVisible()
    await expect(card.getByRole('button', { name: `Seguir ${lawyer.name}` })).toBeVisible()
    await expect(cardNamed(page, accountant.name)).toHaveCount(0)

    // The city stays chosen: with "Todas as profissões" it is the city's page.
    await page.getByLabel('Profissão').selectOption({ label: 'Todas as profissões' })
    await page.getByRole('button', { name: 'Buscar profissionais' }).click()
    await expect(page).toHaveURL(/\/cidade\/uiramuta-rr$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Profissionais em Uiramutã – RR' }),
    ).toBeVisible()
    await expect(cardNamed(page, lawyer.name)).toBeVisible()
    await expect(cardNamed(page, accountant.name)).toBeVisible()

    // Without a city: the profession nationwide.
    await page.getByRole('button', { name: 'Alterar cidade' }).click()
    await page.getByLabel('Profissão').selectOption({ label: 'Contadores' })
    await page.getByRole('button', { name: 'Buscar profissionais' }).click()
    await expect(page).toHaveURL(/\/contador$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Contadores no Brasil' })).toBeVisible()
    expect(filterHops).toEqual([])
  })

  test('an empty list points elsewhere: the profession nearby, the capital, the city page', async ({
    page,
    createUser,
  }) => {
    const lawyer = await createUser({
      login: false,
      name: `Bia Amajari ${uniqueTag()}`,
      profession: { code: '241005', city: RR.amajari },
    })
    await createUser({ login: false, profession: { code: '252215', city: RR.caroebe } })

    await page.goto('/perito-contabil/amajari-rr')
    await hydrated(page)
    await expect(
      page.getByRole('heading', { level: 2, name: 'Ainda não há peritos contábeis em Amajari – RR.' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Caroebe – RR' })).toHaveAttribute(
      'href',
      '/perito-contabil/caroebe-rr',
    )
    await expect(
      page.getByRole('link', { name: 'Peritos contábeis em Boa Vista – RR, a capital' }),
    ).toHaveAttribute('href', '/perito-contabil/boa-vista-rr')
    await expect(page.getByRole('link', { name: 'Peritos contábeis em todo o Brasil' })).toBeVisible()
    await page.getByRole('link', { name: 'Todos os profissionais em Amajari – RR' }).click()
    await expect(page).toHaveURL(/\/cidade\/amajari-rr$/)
    await expect(cardNamed(page, lawyer.name)).toBeVisible()
  })
})

test.describe('the directory without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the same form, answered by a redirect to the URL form; a typed "Cidade/UF" is read', async ({
    page,
    createUser,
  }) => {
    const lawyer = await createUser({
      login: false,
      name: `Davi Normandia ${uniqueTag()}`,
      profession: { code: '241005', city: RR.normandia },
    })
    await page.goto('/profissionais')
    await page.getByLabel('Profissão').selectOption({ label: 'Advogados' })
    await page.getByRole('combobox', { name: 'Cidade' }).fill('Normandia/RR')
    await page.getByRole('button', { name: 'Buscar profissionais' }).click()
    await expect(page).toHaveURL(/\/advogado\/normandia-rr$/)
    await expect(cardNamed(page, lawyer.name)).toBeVisible()

    await page.getByLabel('Profissão').selectOption({ label: 'Todas as profissões' })
    await page.getByRole('button', { name: 'Buscar profissionais' }).click()
    await expect(page).toHaveURL(/\/cidade\/normandia-rr$/)
    await expect(cardNamed(page, lawyer.name)).toBeVisible()
  })

  test('a city that does not exist is said by the field, the profession kept', async ({ page }) => {
    await page.goto('/profissionais')
    await page.getByLabel('Profissão').selectOption({ label: 'Tabeliães' })
    await page.getByRole('combobox', { name: 'Cidade' }).fill('Atlântida/ZZ')
    const answer = page.waitForResponse((r) => r.url().includes('/profissionais?'))
    await page.getByRole('button', { name: 'Buscar profissionais' }).click()
    expect((await answer).status()).toBe(400)
    await expect(page.getByText('Não encontramos essa cidade.', { exact: false })).toBeVisible()
    await expect(page.getByLabel('Profissão')).toHaveValue('tabeliao')
  })
})

test.describe('the directory on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('never scrolls sideways at 360 px and axe finds nothing: the home and lists with long names', async ({
    page,
    createUser,
  }) => {
    await createUser({
      login: false,
      name: `Maria Auxiliadora Albuquerque Cavalcanti de Vasconcelos ${uniqueTag()}`,
      profession: {
        code: '241005',
        city: RR.iracema,
        specialties: ['Direito Previdenciário', 'Direito do Consumidor', 'Direito Administrativo'],
        services: ['Planejamento previdenciário', 'Ações revisionais'],
      },
    })
    for (const path of ['/profissionais', '/advogado/iracema-rr', '/cidade/iracema-rr']) {
      await expectPhoneFriendly(page, path)
    }
  })
})
