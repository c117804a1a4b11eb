import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { CITY, expect, hydrated, notify, profileUrl, test } from './fixtures'

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const [name, path] of [
  ['home page', '/'],
  ['component gallery', '/dev/galeria'],
  ['404 page', '/nao-existe'],
] as const) {
  test(`axe finds no violations on the ${name}`, async ({ page }) => {
    await page.goto(path)
    await hydrated(page)
    expect(await violations(page)).toEqual([])
  })
}

test('axe finds no violations on a complete professional profile', async ({ page, baseURL, createUser }) => {
  const pro = await createUser({
    login: false,
    profession: {
      code: '241005',
      city: CITY.saoPaulo,
      specialties: ['Direito Civil', 'Direito do Consumidor'],
      serviceCities: [CITY.saoPaulo, CITY.campinas],
      services: ['Inventários', 'Contratos'],
      phones: [{ number: '(11) 3456-7890' }, { number: '(11) 98765-4321', whatsapp: true }],
    },
  })
  await page.goto(profileUrl(baseURL, pro.subdomain))
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: pro.name })).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test('axe finds no violations with menus, a modal and the notifications box open', async ({
  page,
  baseURL,
  user,
}) => {
  await notify(page, baseURL, user.id, 'Nova publicação no Diário Oficial')
  await page.goto('/dev/galeria')
  await hydrated(page)
  await page.locator('details.notifications summary').click()
  await expect(page.locator('details.notifications')).toHaveAttribute('open', '')
  await expect(
    page.locator('details.notifications').getByText('Nova publicação no Diário Oficial'),
  ).toBeVisible()
  expect(await violations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Abrir modal em etapas' }).click()
  await expect(page.getByRole('dialog', { name: 'Cadastro em etapas' })).toBeVisible()
  expect(await violations(page)).toEqual([])
})
