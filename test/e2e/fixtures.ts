import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every page test fails on a browser console error or an uncaught exception: a CSP violation or
 * a hydration failure shows up here first. Tests that provoke an error on purpose (a failed
 * request) list the text they expect in `allowConsoleErrors`.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = []
      // 4xx answers are expected outcomes (validation, a failed login, a 404 page).
      const allowed = [/status of 4\d\d/, ...allowConsoleErrors]
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed.some((re) => re.test(message.text())))
          errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'erros no console do navegador').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** The host of a profile subdomain on the e2e server (Chromium resolves *.localhost to loopback). */
export function profileUrl(baseURL: string | undefined, subdomain: string, path = '/'): string {
  const url = new URL(baseURL ?? 'http://localhost:8799')
  return `${url.protocol}//${subdomain}.${url.host}${path}`
}

/**
 * Logs the browser in as a demo user through the development login endpoint: the page itself
 * posts, so Chromium stores the real `__Host-sid` session cookie. Specs about other features use
 * it to set up state without spending the real login's per-account and per-address limits;
 * the real `/login` page, modal and limits are tested in accounts.spec.ts.
 */
export async function loginAs(page: Page, _baseURL: string | undefined, email = 'ana@exemplo.invalid') {
  if (!page.url().startsWith('http')) await page.goto('/robots.txt')
  const result = await page.evaluate(async (address) => {
    const response = await fetch('/__dev/entrar', {
      method: 'POST',
      body: new URLSearchParams({ email: address }),
    })
    return { ok: response.ok, body: (await response.json()) as { usuario_id: number } }
  }, email)
  expect(result.ok).toBe(true)
  return { userId: result.body.usuario_id }
}

/** Sends a notification to a user through the real queue, and waits until it is delivered. */
export async function notify(page: Page, baseURL: string | undefined, userId: number, titulo: string) {
  const origin = new URL(baseURL ?? 'http://localhost:8799').origin
  const sent = await page.request.post('/__dev/notificacoes', {
    data: { usuario_id: userId, titulo },
    headers: { Origin: origin },
  })
  expect(sent.status()).toBe(202)
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/ajax/notificacoes')).json()), {
      timeout: 15_000,
    })
    .toContain(titulo)
}

/** Waits until React has hydrated the page and run its effects (root layout sets the flag). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** Stops the page's fake clock (after `page.clock.install()`): time moves only with runFor. */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 1000)
}
