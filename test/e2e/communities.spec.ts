import { CITY, expect, expectPhoneFriendly, hydrated, test, uniqueTag } from './fixtures'

test.describe('communities', () => {
  test('a new mediator finds herself among the newest members of her community, from /comunidades', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({
      name: `Mediadora Nova ${uniqueTag()}`,
      profession: { code: '351435', form: 'feminino', city: CITY.recife },
    })

    await page.goto('/comunidades')
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Comunidades' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Profissões', 'Cursos', 'Temas'])
    await expect(page).toHaveTitle('Comunidades | JurisEdge')

    // From the keyboard: the community's link, then Enter.
    const link = page.getByRole('link', { name: 'Mediador de conflitos', exact: true })
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/comunidades\/mediador-de-conflitos$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mediador de conflitos' })).toBeVisible()
    await expect(page.getByText('Comunidade de profissão')).toBeVisible()
    await expect(page.getByText(/^\d[\d.]* membros?$/)).toBeVisible()

    // Her membership: the button reads "Seguindo", and she is the newest member, with her title.
    await expect(page.getByRole('button', { name: 'Seguindo Mediador de conflitos' })).toBeVisible()
    const newest = page.getByRole('region', { name: 'Membros mais recentes' }).getByRole('listitem').first()
    await expect(newest.getByRole('link', { name: user.name })).toHaveAttribute(
      'href',
      new RegExp(`^http://${user.subdomain}\\.localhost:\\d+$`),
    )
    await expect(newest.getByText('Mediadora de conflitos')).toBeVisible()
  })

  test('an unknown community is the Portuguese 404 page', async ({ page }) => {
    const response = await page.goto('/comunidades/nao-existe-esta-comunidade')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible()
  })
})

test.describe('communities on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('never scroll sideways at 360 px, and axe finds nothing', async ({ page }) => {
    for (const path of ['/comunidades', '/comunidades/oficial-do-registro-civil-de-pessoas-juridicas']) {
      await expectPhoneFriendly(page, path)
    }
  })
})
