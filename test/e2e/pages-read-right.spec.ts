import { expect, hydrated, notify, test } from './fixtures'

/** Issue 28 §5: what a page says agrees with what happened (error pages, the header badge). */
test.describe('every page reads right (issue 28 §5)', () => {
  test("another's /artigos/{id}/editar says 403 and why, before and after the application loads", async ({
    page,
    user: _user,
  }) => {
    // Any article of the demo data: none is this fresh account's.
    await page.goto('/artigos')
    const href = await page.locator('a[href^="/artigos/"][href*="-"]').first().getAttribute('href')
    const id = href?.match(/-(\d+)$/)?.[1]
    expect(id).toBeTruthy()
    const answer = await page.goto(`/artigos/${id}/editar`)
    expect(answer?.status()).toBe(403)
    await hydrated(page)
    const main = page.locator('main')
    await expect(main.locator('.error-page__status')).toHaveText('403')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Acesso restrito')
    await expect(main).toContainText('Somente o autor pode alterar este artigo.')
    await expect(main).not.toContainText('Algo deu errado')
    await expect(main).not.toContainText('equipe de revisão')
  })
})
