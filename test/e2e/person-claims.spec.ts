import type { Page } from '@playwright/test'
import { expect, expectPhoneFriendly, hydrated, test, uniqueTag } from './fixtures'

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

/** A person page of this test only: a public lawsuit where she is the party and her own lawyer. */
async function lawyerPage(page: Page, baseURL: string | undefined, nome: string, oab: string) {
  const made = await page.request.post(`${origin(baseURL)}/__dev/processos-advogado`, {
    data: { nome, oab_numero: oab, oab_uf: 'SP' },
    headers: { Origin: origin(baseURL) },
  })
  expect(made.status()).toBe(201)
  return (await made.json()) as { cnj: string; pessoa: { id: number; slug: string } }
}

test.describe('"Este sou eu" (issue 17)', () => {
  test('a professional claims her person page, it links to her profile, the profile lists the lawsuit, then she undoes it', async ({
    page,
    baseURL,
    createUser,
  }) => {
    const name = `Helena Vinculo ${uniqueTag()}`
    await createUser({ name })
    const { cnj, pessoa } = await lawyerPage(page, baseURL, name.toUpperCase(), '654321')

    await page.goto(`/pessoas/${pessoa.slug}`)
    await hydrated(page)
    await page.getByRole('link', { name: 'Este sou eu' }).click()
    await expect(page).toHaveURL(new RegExp(`/pessoas/${pessoa.slug}/este-sou-eu$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Este sou eu: ${name.toUpperCase()}`)
    // What will happen, before anything does.
    await expect(page.getByText(`/pessoas/${pessoa.slug}`)).toBeVisible()
    await expect(page.getByText('A página mostrará um link para o seu perfil profissional.')).toBeVisible()
    await expect(page.getByText('O seu perfil passará a listar os processos públicos')).toBeVisible()
    await expect(page.getByText('Você pode desfazer quando quiser')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Como conferimos' })).toBeVisible()
    await hydrated(page)

    await expect(page.getByRole('radio', { name: 'Pelo número da OAB' })).toBeChecked()
    await page.getByRole('textbox', { name: 'Número da OAB' }).fill('654321')
    await page.getByLabel('Estado (seccional) da OAB').selectOption('SP')
    await page.getByRole('button', { name: 'Confirmar: este sou eu' }).click()

    await expect(page).toHaveURL(new RegExp(`/pessoas/${pessoa.slug}$`))
    await expect(page.getByText('Pronto: esta página agora está ligada ao seu perfil.')).toBeVisible()
    const profileLink = page.getByRole('link', { name: `Perfil profissional de ${name}` })
    await expect(profileLink).toBeVisible()
    await expect(page.getByText('Esta página está vinculada ao seu perfil.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Este sou eu' })).toHaveCount(0)

    await profileLink.click()
    await expect(page.getByRole('heading', { name: 'Nos documentos públicos' })).toBeVisible()
    await expect(page.getByRole('link', { name: cnj })).toBeVisible()

    await page.goto(`${origin(baseURL)}/pessoas/${pessoa.slug}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Desfazer' }).click()
    await expect(page.getByText('Vinculação desfeita. A página está livre novamente.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Este sou eu' })).toBeVisible()
    await expect(page.getByRole('link', { name: `Perfil profissional de ${name}` })).toHaveCount(0)
  })

  test('a refused claim keeps the page free and says why', async ({ page, baseURL, createUser }) => {
    const name = `Olga Recusa ${uniqueTag()}`
    const { pessoa } = await lawyerPage(page, baseURL, name, '765432')
    await createUser({ name })
    await page.goto(`/pessoas/${pessoa.slug}/este-sou-eu`)
    await hydrated(page)
    await page.getByRole('radio', { name: 'Pelo CPF' }).check()
    await page.getByLabel('CPF', { exact: true }).fill('111.111.111-11')
    await page.getByRole('button', { name: 'Confirmar: este sou eu' }).click()
    await expect(page.getByText('Informe um CPF válido, com 11 dígitos.').first()).toBeVisible()
    await expect(page).toHaveURL(/\/este-sou-eu$/)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } })
    test('the claim page fits 360 px and passes axe', async ({ page, baseURL, createUser }) => {
      const name = `Rita Celular ${uniqueTag()}`
      const { pessoa } = await lawyerPage(page, baseURL, name, '876543')
      await createUser({ name })
      await expectPhoneFriendly(page, `/pessoas/${pessoa.slug}/este-sou-eu`)
      await expectPhoneFriendly(page, `/pessoas/${pessoa.slug}`)
    })
  })
})
