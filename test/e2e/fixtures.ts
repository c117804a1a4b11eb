import { test as base, expect, type Page } from '@playwright/test'
import { createTestUser, login, type TestUser, type UserOptions } from './fixtures/users'

export {
  createPerson,
  expectPhoneFriendly,
  followSaved,
  hydrated,
  notify,
  pauseClock,
  profileUrl,
} from './fixtures/page'
export {
  CITY,
  createTestUser,
  login,
  type ProfessionOptions,
  type TestUser,
  type UserOptions,
  uniqueTag,
} from './fixtures/users'
export { expect }

type Fixtures = {
  consoleErrors: string[]
  allowConsoleErrors: RegExp[]
  /** What the `user` fixture is made with: `test.use({ userOptions: { profession: … } })`. */
  userOptions: UserOptions
  /** A fresh account of this test, with the page logged in as it. */
  user: TestUser
  /** Makes another fresh account (logged in unless `login: false`). */
  createUser: (options?: UserOptions) => Promise<TestUser>
}

/**
 * Every page test fails on a browser console error or an uncaught exception: a CSP violation or
 * a hydration failure shows up here first. Tests that provoke an error on purpose (a failed
 * request) list the text they expect in `allowConsoleErrors`.
 *
 * Tests never share accounts: each one that logs in or changes an account makes its own with
 * `user` or `createUser` (unique username and e-mail per test), so no test depends on another
 * or on their order. The seeded demo accounts are only read, by tests about the demo data.
 */
export const test = base.extend<Fixtures>({
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
  userOptions: [{}, { option: true }],
  user: async ({ page, userOptions }, use) => {
    await use(await createTestUser(page, userOptions))
  },
  createUser: async ({ page }, use) => {
    await use((options) => createTestUser(page, options))
  },
})

/**
 * Logs the browser in as an existing account by e-mail (the development login, which spares the
 * real login's limits; the real `/login` is tested in accounts.spec.ts). Kept for specs that read
 * a demo account; tests that change an account use `user` or `createUser` instead.
 */
export async function loginAs(page: Page, _baseURL: string | undefined, email = 'ana@exemplo.invalid') {
  return login(page, { email })
}
