import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

type Box = { x: number; y: number; width: number; height: number }

/** Every UF checkbox is inside the panel, and no list hides options behind its own scroll. */
async function allStatesShown(page: Page) {
  const filters = page.getByRole('form', { name: 'Filtros' })
  const panel = (await filters.boundingBox()) as Box
  const states = filters.getByRole('group', { name: 'Estado (UF)' }).getByRole('checkbox')
  await expect(states).toHaveCount(27)
  for (const box of await states.all()) {
    const b = (await box.boundingBox()) as Box
    expect(b.x).toBeGreaterThanOrEqual(panel.x)
    expect(b.x + b.width).toBeLessThanOrEqual(panel.x + panel.width)
    expect(b.y + b.height).toBeLessThanOrEqual(panel.y + panel.height)
  }
  const hidden = await filters
    .locator('.filters__checks')
    .evaluateAll((lists) => lists.filter((l) => l.scrollHeight > l.clientHeight + 1).length)
  expect(hidden).toBe(0)
}

/** Controls (selects, date inputs) that share a row start and end at the same heights. */
async function rowsLineUp(page: Page) {
  const controls = page.locator('form.filters .filters__field').locator('select, input:not([type="hidden"])')
  const boxes = (await controls.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  )) as Box[]
  expect(boxes.length).toBeGreaterThanOrEqual(5)
  const rows = new Map<number, Box[]>()
  for (const box of boxes) {
    const row = [...rows.keys()].find((y) => Math.abs(y - box.y) < 8) ?? box.y
    rows.set(row, [...(rows.get(row) ?? []), box])
  }
  for (const row of rows.values()) {
    for (const box of row) {
      expect(Math.abs(box.y - (row[0]?.y ?? 0))).toBeLessThanOrEqual(1)
      expect(Math.abs(box.height - (row[0]?.height ?? 0))).toBeLessThanOrEqual(1)
    }
  }
  // More than one control per row on a desktop: a grid, not a ragged wrap.
  expect(Math.max(...[...rows.values()].map((r) => r.length))).toBeGreaterThan(1)
}

test.describe('the filter panel (issue 12)', () => {
  test('on a phone: all 27 states in view, no sideways scroll', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/busca?q=nomear&qo=d')
    await hydrated(page)
    await allStatesShown(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    // Each control fills the width of the panel: one column.
    const filters = page.getByRole('form', { name: 'Filtros' })
    const caderno = (await filters.getByLabel('Caderno').boundingBox()) as Box
    const diario = (await filters.getByLabel('Diário').boundingBox()) as Box
    expect(Math.abs(caderno.width - diario.width)).toBeLessThanOrEqual(1)
    expect(caderno.width).toBeGreaterThan(250)
  })

  test('on a desktop: states in a grid, fields in aligned rows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/busca?q=nomear&qo=d')
    await hydrated(page)
    await allStatesShown(page)
    await rowsLineUp(page)
    await page.goto('/busca?q=silva&qo=en')
    await hydrated(page)
    await rowsLineUp(page)
  })
})
