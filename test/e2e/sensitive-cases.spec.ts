import { expect, test } from './fixtures'

// Issue 30 (decisions/0064): a family case imported from the DJEN (test/e2e/files/djen-sensivel.json,
// invented names) shows its private parties as initials, wherever a reader meets it.

const CASE = '0812345-19.2024.8.26.0100'

test.describe('a sensitive case', () => {
  test('its page shows the spouses as initials, with no person page, and the lawyer by name', async ({
    page,
  }) => {
    await page.goto(`/processos/${CASE}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Processo ${CASE}`)
    const parties = page.getByRole('region', { name: 'Partes' })
    await expect(parties.getByRole('listitem').filter({ hasText: /^R\. A\. V\./ })).toBeVisible()
    await expect(parties.getByRole('listitem').filter({ hasText: /^G\. M\. V\.$/ })).toBeVisible()
    await expect(parties.getByRole('link')).toHaveCount(0)
    await expect(page.getByText(/ROSEMEIRE|GERALDO/)).toHaveCount(0)
    await expect(page.getByText('FLÁVIA REGINA TORRES (OAB 123456/SP)')).toBeVisible()

    // Its matéria reads the same initials.
    await page
      .getByRole('region', { name: 'Publicações nos diários oficiais' })
      .getByRole('link')
      .first()
      .click()
    await expect(page.locator('.gazette-body')).toContainText('REQUERENTE: R. A. V.')
    await expect(page.getByText(/ROSEMEIRE|GERALDO/)).toHaveCount(0)
  })

  test('searching a spouse by name finds neither the case nor a person', async ({ page }) => {
    await page.goto('/busca?q=Rosemeire+Aparecida+Vasconcelos')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(CASE.replace(/[.]/g, '\\.')) })).toHaveCount(0)
    await expect(page.locator('a[href*="/pessoas/rosemeire"]')).toHaveCount(0)
    expect((await page.goto('/pessoas/rosemeire-aparecida-vasconcelos'))?.status()).toBe(404)
  })
})
