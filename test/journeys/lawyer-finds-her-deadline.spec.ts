import { buildCnj, formatCnj } from '../../app/domain/corpus/cnj'
import { computeDeadline } from '../../app/domain/deadlines/compute'
import { expect, expectPhoneFriendly, hydrated, test } from '../e2e/fixtures'
import { importDjenNaming, reloadUntil } from './site'

/**
 * Marina, a lawyer in Rio, wants each morning's intimações and their deadlines in her calendar.
 * She adds her OAB on `/monitoramentos`; a DJEN file naming it (as the courts' system writes it,
 * "094719"-style with a leading zero) is loaded with `npm run import`; she finds the intimação with
 * its deadline, is told in the header after the site's own cron tick, and the deadline's last day
 * is in her private calendar feed, with the lawsuit's CNJ number (issue 41).
 */
test('a lawyer adds her OAB, an intimação arrives, she finds its deadline in her calendar feed', async ({
  page,
  createUser,
}) => {
  await createUser({ name: 'Marina Teixeira Duarte' })
  const number = String(100_000 + (Date.now() % 900_000))
  const written = `OAB/RJ ${number.slice(0, 3)}.${number.slice(3)}`

  // She adds her inscription, written as on her card.
  await page.goto('/monitoramentos')
  await hydrated(page)
  await page.getByLabel('Número da OAB').fill(written)
  await page.getByLabel('UF', { exact: true }).selectOption('RJ')
  await page.getByRole('button', { name: 'Monitorar OAB' }).click()
  await expect(page.getByRole('link', { name: written })).toBeVisible()

  // The DJEN publishes an intimação naming her; the file is imported as the README says.
  const cnj = buildCnj(Number(number), 2025, 8, 19, 1)
  const text = 'Fica a parte autora intimada para apresentar réplica no prazo de 15 (quinze) dias.'
  importDjenNaming({
    number: `0${number}`,
    uf: 'RJ',
    cnj,
    maskedCnj: formatCnj(cnj),
    date: '2025-08-04',
    text,
  })
  const lastDay =
    computeDeadline({ availableOn: '2025-08-04', court: 'TJRJ', text, active: true })?.lastDay ?? ''
  expect(lastDay).not.toBe('')
  const shown = lastDay.split('-').reverse().join('/')

  // It is among her intimações at once, found from her account menu, with its deadline and how
  // it was counted.
  await page.goto('/')
  await hydrated(page)
  const userMenu = page.getByRole('navigation', { name: 'Menu do usuário' })
  await userMenu.locator('summary').click()
  await userMenu.getByRole('link', { name: 'Intimações' }).click()
  await expect(page).toHaveURL(/\/intimacoes$/)
  const card = page.locator('article.intimation').first()
  await expect(card).toContainText(`Processo ${formatCnj(cnj)}`)
  await expect(card).toContainText(`Prazo: até ${shown}`)
  await card.getByText('Detalhamento da contagem').click()
  const breakdown = card.locator('.deadline-breakdown')
  await expect(breakdown).toContainText('15º dia')
  await expect(breakdown).toContainText('O calendário do próprio tribunal prevalece')

  // The site's next cron tick tells her in the header.
  const bell = page.locator('details.notifications')
  await reloadUntil(page, '/intimacoes', async () => {
    await expect(bell.locator('[data-badge]')).toHaveText('1', { timeout: 1000 })
  })
  await hydrated(page)
  await bell.locator('summary').click()
  await expect(
    bell.getByRole('link', { name: new RegExp(`processo ${formatCnj(cnj).replace(/\./g, '\\.')}`) }),
  ).toBeVisible()

  // On `/prazos` she copies her calendar's private address; the calendar holds the deadline.
  await page.goto('/prazos')
  await hydrated(page)
  const address = await page.getByLabel('Endereço da agenda').inputValue()
  const ics = (await (await page.request.get(address)).text()).replace(/\r\n /g, '')
  expect(ics).toContain(`DTSTART;VALUE=DATE:${lastDay.replace(/-/g, '')}`)
  expect(ics).toContain(`processo ${formatCnj(cnj)} (TJRJ)`)

  await expectPhoneFriendly(page, '/prazos')
  // On a 360 px phone the count, opened, stays inside the screen.
  await page.setViewportSize({ width: 360, height: 740 })
  await expectPhoneFriendly(page, '/intimacoes')
  await page.locator('.deadline-breakdown > summary').first().click()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})
