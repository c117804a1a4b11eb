import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The developer's local data, which the journeys must never touch (decisions/0060): the folder
 * `npm start` serves when JURISEDGE_STATE is not set. Its fingerprint is taken when the journeys'
 * config loads (before the site is started) and compared after the last journey.
 */
export const DEVELOPER_STATE = '.wrangler/state'
export const FINGERPRINT_ENV = 'JOURNEYS_DEVELOPER_STATE_FINGERPRINT'

/** Every file under `dir` with its size and modification time (empty when the folder is absent). */
export function fingerprint(dir = DEVELOPER_STATE): string {
  if (!existsSync(dir)) return '(ausente)'
  const lines: string[] = []
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) walk(full)
      else {
        const stat = statSync(full)
        lines.push(`${full} ${stat.size} ${stat.mtimeMs}`)
      }
    }
  }
  walk(dir)
  return lines.sort().join('\n')
}
