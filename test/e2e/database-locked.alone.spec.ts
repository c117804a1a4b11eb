import { DatabaseSync } from 'node:sqlite'
import { localD1File } from '../../scripts/lib/d1-file.mjs'
import { expect, test, uniqueTag } from './fixtures'

// Runs alone (the `alone` project): it holds the served database's lock, as `npm run import`,
// the seed or a script writing the same SQLite file do while the site runs (decisions/0078).
// Locally D1 then refuses every statement of the site ("database is locked", or no session
// commit token); a visitor must wait a moment, never get a 500, and a write must land once.

const origin = (baseURL: string | undefined) => new URL(baseURL ?? 'http://localhost:8799').origin

/** Another process's write transaction on the primary's file, held for `ms`. */
function holdLock(ms: number): Promise<void> {
  const file = new DatabaseSync(localD1File('.wrangler/e2e', 'DB'))
  file.exec('BEGIN EXCLUSIVE')
  file.exec('CREATE TABLE IF NOT EXISTS _lock_probe (at integer)')
  file.exec(`INSERT INTO _lock_probe VALUES (${Date.now()})`)
  return new Promise((resolve) =>
    setTimeout(() => {
      file.exec('COMMIT')
      file.close()
      resolve()
    }, ms),
  )
}

test('while another process holds the database, pages wait and a form’s write lands once', async ({
  page,
  baseURL,
  user,
}) => {
  expect(user.id).toBeGreaterThan(0)
  const site = origin(baseURL)
  const term = `Teodolinda ${uniqueTag()} Brandão`
  const released = holdLock(1500)
  const [search, created] = await Promise.all([
    page.request.get(`${site}/busca?q=silva`),
    page.request.post(`${site}/ajax/monitoramentos`, {
      data: { tipo: 'nome', termo: term, modo: 'exato', fontes: ['djen'] },
      headers: { Origin: site },
    }),
  ])
  await released
  expect(search.status()).toBe(200)
  expect(await search.text()).toContain('silva')
  expect(created.status()).toBe(200)

  // The monitoring exists once, as the person asked for it.
  await page.goto('/monitoramentos')
  await expect(page.getByRole('row').filter({ hasText: term })).toHaveCount(1)
})
