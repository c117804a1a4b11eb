import { test as base, expect } from '@playwright/test'

/**
 * Every page test fails on a browser console error or an uncaught exception: a CSP violation or
 * a hydration failure shows up here first.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        // A 404 page legitimately logs the failed document request.
        if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text())
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
