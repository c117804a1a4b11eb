import type { Page } from '@playwright/test'

/**
 * The autocompletes (`/ajax/busca-cidades`, `/ajax/busca-titulos-profissionais`) belong to the
 * reference-data work, built in parallel. Until both branches meet, these tests answer them with
 * real seeded rows (IBGE 3509502 Campinas/SP, CBO 241005 Advogado) only when the server itself
 * answers 404; once the real endpoints exist, the real answers pass through untouched.
 */
export async function autocompletesOrSeededRows(page: Page) {
  const fallback = async (
    url: string,
    rows: { label: string; inputLabel: string; value: string | number; slug: string }[],
  ) => {
    await page.route(url, async (route) => {
      const response = await route.fetch()
      if (response.status() !== 404) return route.fulfill({ response })
      return route.fulfill({ json: rows })
    })
  }
  await fallback('**/ajax/busca-cidades?**', [
    { label: 'Campinas/SP', inputLabel: 'Campinas/SP', value: 3509502, slug: 'campinas-sp' },
  ])
  await fallback('**/ajax/busca-titulos-profissionais?**', [
    { label: 'Advogado', inputLabel: 'Advogado', value: '241005', slug: 'advogado' },
  ])
}
