import { expect, hydrated, test, uniqueTag } from './fixtures'

// Issue 41 (decisions/0102): a reviewer records a court's declared suspension with its source.

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

test('a reviewer records a court’s suspension with its source and sees it listed', async ({
  page,
  baseURL,
  createUser,
}) => {
  const tag = uniqueTag()
  const reviewer = await createUser({ name: `Renata Revisora ${tag}` })
  const granted = await page.request.post(`${origin(baseURL)}/__dev/papeis`, {
    data: { email: reviewer.email, papel: 'revisor' },
    headers: { Origin: origin(baseURL) },
  })
  expect(granted.status()).toBe(201)
  await page.goto('/revisao/suspensoes')
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suspensões declaradas pelos tribunais')
  await page.getByLabel('Tribunal (sigla, como TJSP, TRF3 ou TRT2)').fill('TJRS')
  await page.getByLabel('Primeiro dia suspenso').fill('2024-05-06')
  await page.getByLabel('Último dia suspenso').fill('2024-05-10')
  await page.getByLabel('Motivo').fill(`Enchentes ${tag}`)
  await page
    .getByLabel('Fonte (ato e endereço da publicação)')
    .fill('Ato 12/2024-P do TJRS, DJE de 05/05/2024')
  await page.getByRole('button', { name: 'Registrar suspensão' }).click()
  await expect(page).toHaveURL(/\/revisao\/suspensoes$/)
  await expect(page.getByText('Suspensão registrada.')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: `Enchentes ${tag}` })).toHaveText(
    `TJRS: 06/05/2024 a 10/05/2024. Enchentes ${tag}. Fonte: Ato 12/2024-P do TJRS, DJE de 05/05/2024`,
  )
})
