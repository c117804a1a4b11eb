import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

/** Debian's `chromium-headless-shell`: the same engine without the desktop browser around it. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'

/** A window was asked for (`--headed`, `--ui`, `--debug`, PWDEBUG): the headless shell has none. */
function headed(): boolean {
  return !!process.env.PWDEBUG || process.argv.some((arg) => ['--headed', '--ui', '--debug'].includes(arg))
}

/**
 * Which Chromium the end-to-end tests drive: $CHROMIUM_PATH, then Debian's headless shell (about
 * a third less wall time for the suite on this 2-core machine, where Chromium is most of the CPU:
 * decisions/0080), then Debian's /usr/bin/chromium, then Playwright's own download. Fails with
 * instructions when there is none.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headed() ? undefined : HEADLESS_SHELL,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ]
  for (const path of candidates) if (path && existsSync(path)) return path
  try {
    const own = chromium.executablePath()
    if (own && existsSync(own)) return own
  } catch {
    // Playwright has no browser of its own installed; fall through to the message below.
  }
  throw new Error(
    [
      'Nenhum Chromium encontrado para os testes end-to-end.',
      'Instale um destes e rode de novo:',
      '  - Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell (ou chromium)',
      '  - qualquer sistema com internet: npx playwright install chromium',
      '  - ou aponte CHROMIUM_PATH para o executável de um Chromium/Chrome já instalado.',
    ].join('\n'),
  )
}

/** How every Playwright config launches it (e2e, journeys): headless on CI machines without a GPU. */
export function chromiumLaunchOptions() {
  return {
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  }
}
