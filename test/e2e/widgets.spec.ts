import type { Page } from '@playwright/test'
import { expect, hydrated, pauseClock, test } from './fixtures'

// Brasília 21/11/2026 12:00: "today" for the date picker.
const TODAY = new Date('2026-11-21T12:00:00-03:00')

async function openGallery(page: Page, { clock = false } = {}) {
  if (clock) await page.clock.install({ time: TODAY })
  await page.goto('/dev/galeria')
  await hydrated(page)
  if (clock) await pauseClock(page)
}

test.describe('masks', () => {
  test('phone switches to the 9-digit form past 14 characters; CPF and date are masked', async ({ page }) => {
    await openGallery(page)
    const phone = page.getByLabel('Telefone', { exact: true }).last()
    // Letters alone leave nothing behind (no stray "("), nor does deleting every digit.
    await phone.pressSequentially('ab')
    await expect(phone).toHaveValue('')
    await phone.pressSequentially('1x')
    await expect(phone).toHaveValue('(1')
    await phone.press('Backspace')
    await expect(phone).toHaveValue('')
    await phone.pressSequentially('ab1134567890')
    await expect(phone).toHaveValue('(11) 3456-7890')
    await phone.pressSequentially('1')
    await expect(phone).toHaveValue('(11) 34567-8901')
    const cpf = page.getByLabel('CPF')
    await cpf.pressSequentially('123456789012')
    await expect(cpf).toHaveValue('123.456.789-01')
    const date = page.locator('#mascaras').getByLabel('Data')
    await date.pressSequentially('21x112026')
    await expect(date).toHaveValue('21/11/2026')
  })

  // The mask library downloads on a field's first focus; the plain input is then swapped for the
  // masked one. Held here until the reader is mid-edit, the swap must keep what they did.
  async function holdMaskLibrary(page: Page) {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/esm-[^/]*\.js$/, async (route) => {
      const response = await route.fetch()
      await held
      await route.fulfill({ response })
    })
    return () => release()
  }

  test('a field selected whole while the mask loads is replaced by what is typed next', async ({ page }) => {
    const release = await holdMaskLibrary(page)
    await page.goto('/diarios/dou?data=2023-05-12')
    await hydrated(page)
    const field = page.getByLabel('Data da edição')
    await field.selectText()
    await field.evaluate((input) => input.setAttribute('data-before-mask', ''))
    release()
    await expect(field).not.toHaveAttribute('data-before-mask')
    await field.pressSequentially('10052023')
    await expect(field).toHaveValue('10/05/2023')
  })

  test('digits typed before and after the mask arrives all land, in order', async ({ page }) => {
    const release = await holdMaskLibrary(page)
    await openGallery(page)
    const cpf = page.getByLabel('CPF')
    await cpf.pressSequentially('12345')
    await cpf.press('ArrowLeft')
    await cpf.evaluate((input) => input.setAttribute('data-before-mask', ''))
    release()
    await expect(cpf).not.toHaveAttribute('data-before-mask')
    // The caret stays before the fifth digit, where the reader left it.
    await cpf.pressSequentially('0')
    await cpf.press('End')
    await cpf.pressSequentially('678901')
    await expect(cpf).toHaveValue('123.405.678-90')
  })
})

