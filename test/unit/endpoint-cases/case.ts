import { createUser, sessionCookie } from '../helpers'

/** One call of an endpoint and what it must answer (test/unit/endpoint-schemas.test.ts). */
export type Case = { name: string; call: () => Promise<Response>; ok: boolean; status: number }

/** Per endpoint id: the calls that prove its answers. */
export type Cases = Record<string, () => Promise<Case[]>>

/** A new user's session cookie header. */
export async function viewer() {
  const user = await createUser()
  return { user, headers: { Cookie: await sessionCookie(user.id) } }
}
