import type { Page } from '@playwright/test'
import { expect, expectPhoneFriendly, hydrated, profileUrl, test, uniqueTag } from './fixtures'

const THEME = 'Tecnologia e Inovação Jurídica'

/** A theme community through the communities autocomplete (its id and slug). */
async function community(page: Page, origin: string, name: string) {
  const response = await page.request.get(`${origin}/ajax/busca-comunidades`, {
    params: { comunidade_nome: name },
  })
  const found = ((await response.json()) as { inputLabel: string; value: number; slug: string }[]).find(
    (c) => c.inputLabel === name,
  )
  if (!found) throw new Error(`community ${name}`)
  return { id: found.value, slug: found.slug }
}

async function publish(page: Page, origin: string, communityId: number, titulo: string) {
  const response = await page.request.post(`${origin}/ajax/artigos`, {
    data: {
      titulo,
      comunidade_id: String(communityId),
      conteudo: `## Contexto\n\nUm texto sobre **${titulo}** com [um link](https://www.exemplo.com.br/).\n\n- um ponto\n- outro ponto`,
    },
    headers: { Origin: origin, Accept: 'application/json' },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { artigo: { id: number; url: string } }).artigo
}

test.describe('article lists', () => {
  test('her articles are on /artigos, on the community page, on her profile and, once she follows the community, on her home page', async ({
    page,
    baseURL,
    user,
  }) => {
    const origin = new URL(baseURL ?? 'http://localhost:8799').origin
    const theme = await community(page, origin, THEME)
    const tag = uniqueTag()
    const first = `Contratos inteligentes e prova digital ${tag}`
    const second = `Assinatura eletrônica em processos ${tag}`
    // Publishing in a theme needs following it (decisions/0049); she stops following it after, so
    // the home page below starts without her communities.
    const follow = (path: string) =>
      page.request.post(`${origin}${path}`, {
        data: { id: theme.id, tipo: 'comunidade' },
        headers: { Origin: origin },
      })
    expect((await follow('/ajax/seguir')).status()).toBe(200)
    await publish(page, origin, theme.id, first)
    const newest = await publish(page, origin, theme.id, second)
    expect((await follow('/ajax/deixar-seguir')).status()).toBe(200)

    // /artigos: the newest first, each title a link to its page.
    await page.goto('/artigos')
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Artigos e comunidades' })).toBeVisible()
    await expect(page).toHaveTitle('Artigos e comunidades | JurisEdge')
    const titles = page.locator('.article-card__title')
    const mine = titles.filter({ hasText: tag })
    await expect(mine).toHaveText([second, first])
    const card = page.getByRole('article', { name: second })
    await expect(card.getByRole('link', { name: user.name })).toHaveAttribute(
      'href',
      new RegExp(`^http://${user.subdomain}\\.localhost:\\d+$`),
    )
    await expect(card.getByRole('link', { name: THEME })).toHaveAttribute(
      'href',
      `/comunidades/${theme.slug}`,
    )
    await expect(card.getByText('Nenhum comentário')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Escrever artigo' })).toHaveAttribute('href', '/artigos/novo')

    // "Mais votados" is a link: the order changes and the tab says where we are.
    await page
      .getByRole('navigation', { name: 'Ordem dos artigos' })
      .getByRole('link', { name: 'Mais votados' })
      .click()
    await expect(page).toHaveURL(/\/artigos\?ordem=votados$/)
    await expect(page.getByRole('link', { name: 'Mais votados' })).toHaveAttribute('aria-current', 'page')

    // Hers have no votes yet, so they are further down there; back to the newest, then open one.
    await expect(page.getByRole('link', { name: second })).toHaveCount(0)
    await page.getByRole('link', { name: 'Mais recentes' }).click()
    await expect(page).toHaveURL(/\/artigos$/)
    await page.getByRole('link', { name: second }).click()
    await expect(page).toHaveURL(new RegExp(`${newest.url}$`))

    // The community's page lists them in its own section.
    await page.goto(`/comunidades/${theme.slug}`)
    const section = page.getByRole('region', { name: 'Artigos da comunidade' })
    await expect(section.getByRole('link', { name: second })).toBeVisible()
    await expect(section.getByRole('link', { name: first })).toBeVisible()

    // Her profile, on her subdomain, lists them with links to the main host.
    await page.goto(profileUrl(baseURL, user.subdomain))
    const onProfile = page.getByRole('region', { name: 'Artigos' })
    await expect(onProfile.locator('.article-card__title')).toHaveText([second, first])
    await expect(onProfile.getByRole('link', { name: second })).toHaveAttribute(
      'href',
      `${origin}${newest.url}`,
    )

    // Home: popular articles while she follows no community; hers once she follows this one.
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Artigos em destaque' })).toBeVisible()
    const followed = await page.request.post(`${origin}/ajax/seguir`, {
      data: { id: theme.id, tipo: 'comunidade' },
      headers: { Origin: origin },
    })
    expect(followed.status()).toBe(200)
    await page.goto('/')
    const feed = page.getByRole('region', { name: 'Das suas comunidades' })
    await expect(feed.getByRole('link', { name: second })).toBeVisible()
    await expect(feed.getByRole('link', { name: 'Ver todos os artigos' })).toHaveAttribute('href', '/artigos')
  })

  test('a page past the end says so and leads back to the first', async ({ page }) => {
    const response = await page.goto('/artigos?page=400')
    expect(response?.status()).toBe(200)
    await expect(page.getByText('Não há artigos nesta página.')).toBeVisible()
    await page.getByRole('link', { name: 'Ir para a primeira página' }).click()
    await expect(page).toHaveURL(/\/artigos$/)
    await expect(page.locator('.article-card').first()).toBeVisible()
  })
})

test.describe('article lists without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the order tabs and the pages are plain links', async ({ page }) => {
    await page.goto('/artigos')
    await page.getByRole('link', { name: 'Mais votados' }).click()
    await expect(page).toHaveURL(/\/artigos\?ordem=votados$/)
    await page.getByRole('link', { name: 'Próxima página' }).click()
    await expect(page).toHaveURL(/\/artigos\?ordem=votados&page=2$/)
    await expect(page.getByText('Página 2')).toBeVisible()
    await expect(page.locator('.article-card')).toHaveCount(20)
  })
})

test.describe('article lists on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })
  test('/artigos and a community with articles never scroll sideways at 360 px, and axe finds nothing', async ({
    page,
  }) => {
    await expectPhoneFriendly(page, '/artigos')
    await expectPhoneFriendly(page, '/comunidades/direito-tributario')
  })
})