test.describe('date picker', () => {
  test('shows dd/mm/yyyy, sends yyyy-mm-dd, disables the future, has Hoje and Limpar', async ({ page }) => {
    await openGallery(page, { clock: true })
    const section = page.locator('#datas')
    const input = section.getByLabel('Data (dd/mm/aaaa)')
    const sent = section.locator('[data-sent="data"]')
    await section.getByRole('button', { name: 'Abrir calendário' }).first().click()
    const calendar = section.getByRole('dialog', { name: 'Escolher data' })
    // As rendered (innerText applies CSS): only the month is capitalised, "de" stays lower case.
    const title = calendar.locator('.date-picker__title')
    await expect(title).toHaveText('Novembro de 2026', { useInnerText: true })
    await expect(calendar.getByRole('button', { name: '22 de novembro de 2026' })).toBeDisabled()
    await expect(calendar.getByRole('button', { name: '21 de novembro de 2026' })).toBeEnabled()
    await expect(calendar.getByRole('button', { name: 'Próximo mês' })).toBeDisabled()
    await calendar.getByRole('button', { name: 'Mês anterior' }).click()
    await calendar.getByRole('button', { name: '15 de outubro de 2026' }).click()
    await expect(input).toHaveValue('15/10/2026')
    await expect(sent).toHaveText('2026-10-15')

    await section.getByRole('button', { name: 'Abrir calendário' }).first().click()
    await calendar.getByRole('button', { name: 'Hoje' }).click()
    await expect(input).toHaveValue('21/11/2026')
    await expect(sent).toHaveText('2026-11-21')
    await section.getByRole('button', { name: 'Abrir calendário' }).first().click()
    await calendar.getByRole('button', { name: 'Limpar' }).click()
    await expect(input).toHaveValue('')
    await expect(sent).toHaveText('(vazio)')
  })

  test('accepts a typed date and refuses a future or impossible one', async ({ page }) => {
    await openGallery(page, { clock: true })
    const section = page.locator('#datas')
    const input = section.getByLabel('Data (dd/mm/aaaa)')
    await input.pressSequentially('10102026')
    await expect(section.locator('[data-sent="data"]')).toHaveText('2026-10-10')
    await input.fill('')
    await input.pressSequentially('01122026')
    await expect(section.getByText('A data não pode estar no futuro.')).toBeVisible()
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(section.locator('[data-sent="data"]')).toHaveText('(vazio)')
    await input.fill('')
    await input.pressSequentially('31022026')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(section.getByText('Digite uma data válida')).toBeVisible()
  })

  test('the form-helper default reads mm/dd/yyyy and still sends yyyy-mm-dd', async ({ page }) => {
    await openGallery(page, { clock: true })
    const section = page.locator('#datas')
    await section.getByRole('button', { name: 'Abrir calendário' }).last().click()
    await section.getByRole('button', { name: '15 de novembro de 2026' }).click()
    await expect(section.getByLabel('Data no formato padrão do formulário (mm/dd/aaaa)')).toHaveValue(
      '11/15/2026',
    )
    await expect(section.locator('[data-sent="data_padrao"]')).toHaveText('2026-11-15')
  })
})

test.describe('autocomplete', () => {
  test('starts at 2 characters, renders the label span, says when nothing matches, works by keyboard', async ({
    page,
  }) => {
    await openGallery(page, { clock: true })
    const input = page.getByRole('combobox', { name: 'Cidade' })
    let requests = 0
    page.on('request', (request) => {
      if (request.url().includes('/__dev/galeria/itens')) requests++
    })
    await input.fill('S')
    await page.clock.runFor(1000) // well past the 250 ms debounce
    expect(requests).toBe(0)
    await expect(page.getByRole('listbox', { name: 'Cidade' })).toHaveCount(0)

    await input.fill('Sã')
    await page.clock.runFor(260)
    const list = page.getByRole('listbox', { name: 'Cidade' })
    // Accents do not matter: "Sã" finds Salvador, São Luís and São Paulo.
    await expect(list.getByRole('option')).toHaveText(['Salvador BA', 'São Luís MA', 'São Paulo SP'])
    await expect(list.getByRole('option').nth(2).locator('span.muted')).toHaveText('SP')
    await input.press('ArrowDown')
    await input.press('ArrowDown')
    await expect(input).toHaveAttribute('aria-activedescendant', /opcao-1/)
    await input.press('Enter')
    await expect(input).toHaveValue('São Luís/MA')
    await expect(page.locator('[data-chosen="cidade"]')).toHaveText('São Luís/MA (2111300)')

    await input.fill('zzz')
    await page.clock.runFor(260)
    await expect(list.getByText('Nenhum resultado encontrado')).toBeVisible()
    await expect(page.locator('[data-chosen="cidade"]')).toHaveText('(nenhuma)')
  })
})

test.describe('select fed by a URL', () => {
  test('loads pages as the list scrolls, and "Outra" always matches the typed text', async ({ page }) => {
    await openGallery(page)
    const firstPage = page.waitForRequest((r) => /\/__dev\/galeria\/opcoes\?term=&page=1$/.test(r.url()))
    await page.getByRole('button', { name: /Selecione sua profissão/ }).click()
    await firstPage
    const section = page.locator('#escolhas')
    const options = section.locator('.remote-select__list button')
    await expect(options).toHaveCount(11) // 10 + Outra
    const secondPage = page.waitForRequest((r) => r.url().includes('page=2'))
    await section.locator('.remote-select__list').evaluate((list) => list.scrollTo(0, list.scrollHeight))
    await secondPage
    await expect(options).toHaveCount(21)

    await section.getByRole('searchbox', { name: 'Pesquisar' }).fill('arqueólogo forense')
    await expect(options).toHaveCount(1)
    await options.first().click()
    await expect(page.locator('[data-chosen="profissao"]')).toHaveText('Outra: arqueólogo forense (outra)')
  })

  test('sends the term as q when configured, with the course placeholder', async ({ page }) => {
    await openGallery(page)
    const request = page.waitForRequest((r) => /\/__dev\/galeria\/opcoes\?q=&page=1$/.test(r.url()))
    await page.getByRole('button', { name: /Selecione o curso/ }).click()
    await request
  })
})

