import { CITY, expect, expectPhoneFriendly, hydrated, test } from '../e2e/fixtures'
import { reloadUntil } from './site'

/**
 * Rafael, a lawyer, takes over a TJDFT case the site has never seen. He asks for it by number,
 * presses "Monitorar processo" on the page that says it is not here yet, and does nothing else:
 * the site's own cron asks DataJud (locally, the stand-in answering CNJ's recorded answers), the
 * lawsuit page appears with its movements, and when the court records the next movement he is
 * told, once (issue 40).
 */
const NUMERO = '0700464-97.2022.8.07.0015'

test('monitor a lawsuit the site does not have yet, see it appear, get told of its next movement', async ({
  page,
  createUser,
}) => {
  // Two rechecks a minute apart, after the site's first ticks.
  test.setTimeout(360_000)
  const lawyer = await createUser({
    login: false,
    name: 'Rafael Nogueira Prado',
    profession: { code: '241005', city: CITY.recife, form: 'masculino' },
  })
  await page.goto('/login')
  await hydrated(page)
  await page.getByLabel('E-mail').fill(lawyer.email)
  await page.getByLabel('Senha').fill(lawyer.password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('navigation', { name: 'Menu do usuário' })).toBeVisible()

  // The number's page: not here yet, and a way to follow it anyway.
  const response = await page.goto(`/processos/${NUMERO}`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `O processo ${NUMERO} ainda não está na nossa base`,
  )
  await hydrated(page)
  await page.getByRole('button', { name: 'Monitorar processo' }).click()
  await expect(page).toHaveURL(/\/monitoramentos\/\d+\?novo=true$/)
  const monitoring = new URL(page.url()).pathname

  // He waits; the next ticks look it up at DataJud and the monitoring says what it found.
  await reloadUntil(page, monitoring, async () => {
    await expect(page.getByText(/^Encontrado no DataJud em /)).toBeVisible({ timeout: 1000 })
  })
  await reloadUntil(page, monitoring, async () => {
    await expect(page.getByText(`O processo ${NUMERO} chegou à nossa base (TJDFT)`)).toBeVisible({
      timeout: 1000,
    })
  })
  const lawsuit = await page.goto(`/processos/${NUMERO}`)
  expect(lawsuit?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(NUMERO)

  // The court records the next movement (locally: the DataJud stand-in's page).
  await page.goto('/__dev/datajud')
  await page.getByLabel('Processo').selectOption('07004649720228070015')
  await page.getByLabel('Movimentação').fill('Sentença homologatória de cálculos')
  await page.getByLabel('Código (TPU)').fill('466')
  await page.getByRole('button', { name: 'Acrescentar movimentação' }).click()
  await expect(page.getByRole('status')).toHaveText(`Movimentação acrescentada ao processo ${NUMERO}.`)

  // The recheck (every LAWSUIT_RECHECK_MINUTES, one minute for the journeys) finds it: told once.
  const told = `Processo ${NUMERO}: Sentença homologatória de cálculos`
  await reloadUntil(
    page,
    monitoring,
    async () => {
      await expect(page.getByText(told)).toHaveCount(1, { timeout: 1000 })
    },
    180_000,
  )
  // The bell's notification comes through the notifications queue after the hit, and the bell
  // reads its list when opened: open it again (after a reload) until it is there.
  const bell = page.locator('details.notifications')
  await reloadUntil(
    page,
    monitoring,
    async () => {
      await hydrated(page)
      await bell.locator('summary').click()
      await expect(bell.getByRole('link', { name: new RegExp(told) })).toHaveCount(1, { timeout: 2000 })
    },
    60_000,
  )

  await expectPhoneFriendly(page, monitoring)
})
