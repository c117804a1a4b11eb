import { createPerson, expect, hydrated, test, uniqueTag } from './fixtures'

/** Issue 28 §5 (decisions/0058): what a person reads on a phone says what it is. */
test.describe('pages that read right on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test("the article page's two follows say what each follows and do not look alike", async ({
    page,
    baseURL,
    user,
    createUser,
  }) => {
    const origin = new URL(baseURL ?? 'http://localhost:8799').origin
    // A theme one follows is open to publish in (decisions/0049): 62 is "Direito Civil".
    await page.request.post(`${origin}/ajax/seguir`, {
      data: { id: 62, tipo: 'comunidade' },
      headers: { Origin: origin },
    })
    const title = `Dois botões de seguir ${uniqueTag()}`
    const published = await page.request.post(`${origin}/ajax/artigos`, {
      data: { titulo: title, comunidade_id: '62', conteudo: 'Corpo do artigo.' },
      headers: { Origin: origin, Accept: 'application/json' },
    })
    expect(published.status()).toBe(200)
    const { artigo } = (await published.json()) as { artigo: { url: string } }
    await createUser() // a reader, not the author: both buttons are there
    await page.goto(artigo.url)
    await hydrated(page)
    const follows = page.locator('.article__follows form.follow')
    await expect(follows).toHaveCount(2)
    const article = follows.nth(0).getByRole('button')
    const author = follows.nth(1).getByRole('button')
    await expect(article).toHaveText(/^Seguir artigo/)
    await expect(author).toHaveText(/^Seguir autor/)
    await expect(page.getByRole('button', { name: `Seguir artigo ${title}` })).toBeVisible()
    await expect(page.getByRole('button', { name: `Seguir autor ${user.name}` })).toBeVisible()
    const look = (b: typeof article) =>
      b.evaluate((el) => {
        const style = getComputedStyle(el)
        return `${style.backgroundColor}|${style.color}|${style.borderColor}`
      })
    expect(await look(article)).not.toBe(await look(author))
    // Pressed, each says what it now follows.
    await author.click()
    await expect(author).toHaveText(/^Seguindo autor/)
    await expect(article).toHaveText(/^Seguir artigo/)
  })

  test('a data table keeps its column labels at 360 px, without sideways scroll', async ({
    page,
    baseURL,
    user,
  }) => {
    void user
    const origin = new URL(baseURL ?? 'http://localhost:8799').origin
    const person = await createPerson(page, baseURL, `Pessoa Tabela ${uniqueTag()}`)
    await page.request.post(`${origin}/ajax/seguir`, {
      data: { id: person.id, tipo: 'pessoa' },
      headers: { Origin: origin },
    })
    await page.goto('/conta/seguindo')
    await hydrated(page)
    const row = page.locator('.data-table tbody tr').first()
    await expect(row).toBeVisible()
    // The header row is hidden on phones; every value cell shows its column's label.
    const labels = await row.locator('td[data-label]').evaluateAll((cells) =>
      cells.map((cell) => {
        const before = getComputedStyle(cell, '::before')
        return before.display === 'none' ? '' : before.content.replace(/^"|"$/g, '')
      }),
    )
    expect(labels).toEqual(['Item', 'Tipo', 'Desde'])
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
