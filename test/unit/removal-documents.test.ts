import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { removalRequests } from '~/db/schema-trust'
import { decideRemoval } from '~/domain/removal/decisions.server'
import { grantRole, lawyerPerson, surname } from './claims-helpers'
import { runCron } from './cron-helpers'
import { createUser, deps } from './helpers'
import { confirmedRequest, trailOf } from './removal-helpers'

// Issue 30 (decisions/0066, 0071): the identity document of a decided request is deleted, and a
// deletion that failed is retried by the cron until it succeeds, recorded once in the trail.

describe('the identity document after the decision', () => {
  it('a deletion that failed at the decision is retried by the cron, and recorded once', async () => {
    const { person } = await lawyerPerson(`Iara ${surname()} Bento`)
    const { id, row } = await confirmedRequest({ paginas: `/pessoas/${person.slug}` })
    const key = row.documentKey ?? ''
    expect(await env.PRIVATE_FILES.get(key)).not.toBeNull()
    const reviewer = await createUser()
    await grantRole(reviewer.id)
    // The bucket fails at the decision.
    const failing = new Proxy(env.PRIVATE_FILES, {
      get: (bucket, name) =>
        name === 'delete' ? () => Promise.reject(new Error('R2 indisponível')) : Reflect.get(bucket, name),
    })
    const outcome = await decideRemoval(
      { ...deps(), privateFiles: failing, origin: 'http://localhost:8787', now: () => new Date() },
      reviewer.id,
      id,
      'recusar',
      'A página mostra só atos de cargo público.',
    )
    expect(outcome.body).toMatchObject({ remocao: { id, status: 'recusada' } })
    expect(await env.PRIVATE_FILES.get(key)).not.toBeNull()

    await runCron()
    expect(await env.PRIVATE_FILES.get(key)).toBeNull()
    const [after] = await deps().db.select().from(removalRequests).where(eq(removalRequests.id, id))
    expect(after?.documentKey).toBeNull()
    await runCron()
    const deletions = (await trailOf(id)).filter((entry) => entry.action === 'apagar_documento')
    expect(deletions).toHaveLength(1)
  })
})
