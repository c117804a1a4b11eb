// The local state folder (D1, KV, R2, queues) every local command uses: `.wrangler/state`, or the
// folder named by JURISEDGE_STATE. Each step of `npm start` (migrate, seed, the server) and
// `npm run import`, `role`, `reset` read it here, so a second site (the journeys, a demo) never
// touches the developer's data (decisions/0060).
import { resolve, sep } from 'node:path'

export const DEFAULT_STATE = '.wrangler/state'

/** The state folder: JURISEDGE_STATE when set (and not blank), else `.wrangler/state`. */
export function stateDir(env = process.env) {
  const named = env.JURISEDGE_STATE?.trim()
  return named ? named : DEFAULT_STATE
}

/** `--persist-to <state>` unless the arguments already name a folder (an explicit flag wins). */
export function persistArgs(args, env = process.env) {
  return args.includes('--persist-to') ? [] : ['--persist-to', stateDir(env)]
}

/**
 * True for a folder that is safe to wipe as local state: inside the project, or a temp folder,
 * never the project itself, one of its ancestors or the filesystem root (a mistyped
 * JURISEDGE_STATE=. must not delete the working copy).
 */
export function wipeable(dir, cwd = process.cwd()) {
  const target = resolve(cwd, dir)
  const root = resolve(cwd)
  if (target === resolve('/') || root === target || root.startsWith(`${target}${sep}`)) return false
  return true
}