test.describe('text helpers', () => {
  test('long text collapses past 4 lines with a toggle; short text has none', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 })
    await openGallery(page)
    const long = page.locator('[data-example="longo"]')
    const toggle = long.getByRole('button', { name: 'Ver mais' })
    await expect(toggle).toBeVisible()
    const lineHeight = await long
      .locator('p')
      .evaluate((p) => Number.parseFloat(getComputedStyle(p).lineHeight))
    const collapsed = await long.locator('.collapsible__body').evaluate((el) => el.clientHeight)
    expect(Math.round(collapsed / lineHeight)).toBe(4)
    await toggle.click()
    await expect(long.getByRole('button', { name: 'Ver menos' })).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('[data-example="curto"]').getByRole('button')).toHaveCount(0)
  })

  test('countdown ticks every second as HH:MM:SS and stops at 00:00:00', async ({ page }) => {
    await openGallery(page, { clock: true })
    const short = page.getByRole('timer', { name: 'Tempo restante' })
    const long = page.getByRole('timer', { name: 'Prazo restante' })
    const startShort = await short.textContent()
    expect(['00:00:03', '00:00:02']).toContain(startShort)
    await page.clock.runFor(1000)
    await expect(long).not.toHaveText('01:02:05')
    await page.clock.runFor(5000)
    await expect(short).toHaveText('00:00:00')
    await page.clock.runFor(5000)
    await expect(short).toHaveText('00:00:00')
  })

  test('an element named by the URL hash is highlighted for 3 s', async ({ page }) => {
    await openGallery(page, { clock: true })
    const target = page.locator('#alvo-destaque')
    await page.getByRole('link', { name: 'Ir para o trecho destacado' }).click()
    await expect(target).toHaveClass(/is-highlighted/)
    await page.clock.runFor(2900)
    await expect(target).toHaveClass(/is-highlighted/)
    await page.clock.runFor(200)
    await expect(target).not.toHaveClass(/is-highlighted/)
  })

  test('highlights on arrival too', async ({ page }) => {
    await page.goto('/dev/galeria#alvo-destaque')
    await hydrated(page)
    await expect(page.locator('#alvo-destaque')).toHaveClass(/is-highlighted/)
  })

  test('tooltip opens after 300 ms and closes 150 ms after leaving', async ({ page }) => {
    await openGallery(page, { clock: true })
    const trigger = page.getByRole('button', { name: 'CPC' })
    const tip = page.getByRole('tooltip', { includeHidden: true })
    await trigger.hover()
    await page.clock.runFor(290)
    await expect(tip).toBeHidden()
    await page.clock.runFor(20)
    await expect(tip).toHaveText('Código de Processo Civil')
    await expect(tip).toBeVisible()
    await expect(trigger).toHaveAttribute('aria-describedby', (await tip.getAttribute('id')) ?? '')
    await page.mouse.move(0, 0)
    await page.clock.runFor(140)
    await expect(tip).toBeVisible()
    await page.clock.runFor(20)
    await expect(tip).toBeHidden()
  })

  test('popover stays while hovered and closes 300 ms after the pointer leaves', async ({ page }) => {
    await openGallery(page, { clock: true })
    const trigger = page.getByRole('button', { name: 'Sobre o prazo' })
    await trigger.hover()
    await page.clock.runFor(500)
    await expect(page.getByText('Prazos processuais contam-se em dias úteis.')).toBeHidden() // hover alone does not open it
    await trigger.click()
    const panel = page.getByText('Prazos processuais contam-se em dias úteis.')
    await expect(panel).toBeVisible()
    await page.mouse.move(0, 0)
    await page.clock.runFor(290)
    await expect(panel).toBeVisible()
    await page.clock.runFor(20)
    await expect(panel).toBeHidden()
  })
})
