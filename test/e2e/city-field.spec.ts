import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

const CAMPINAS = { id: 3509502, nome: 'Campinas', uf: 'SP' }

async function openGallery(page: Page) {
  await page.goto('/dev/galeria')
  await hydrated(page)
  return page.locator('#referencias')
}

const storedCity = (page: Page) => page.evaluate(() => window.localStorage.getItem('cidade'))

test.describe('city field', () => {
  test('offline there is no city for the IP: the field stays empty and editable, nothing stored', async ({
    page,
  }) => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/ajax/cidade-por-ip'))
    const section = await openGallery(page)
    expect(await (await answer).json()).toMatchObject({ status: 'error' })
    const input = section.getByRole('combobox', { name: 'Município' })
    await expect(input).toHaveValue('')
    await expect(input).toBeEditable()
    await expect(section.getByRole('button', { name: 'Alterar cidade' })).toHaveCount(0)
    expect(await storedCity(page)).toBeNull()
  })

  test('a city found by IP fills the field, locks it and is kept in the browser', async ({ page }) => {
    await page.route('**/ajax/cidade-por-ip', (route) =>
      route.fulfill({ json: { status: 'success', cidade: CAMPINAS } }),
    )
    const section = await openGallery(page)
    const input = section.getByRole('combobox', { name: 'Município' })
    await expect(input).toHaveValue('Campinas/SP')
    await expect(input).not.toBeEditable()
    await expect(section.locator('input[type="hidden"][name="cidade"]')).toHaveValue('3509502')
    await expect(section.getByRole('button', { name: 'Alterar cidade' })).toBeVisible()
    expect(JSON.parse((await storedCity(page)) ?? 'null')).toEqual(CAMPINAS)
  })

  test('a city kept in the browser is used without asking the server', async ({ page }) => {
    let asked = false
    page.on('request', (r) => {
      if (r.url().endsWith('/ajax/cidade-por-ip')) asked = true
    })
    await page.addInitScript(() =>
      window.localStorage.setItem('cidade', JSON.stringify({ id: 4106902, nome: 'Curitiba', uf: 'PR' })),
    )
    const section = await openGallery(page)
    await expect(section.getByRole('combobox', { name: 'Município' })).toHaveValue('Curitiba/PR')
    await expect(section.locator('[data-chosen="cidade-campo"]')).toHaveText('Curitiba/PR (4106902)')
    expect(asked).toBe(false)
  })

  test('picking from the autocomplete locks the field; "Alterar cidade" makes it editable again', async ({
    page,
  }) => {
    const section = await openGallery(page)
    const input = section.getByRole('combobox', { name: 'Município' })
    await input.pressSequentially('sao pau')
    const option = section.getByRole('option', { name: 'São Paulo SP' })
    await expect(option).toBeVisible()
    await expect(section.getByRole('option').first()).toHaveText('São Paulo SP')
    await input.press('ArrowDown')
    await input.press('Enter')

    await expect(input).toHaveValue('São Paulo/SP')
    await expect(input).not.toBeEditable()
    await expect(section.locator('input[type="hidden"][name="cidade"]')).toHaveValue('3550308')
    expect(JSON.parse((await storedCity(page)) ?? 'null')).toEqual({
      id: 3550308,
      nome: 'São Paulo',
      uf: 'SP',
    })

    await section.getByRole('button', { name: 'Alterar cidade' }).click()
    await expect(input).toHaveValue('')
    await expect(input).toBeEditable()
    await expect(input).toBeFocused()
    await expect(section.locator('input[type="hidden"][name="cidade"]')).toHaveValue('')
    await expect(section.getByRole('button', { name: 'Alterar cidade' })).toHaveCount(0)

    await input.pressSequentially('campinas')
    await section.getByRole('option', { name: 'Campinas SP' }).click()
    await expect(input).toHaveValue('Campinas/SP')
    await expect(section.locator('[data-chosen="cidade-campo"]')).toHaveText('Campinas/SP (3509502)')
  })

  test('one character asks nothing; an unknown name says "Nenhum resultado encontrado"', async ({ page }) => {
    const section = await openGallery(page)
    const input = section.getByRole('combobox', { name: 'Município' })
    await input.pressSequentially('x')
    await expect(section.getByRole('listbox')).toHaveCount(0)
    await input.pressSequentially('yzw')
    await expect(section.getByText('Nenhum resultado encontrado')).toBeVisible()
  })
})

test.describe('reference autocompletes', () => {
  test('institutions, professional titles and communities come from the real lists', async ({ page }) => {
    const section = await openGallery(page)
    const institution = section.getByRole('combobox', { name: 'Instituição de ensino' })
    await institution.pressSequentially('mackenzie')
    await section.getByRole('option', { name: /Universidade Presbiteriana Mackenzie/ }).click()
    await expect(institution).toHaveValue('Universidade Presbiteriana Mackenzie (Mackenzie)')

    const title = section.getByRole('combobox', { name: 'Título profissional' })
    await title.pressSequentially('advogado')
    await section.getByRole('option', { name: 'Advogado CBO 241005' }).click()
    await expect(section.locator('[data-chosen="titulo"]')).toHaveText('Advogado (241005)')

    const community = section.getByRole('combobox', { name: 'Comunidade' })
    await community.pressSequentially('tributario')
    await section.getByRole('option', { name: 'Direito Tributário Tema' }).click()
    await expect(community).toHaveValue('Direito Tributário')
  })
})
