import type { Page } from '@playwright/test'
import { createTestUser, expect, expectPhoneFriendly, hydrated, notify, test } from './fixtures'

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

/** A notification with a link, through the real queue, waited for until it is delivered. */
async function notifyWithLink(
  page: Page,
  baseURL: string | undefined,
  userId: number,
  titulo: string,
  url: string,
) {
  const sent = await page.request.post(`${origin(baseURL)}/__dev/notificacoes`, {
    data: { usuario_id: userId, titulo, url },
    headers: { Origin: origin(baseURL) },
  })
  expect(sent.status()).toBe(202)
  await expect
    .poll(async () =>
      JSON.stringify(await (await page.request.get(`${origin(baseURL)}/ajax/notificacoes`)).json()),
    )
    .toContain(titulo)
}

test.describe('notifications (issue 15)', () => {
  test('the badge refreshes when the tab comes back into view, without polling', async ({
    page,
    baseURL,
    user,
  }) => {
    await page.goto('/')
    await hydrated(page)
    const box = page.locator('details.notifications')
    await expect(box.locator('[data-badge]')).toHaveCount(0)
    const counts: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/ajax/notificacoes/contagem')) counts.push(request.url())
    })
    await notify(page, baseURL, user.id, 'Chegou enquanto a aba estava escondida')
    expect(counts).toEqual([])
    // The person comes back to the tab.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await expect(box.locator('[data-badge]')).toHaveText('1')
    expect(counts).toHaveLength(1)
  })

  test('clicking one goes to its page and marks it read; /notificacoes filters and reads all', async ({
    page,
    baseURL,
    user,
  }) => {
    await notifyWithLink(page, baseURL, user.id, 'Veja as comunidades', '/comunidades')
    await notify(page, baseURL, user.id, 'Um segundo aviso')
    await page.goto('/')
    await hydrated(page)
    const box = page.locator('details.notifications')
    await box.locator('summary').click()
    await box.getByRole('link', { name: 'Veja as comunidades' }).click()
    await expect(page).toHaveURL(/\/comunidades$/)

    // The click's "read" is sent as the page changes (keepalive): the list shows it once it landed.
    await expect(async () => {
      await page.goto('/notificacoes')
      await expect(page.locator('.notifications-page__list li.is-read')).toHaveText(/Veja as comunidades/, {
        timeout: 1000,
      })
    }).toPass()
    await hydrated(page)
    const unreadRows = page.locator('.notifications-page__list li.is-unread')
    await expect(unreadRows).toHaveText([/Um segundo aviso/])
    await page.getByRole('link', { name: 'Não lidas (1)' }).click()
    await expect(page).toHaveURL(/filtro=nao-lidas/)
    await expect(page.locator('.notifications-page__list li')).toHaveCount(1)

    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click()
    await expect(page.getByText('Todas as notificações foram marcadas como lidas.')).toBeVisible()
    await expect(page.getByText('Você leu todas as suas notificações.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Não lidas (0)' })).toBeVisible()
  })

  test('the daily digest reaches the dev mailbox, and its link unsubscribes without logging in', async ({
    page,
    baseURL,
    user,
    browser,
  }) => {
    await notifyWithLink(page, baseURL, user.id, 'Aviso para o resumo', '/comunidades')
    // The dev stand-in notification has no e-mail group; a new follower is a real "seguidores" one.
    const follower = await browser.newContext({ baseURL })
    const followerPage = await follower.newPage()
    await createTestUser(followerPage, { name: 'Seguidora do Resumo' })
    const followed = await followerPage.request.post(`${origin(baseURL)}/ajax/seguir`, {
      data: { id: user.id, tipo: 'usuario' },
      headers: { Origin: origin(baseURL) },
    })
    expect(followed.status()).toBe(200)
    await follower.close()
    await expect
      .poll(async () =>
        JSON.stringify(await (await page.request.get(`${origin(baseURL)}/ajax/notificacoes`)).json()),
      )
      .toContain('Seguidora do Resumo')

    const ran = await page.request.post(`${origin(baseURL)}/__dev/resumo-diario`, {
      data: { usuario_id: user.id },
      headers: { Origin: origin(baseURL) },
    })
    expect(ran.status()).toBe(200)
    await page.goto(`/__dev/emails?para=${encodeURIComponent(user.email)}`)
    const mail = page.locator('article').filter({ hasText: 'Seu resumo diário' })
    await expect(mail.getByRole('heading')).toHaveText('Seu resumo diário: 1 notificação nova')
    await expect(mail).toContainText('Seguidora do Resumo')

    // Opened from the e-mail in a browser with no session at all.
    const link = await mail.locator('a[href*="/email/cancelar?token="]').first().getAttribute('href')
    const stranger = await browser.newContext({ baseURL })
    const strangerPage = await stranger.newPage()
    await strangerPage.goto(link ?? '')
    await expect(strangerPage.getByRole('heading', { name: 'Cancelar e-mails de notificação' })).toBeVisible()
    await strangerPage.getByRole('button', { name: 'Cancelar e-mails' }).click()
    await expect(
      strangerPage.getByText('Pronto: você não receberá mais e-mails de notificação.').first(),
    ).toBeVisible()
    await stranger.close()

    await page.goto('/conta/notificacoes')
    await expect(page.getByRole('group', { name: 'Novos seguidores' }).getByLabel('Nunca')).toBeChecked()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } })
    test('/notificacoes and the e-mail preferences never scroll sideways', async ({
      page,
      baseURL,
      user,
    }) => {
      await notify(page, baseURL, user.id, `Um aviso de título longo${' palavra'.repeat(20)}`)
      await expectPhoneFriendly(page, '/notificacoes')
      await expectPhoneFriendly(page, '/conta/notificacoes')
    })
  })
})
