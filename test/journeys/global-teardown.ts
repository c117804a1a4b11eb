import { DEVELOPER_STATE, FINGERPRINT_ENV, fingerprint } from './state-guard'

/** Fails the run when the journeys changed the developer's `.wrangler/state` (decisions/0060). */
export default function globalTeardown() {
  const before = process.env[FINGERPRINT_ENV]
  if (before === undefined) return
  const after = fingerprint()
  if (after !== before)
    throw new Error(
      `As jornadas alteraram ${DEVELOPER_STATE}, os dados locais de quem desenvolve: elas devem usar só ` +
        'a própria pasta (JURISEDGE_STATE). Antes:\n' +
        `${before.slice(0, 2000)}\nDepois:\n${after.slice(0, 2000)}`,
    )
}
