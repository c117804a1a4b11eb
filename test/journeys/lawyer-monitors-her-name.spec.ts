import { CITY, expect, expectPhoneFriendly, hydrated, test } from '../e2e/fixtures'
import { importDouNaming, reloadUntil, uniqueSurname } from './site'

/**
 * Helena, a lawyer, pays for one thing: to be told when her name appears in a gazette. She asks
 * for it through the form as it opens (every source ticked), a gazette file naming her is loaded
 * with `npm run import` into the database the running site serves, and nobody fires a cron: the
 * site's own next tick finds it. She sees the notification in the header and the hit on
 * `/monitoramentos` (issue 28 §1, "The class behind them: journeys").
 */
test('a lawyer monitors her name; after an import and the next cron tick she is notified and sees the hit', async ({
  page,
  createUser,
}) => {
  const name = `Helena ${uniqueSurname()} Albuquerque`
  const lawyer = await createUser({
    login: false,
    name,
    profession: { code: '241005', city: CITY.recife, form: 'feminino' },
  })

  // She logs in on the real login page.
  await page.goto('/login')
  await hydrated(page)
  await page.getByLabel('E-mail').fill(lawyer.email)
  await page.getByLabel('Senha').fill(lawyer.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  const userMenu = page.getByRole('navigation', { name: 'Menu do usuário' })
  await expect(userMenu).toBeVisible()

  // The header's "Soluções" leads to the name monitoring form (campaign 29).
  await hydrated(page)
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  await nav.locator('summary', { hasText: 'Soluções' }).click()
  await nav.getByRole('link', { name: 'Monitoramento de nomes nos diários' }).click()
  await expect(page).toHaveURL(/\/monitoramentos\/novo/)
  await hydrated(page)
  await page.getByRole('textbox', { name: 'Nome ou termo', exact: true }).fill(name)
  // The form opens with every source ticked; she keeps them, the gazettes above all.
  for (const source of ['Diários oficiais', 'Comunicações do DJEN', 'Partes de processos'])
    await expect(page.getByRole('checkbox', { name: source })).toBeChecked()
  await page.getByRole('button', { name: 'Criar monitoramento' }).click()
  await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/)
  const id = Number(/\/monitoramentos\/(\d+)/.exec(page.url())?.[1])
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText(/^Fontes: .*Diários oficiais/i)).toBeVisible()
  await expect(page.getByText('Nenhuma ocorrência ainda.', { exact: false })).toBeVisible()

  // Today's Diário Oficial da União names her: the file is imported the way the README says.
  importDouNaming(name)

  // She does nothing but come back: the running site's next cron tick finds it.
  const row = page.getByRole('row').filter({ hasText: name })
  await reloadUntil(page, '/monitoramentos', async () => {
    await expect(row.getByRole('cell', { name: '1 ocorrência', exact: true })).toBeVisible({ timeout: 1000 })
  })

  // The header's bell says so, and its notification leads to the hit.
  await hydrated(page)
  const bell = page.locator('details.notifications')
  await reloadUntil(page, '/monitoramentos', async () => {
    await expect(bell.locator('[data-badge]')).toHaveText('1', { timeout: 1000 })
  })
  await hydrated(page)
  await bell.locator('summary').click()
  const notification = bell.getByRole('link', { name: new RegExp(`Monitoramento: “${name}” em `) })
  await expect(notification).toBeVisible()
  await notification.click()
  await expect(page).toHaveURL(new RegExp(`/monitoramentos/${id}(\\?[^#]*)?#ocorrencia-\\d+$`))
  const hit = page.locator('.hit').first()
  await expect(hit.getByRole('link').first()).toHaveText(`“${name}” em Diário Oficial da União`)
  await expect(hit.locator('mark')).toHaveText(name.toUpperCase())

  // The page she ends on passes the accessibility check.
  await expectPhoneFriendly(page, `/monitoramentos/${id}`)
})
