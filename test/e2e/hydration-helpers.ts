import type { Page } from '@playwright/test'

/** Every script the page asks for, by URL. */
export function scriptRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url())
  })
  return urls
}

/** Holds the application's entry module until the test releases it: the reader acts first. */
export async function holdApplication(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/entry\.client-[^/]*\.js$/, async (route) => {
    try {
      const response = await route.fetch()
      await held
      await route.fulfill({ response })
    } catch {
      // The page left (a press that navigates) or the test ended while the module was held.
    }
  })
  return () => release()
}

/** Two painted frames: whatever the page does on a scroll or a key has run by then. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
