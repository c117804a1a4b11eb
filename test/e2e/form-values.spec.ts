import type { Browser, Page } from '@playwright/test'
import { formToObject } from '../../app/lib/form-object'
import { CITY, createTestUser, expect, hydrated, test, uniqueTag } from './fixtures'

// Issue 28 §1: what a form shows is what is saved. A checkbox group posted as repeated plain
// names (`fontes=diarios&fontes=djen&fontes=processos`) kept only its last value.

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin
const ALL_SOURCES = 'Fontes: Diários oficiais, Comunicações do DJEN, Partes de processos.'

async function pageWith(browser: Browser, baseURL: string | undefined, javaScript: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript })
  const page = await context.newPage()
  await createTestUser(page, {
    profession: { code: '241005', city: CITY.campinas, specialties: ['Direito Civil'] },
  })
  return { context, page }
}

async function openNameForm(page: Page, javaScript: boolean, name: string) {
  await page.goto(`/monitoramentos/novo?campaign_id=29&tipo=nome&termo=${encodeURIComponent(name)}`)
  if (javaScript) await hydrated(page)
  const sources = page.getByRole('group', { name: 'Onde procurar' })
  for (const label of ['Diários oficiais', 'Comunicações do DJEN', 'Partes de processos'])
    await expect(sources.getByRole('checkbox', { name: label })).toBeChecked()
  return sources
}

for (const javaScript of [true, false]) {
  const how = javaScript ? 'with JavaScript' : 'without JavaScript'
  test.describe(`the name monitoring form ${how}`, () => {
    test('saved as shown: all three sources ticked are all three watched', async ({ browser, baseURL }) => {
      const { context, page } = await pageWith(browser, baseURL, javaScript)
      const name = `Leonilda ${uniqueTag()} Barros`
      await openNameForm(page, javaScript, name)
      await page.getByRole('button', { name: 'Criar monitoramento' }).click()
      await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/)
      await expect(page.getByText(ALL_SOURCES)).toBeVisible()
      await context.close()
    })

    test('one source unticked: the other two are watched', async ({ browser, baseURL }) => {
      const { context, page } = await pageWith(browser, baseURL, javaScript)
      const name = `Gertrudes ${uniqueTag()} Amaral`
      const sources = await openNameForm(page, javaScript, name)
      await sources.getByRole('checkbox', { name: 'Partes de processos' }).uncheck()
      await page.getByRole('button', { name: 'Criar monitoramento' }).click()
      await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/)
      await expect(page.getByText('Fontes: Diários oficiais, Comunicações do DJEN.')).toBeVisible()
      await context.close()
    })
  })
}

/**
 * Every form of these pages that has a multi-value control (a group of checkboxes sharing a
 * name, a multi-select), fully ticked and submitted by the browser itself (no JavaScript: the
 * plain post or GET), read with the server's own reading of a form: each such field arrives
 * with every value.
 */
test('every multi-value control of every form reaches the server whole', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const { context, page } = await pageWith(browser, baseURL, false)
  for (const termo of [`Primeira ${uniqueTag()} Lista`, `Segunda ${uniqueTag()} Lista`]) {
    const created = await page.request.post(`${origin(baseURL)}/ajax/monitoramentos`, {
      form: { tipo: 'nome', termo, modo: 'exato', fontes: 'diarios' },
      headers: { Origin: origin(baseURL) },
    })
    expect(created.status()).toBe(200)
  }
  const pages = [
    '/monitoramentos/novo?campaign_id=29&tipo=nome&termo=Fulana',
    '/monitoramentos',
    '/conta/profissao',
    '/conta/seguindo',
    '/conta/mensagens',
    '/conta/notificacoes',
    '/busca?q=nomear&qo=d',
    '/busca?q=silva&qo=en',
    '/busca?q=silva&qo=jr',
  ]
  const checked: string[] = []
  for (const path of pages) {
    for (let index = 0; ; index++) {
      // Afresh for each form: submitting one may change the page (a table emptied).
      await page.goto(path)
      if (index >= (await page.locator('form').count())) break
      const form = page.locator('form').nth(index)
      // Names that take several values, and how many the form offers once everything is ticked.
      const groups = await form.evaluate((element: HTMLFormElement) => {
        const names = new Map<string, number>()
        for (const box of element.querySelectorAll<HTMLInputElement>('input[type=checkbox][name]')) {
          if (box.disabled) continue
          box.checked = true
          names.set(box.name, (names.get(box.name) ?? 0) + 1)
        }
        for (const select of element.querySelectorAll(
          'select[multiple][name]',
        ) as unknown as NodeListOf<HTMLSelectElement>) {
          for (const option of Array.from(select.options)) option.selected = true
          names.set(select.name, (names.get(select.name) ?? 0) + select.options.length)
        }
        return [...names].filter(([name, n]) => n > 1 || name.endsWith('[]'))
      })
      if (!groups.length) continue
      const action = await form.evaluate((element: HTMLFormElement) => element.action)
      const method = await form.evaluate((element: HTMLFormElement) => element.method.toUpperCase())
      const sent = page.waitForRequest(
        (request) => request.method() === method && request.url().startsWith(action.split('?')[0] as string),
      )
      // Without JavaScript every submission is a navigation: the next page must finish loading.
      const loaded = page.waitForEvent('load')
      await form.evaluate((element: HTMLFormElement) => element.requestSubmit())
      const request = await sent
      await loaded
      // The server's own reading of exactly what the browser sent (`readInput`, echoed by the
      // development-only /__dev/formulario), and the browser-side reading (app/lib/form-object).
      const echoed = await page.request.post(`${origin(baseURL)}/__dev/formulario`, {
        headers: {
          Origin: origin(baseURL),
          Accept: 'application/json',
          'Content-Type':
            method === 'GET'
              ? 'application/x-www-form-urlencoded'
              : (request.headers()['content-type'] ?? 'application/x-www-form-urlencoded'),
        },
        data: method === 'GET' ? new URL(request.url()).search.slice(1) : (request.postDataBuffer() ?? ''),
      })
      expect(echoed.status(), path).toBe(200)
      const read = (await echoed.json()) as Record<string, unknown>
      const browserRead =
        formToObject(
          method === 'GET'
            ? new URL(request.url()).searchParams
            : new URLSearchParams(request.postData() ?? ''),
        ) ?? {}
      for (const [name, n] of groups) {
        const key = name.replace(/\[\]$/, '')
        for (const value of [read[key], browserRead[key]])
          expect(Array.isArray(value) ? value.length : value === undefined ? 0 : 1, `${path} ${name}`).toBe(n)
        checked.push(`${path} ${name}`)
      }
    }
  }
  // The forms this walk must have met (grep for checkbox groups: name-form, data-table, the
  // profession tab, the search filters).
  expect(checked).toEqual(
    expect.arrayContaining([
      '/monitoramentos/novo?campaign_id=29&tipo=nome&termo=Fulana fontes',
      '/monitoramentos itens[]',
      '/busca?q=nomear&qo=d uf',
    ]),
  )
  await context.close()
})
