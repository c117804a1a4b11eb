import type { Page } from '@playwright/test'
import { expect, hydrated, type TestUser, test } from './fixtures'

const MESSAGE = 'Selecione uma imagem em JPG, JPEG ou PNG com menos de 4MB'

async function openPhotoPage(page: Page, user: TestUser) {
  await page.goto('/conta/foto')
  await hydrated(page)
  await expect(page.getByRole('navigation', { name: 'Menu do usuário' }).locator('summary')).toContainText(
    user.name,
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Foto do perfil' })).toBeVisible()
}

/** The photo the page shows, once the browser has really decoded it. */
async function shownPhoto(page: Page, user: TestUser) {
  const img = page.getByRole('img', { name: `Foto de ${user.name}` })
  await expect(img).toBeVisible()
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0)
  return img
}

test.describe('profile photo', () => {
  for (const [file, ext, side] of [
    ['retrato.png', 'png', 80],
    ['retrato.jpg', 'jpg', 80],
  ] as const) {
    test(`a ${ext.toUpperCase()} is cropped square, saved, and becomes the shown photo`, async ({
      page,
      user,
    }) => {
      await openPhotoPage(page, user)
      await page.getByLabel('Escolher imagem').setInputFiles(`test/e2e/files/${file}`)
      const crop = page.getByRole('region', { name: 'Recorte da imagem' })
      await expect(crop).toBeVisible()
      // The picture is 120×80 (or 80×120): the 1:1 crop keeps the short side. Zoom in and back.
      await crop.getByLabel('Zoom').fill('2')
      await crop.getByLabel('Zoom').fill('1')
      await crop.getByRole('button', { name: 'Salvar foto' }).click()

      await expect(page.getByText('Imagem alterada com sucesso.')).toBeVisible()
      await expect(crop).toBeHidden()
      const img = await shownPhoto(page, user)
      await expect(img).toHaveAttribute('src', new RegExp(`^/imagens/perfil/[0-9a-f]{32}\\.${ext}$`))
      const size = await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])
      expect(size).toEqual([side, side])

      // Still there after a reload: it is the profile's photo now, served by the Worker.
      const src = await img.getAttribute('src')
      await page.reload()
      await expect(await shownPhoto(page, user)).toHaveAttribute('src', src ?? '')
    })
  }

  test('a renamed text file, a bmp and a file over 4 MB show the spec message and nothing is sent', async ({
    page,
    user,
  }) => {
    await openPhotoPage(page, user)
    let posts = 0
    page.on('request', (request) => {
      if (request.url().endsWith('/ajax/editar-perfil')) posts++
    })
    const input = page.getByLabel('Escolher imagem')
    const big = Buffer.alloc(4_194_305)
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big)
    for (const file of [
      { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem') },
      { name: 'foto.bmp', mimeType: 'image/bmp', buffer: Buffer.from('BM-bitmap') },
      { name: 'grande.png', mimeType: 'image/png', buffer: big },
    ]) {
      await input.setInputFiles(file)
      await expect(page.getByText(MESSAGE)).toBeVisible()
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByRole('region', { name: 'Recorte da imagem' })).toHaveCount(0)
      // A valid file clears the message again.
      await input.setInputFiles('test/e2e/files/retrato.png')
      await expect(page.getByText(MESSAGE)).toBeHidden()
      await page.getByRole('button', { name: 'Cancelar' }).click()
    }
    expect(posts).toBe(0)
  })

  test('an anonymous visitor is sent to the login page', async ({ page }) => {
    const response = await page.request.get('/conta/foto', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/login?auth.redirect=%2Fconta%2Ffoto')
  })
})
