import { devices, type Page } from '@playwright/test'
import { CITY, expect, expectPhoneFriendly, hydrated, profileUrl, test } from '../e2e/fixtures'
import { uniqueSurname } from './site'

// A phone 360 px wide (Lighthouse's mobile profile is this Moto G4), touch, Chromium.
const { defaultBrowserType: _chromium, ...phone } = devices['Moto G4']
test.use(phone)

/** The common name she types, without accents; the demo data has many "João … Rodrigues". */
const TYPED = 'joao rodrigues'

const followButton = (page: Page) => page.locator('form.follow').getByRole('button')

/**
 * Renata, on her phone, looks for the lawsuit of a João Rodrigues she knows. She types the name
 * as people type on a phone, without accents, opens one of his lawsuits, then the profile of the
 * lawyer a friend recommended (her own subdomain): "Seguir" there asks her to log in and brings
 * her back to that profile, logged in, following. Back on the lawsuit she follows it too
 * (issue 28 §2 and "The class behind them: journeys").
 */
test('a visitor on a phone searches a name without accents, opens a lawsuit, logs in from a profile subdomain and follows both', async ({
  page,
  baseURL,
  createUser,
}) => {
  const visitor = await createUser({ login: false, name: `Renata ${uniqueSurname()} Prado` })
  const lawyer = await createUser({
    login: false,
    name: `Tatiana ${uniqueSurname()} Queiroz`,
    profession: { code: '241005', city: CITY.recife, form: 'feminino' },
  })

  // The home page's search box, typed as on a phone: lower case, no accents.
  await page.goto('/')
  await hydrated(page)
  const box = page.getByRole('main').getByRole('form', { name: 'Buscar' })
  await box.getByRole('combobox', { name: 'Termo de busca' }).tap()
  await box.getByRole('combobox', { name: 'Termo de busca' }).pressSequentially(TYPED)
  await box.getByRole('combobox', { name: 'Termo de busca' }).press('Enter')
  await expect(page).toHaveURL(/\/busca\?/)
  expect(new URL(page.url()).searchParams.get('q')).toBe(TYPED)

  // The accented names are found, many of them, in more than one category.
  const main = page.getByRole('main')
  await expect(main.getByText(/João( \p{L}+)* Rodrigues/u).first()).toBeVisible()
  const parties = main.getByRole('link', { name: /^Ver todos os \d+ resultados em Partes em Processos$/ })
  const gazettes = main.getByRole('link', { name: /^Ver todos os \d+ resultados em Diários Oficiais$/ })
  const count = async (link: typeof parties) => Number(/\d+/.exec((await link.textContent()) ?? '')?.[0])
  expect(await count(parties)).toBeGreaterThanOrEqual(5)
  expect(await count(gazettes)).toBeGreaterThanOrEqual(5)

  // His lawsuits: the parties' list, then the first lawsuit.
  await parties.tap()
  await expect(page).toHaveURL(/qo=en/)
  const lawsuitLink = main.locator('a[href^="/processos/"]').first()
  const lawsuitPath = (await lawsuitLink.getAttribute('href')) ?? ''
  expect(lawsuitPath).toMatch(/^\/processos\/\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}$/)
  await lawsuitLink.tap()
  await expect(page).toHaveURL(lawsuitPath)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Processo')
  await expect(main.getByText(/João( \p{L}+)* Rodrigues/u).first()).toBeVisible()
  await expect(followButton(page)).toHaveText(/^Seguir/)

  // The lawyer's profile, on her own subdomain: "Seguir" while logged out asks for the login…
  const profile = profileUrl(baseURL, lawyer.subdomain)
  await page.goto(profile)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: lawyer.name })).toBeVisible()
  await followButton(page).tap()
  await page.waitForURL(/\/login\?/)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(visitor.email)
  await page.getByLabel('Senha').fill(visitor.password)
  await page.getByRole('button', { name: 'Entrar' }).tap()

  // …and brings her back to that profile, logged in, following the lawyer.
  await page.waitForURL(profile)
  await expect(page.getByRole('heading', { level: 1, name: lawyer.name })).toBeVisible()
  await expect(page.locator('[data-user-menu]').first()).toBeAttached()
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0)
  // The pending follow resumes once the profile has hydrated, then posts.
  await expect(followButton(page)).toHaveText(/^Seguindo/, { timeout: 15_000 })
  await expect(page.locator('form.follow .follow__count')).toHaveText('1 seguidor')

  // Back on the lawsuit (main host), logged in: one tap follows it.
  await page.goto(lawsuitPath)
  await hydrated(page)
  await expect(page.locator('[data-user-menu]').first()).toBeAttached()
  await followButton(page).tap()
  await expect(followButton(page)).toHaveText(/^Seguindo/)
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(followButton(page)).toHaveText(/^Seguindo/)

  // The page she ends on: no sideways scroll at 360 px, nothing axe objects to.
  await expectPhoneFriendly(page, lawsuitPath)
})
