import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

/** Lower case, without accents: how a person compares what they typed with a suggestion. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

async function suggestionsFor(page: Page, typed: string) {
  const input = page.getByRole('main').getByRole('form', { name: 'Buscar' }).getByRole('combobox', {
    name: 'Termo de busca',
  })
  await input.fill('')
  await input.pressSequentially(typed)
  const options = page.getByRole('listbox', { name: 'Sugestões' }).getByRole('option')
  await expect(options.first()).toBeVisible()
  return options.allTextContents()
}

test.describe('suggestions for real names (issue 28 §4)', () => {
  test('typing "joao" or "jose" without accents suggests the Joãos and Josés of the corpus', async ({
    page,
  }) => {
    await page.goto('/')
    await hydrated(page)
    const joao = await suggestionsFor(page, 'joao')
    expect(joao.some((name) => name.startsWith('João '))).toBe(true)
    for (const name of joao) expect(folded(name)).toMatch(/^joao/)

    const maria = await suggestionsFor(page, 'maria')
    expect(maria.some((name) => name.startsWith('Maria '))).toBe(true)
    for (const name of maria) expect(folded(name)).toMatch(/^maria/)

    // A longer prefix of one of them, typed without accents, still finds it.
    const [first = ''] = joao.filter((name) => name.startsWith('João '))
    const longer = folded(first).slice(0, 12)
    const found = await suggestionsFor(page, longer)
    expect(found).toContain(first)
    for (const name of found) expect(folded(name).startsWith(longer)).toBe(true)
  })
})
