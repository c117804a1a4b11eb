import AxeBuilder from '@axe-core/playwright'
import { expect, hydrated, loginAs, test } from './fixtures'

for (const [name, path] of [
  ['home page', '/'],
  ['component gallery', '/dev/galeria'],
  ['profile page', 'ana'],
  ['404 page', '/nao-existe'],
] as const) {
  test(`axe finds no violations on the ${name}`, async ({ page, baseURL }) => {
    const url = path.startsWith('/') ? path : `${baseURL?.replace('//', `//${path}.`)}/`
    await page.goto(url)
    await hydrated(page)
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
  })
}

test('axe finds no violations with menus, a modal and the notifications box open', async ({
  page,
  baseURL,
}) => {
  await loginAs(page, baseURL)
  await page.goto('/dev/galeria')
  await hydrated(page)
  await page.locator('details.notifications summary').click()
  await expect(page.locator('details.notifications')).toHaveAttribute('open', '')
  let results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Abrir modal em etapas' }).click()
  results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
})
