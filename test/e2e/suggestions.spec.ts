import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

/** Lower case, without accents: how a person compares what they typed with a suggestion. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

async function suggestionsFor(page: Page, typed: string) {
  const input = page.getByRole('main').getByRole('form', { name: 'Buscar' }).getByRole('combobox', {
    name: 'Termo de busca',
  })
  await input.fill('')
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v2/busca/sugestoes') && r.request().postDataJSON().termo === typed,
  )
  await input.pressSequentially(typed)
  const names = (await (await answer).json()) as string[]
  // What the person sees is this answer's list (not the one of an earlier word).
  const options = page.getByRole('listbox', { name: 'Sugestões' }).getByRole('option')
  expect(names.length, `sugestões para "${typed}"`).toBeGreaterThan(0)
  await expect(options).toHaveText(names)
  return names
}

test.describe('suggestions for real names (issue 28 §4)', () => {
  test('typing "joao" without accents suggests the Joãos; "mari", "maria" and a long prefix suggest too', async ({
    page,
  }) => {
    await page.goto('/')
    await hydrated(page)
    const joao = await suggestionsFor(page, 'joao')
    expect(joao.some((name) => name.startsWith('João '))).toBe(true)
    for (const name of joao) expect(folded(name)).toMatch(/^joao/)

    // "mari" and "maria" used to filter the list of "mar", full of Marcelos, down to nothing.
    for (const typed of ['mari', 'maria']) {
      const found = await suggestionsFor(page, typed)
      for (const name of found) expect(folded(name).startsWith(typed)).toBe(true)
    }

    // A longer prefix of one of them, typed without accents, still finds it.
    const [first = ''] = joao.filter((name) => name.startsWith('João '))
    const longer = folded(first).slice(0, 12)
    const found = await suggestionsFor(page, longer)
    expect(found).toContain(first)
    for (const name of found) expect(folded(name).startsWith(longer)).toBe(true)
  })
})
