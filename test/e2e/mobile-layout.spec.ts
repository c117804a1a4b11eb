import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, hydrated, loginAs, profileUrl, test } from './fixtures'

/**
 * Every kind of page on a phone (issue 12): nothing may scroll sideways from 320 to 414 px, and
 * axe finds nothing at 360 px. Pages of imported or generated data are reached the way a visitor
 * would, from a list or a search.
 */
const WIDTHS = [320, 360, 414] as const

/** The elements that stick out to the right, to say what overflows when the test fails. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth
    const out: string[] = []
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = el.getBoundingClientRect()
      if (box.width > 0 && box.right > width + 0.5) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`
        out.push(`${name} (${Math.round(box.right)}px)`)
      }
    }
    return out.slice(0, 8)
  })
}

async function checkLayout(page: Page, url: string, { axe = true } = {}) {
  await page.setViewportSize({ width: 360, height: 740 })
  const response = await page.goto(url)
  expect(response?.status(), url).toBeLessThan(500)
  await hydrated(page)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 })
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ])
    const culprits = (scrollWidth ?? 0) > (innerWidth ?? 0) ? await overflowing(page) : []
    expect(scrollWidth, `${url} at ${width}px: ${culprits.join(', ')}`).toBeLessThanOrEqual(innerWidth ?? 0)
  }
  await page.setViewportSize({ width: 360, height: 740 })
  if (!axe) return
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    url,
  ).toEqual([])
}

/** The first link of a list page, as a visitor would follow it. */
async function firstLink(page: Page, from: string, selector: string): Promise<string> {
  await page.goto(from)
  const href = await page.locator(selector).first().getAttribute('href')
  expect(href, `${selector} on ${from}`).toBeTruthy()
  return href ?? ''
}

const FIXED: [string, string][] = [
  ['home', '/'],
  ['search: Tudo', '/busca?q=contrato&qo=t'],
  ['search: Pessoas', '/busca?q=silva&qo=p'],
  ['search: Empresas', '/busca?q=ltda&qo=i'],
  ['search: Diários Oficiais', '/busca?q=nomear&qo=d'],
  ['search: Partes em Processos', '/busca?q=silva&qo=en'],
  ['search: Jurisprudência', '/jurisprudencia/busca?q=dano+moral'],
  ['search: Legislação', '/legislacao/busca?q=servidor'],
  ['search: no results', '/busca?q=aposentadorai&qo=d'],
  ['lawsuit (DataJud)', '/processos/0712252-79.2020.8.07.0015'],
  ['lawsuit (DJEN, parties and lawyers)', '/processos/0919992-11.2023.8.19.0001'],
  ['gazettes', '/diarios'],
  ['gazette edition', '/diarios/dou?data=2023-05-12'],
  ['case law', '/jurisprudencia'],
  ['legislation', '/legislacao'],
  ['login', '/login'],
  ['signup', '/cadastrar'],
  ['forgot password', '/senha/esqueci'],
  ['404', '/nao-existe'],
]

test.describe('no sideways scroll on a phone, and axe passes', () => {
  for (const [name, url] of FIXED) {
    test(name, async ({ page }) => {
      await checkLayout(page, url)
    })
  }

  test('person', async ({ page }) => {
    await checkLayout(page, await firstLink(page, '/busca?q=silva&qo=p', '.result a[href^="/pessoas/"]'))
  })

  test('company', async ({ page }) => {
    await checkLayout(page, await firstLink(page, '/busca?q=ltda&qo=i', '.result a[href^="/empresas/"]'))
  })

  test('gazette matéria', async ({ page }) => {
    await checkLayout(page, await firstLink(page, '/diarios/dou?data=2023-05-12', '[data-materia] a'))
  })

  test('statute', async ({ page }) => {
    await checkLayout(page, await firstLink(page, '/legislacao', '.gazette-item a'))
  })

  // The Constituição is thousands of dispositivos: checked for width (axe would take minutes).
  test('the Constituição', async ({ page }) => {
    await checkLayout(page, '/legislacao/constituicao-federal-1988', { axe: false })
  })

  test('decision', async ({ page }) => {
    await checkLayout(page, await firstLink(page, '/jurisprudencia', '.gazette-item a'))
  })

  test('profile on its subdomain', async ({ page, baseURL }) => {
    await checkLayout(page, profileUrl(baseURL, 'ana'))
  })

  test('the account tabs', async ({ page, baseURL }) => {
    test.setTimeout(60_000)
    await loginAs(page, baseURL, 'carlos@exemplo.invalid')
    for (const tab of ['perfil', 'profissao', 'foto', 'senha', 'mensagens'])
      await checkLayout(page, `/conta/${tab}`)
  })

  test('the side menu, open, logged in', async ({ page, baseURL }) => {
    await loginAs(page, baseURL, 'carlos@exemplo.invalid')
    await page.setViewportSize({ width: 320, height: 740 })
    await page.goto('/')
    await hydrated(page)
    await page.locator('.side-menu > summary').click()
    await expect(page.locator('.side-menu__panel').getByRole('link', { name: 'Meu perfil' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  })
})
