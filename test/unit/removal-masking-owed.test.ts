import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { removalRequests } from '~/db/schema-trust'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { initials } from '~/domain/privacy/initials'
import { decideRemoval } from '~/domain/removal/decisions.server'
import { grantRole } from './claims-helpers'
import { runCron } from './cron-helpers'
import { createUser, deps, get } from './helpers'
import { uniqueWord } from './masking-helpers'
import { confirmedRequest } from './removal-helpers'

// Issue 30 (decisions/0071): a "mask names" decision whose stored masking failed (or was decided
// before it existed) is owed, not lost: the cron's sweep masks it, purges its pages and records it.

let serial = 0
/** An ordinary (not sensitive) civil case between two private people. */
async function plainCase() {
  const word = uniqueWord()
  const plaintiff = `Leocádia ${word} Torres Vaz`
  serial += 1
  const cnj = buildCnj(410_000 + ((Date.now() + serial * 13) % 89_999), 2025, 8, 26, 300 + (serial % 600))
  await upsertLawsuits(deps().db, [
    {
      cnj,
      court: 'TJSP',
      classCode: 7,
      className: 'Procedimento Comum Cível',
      secrecyLevel: 0,
      source: 'teste',
      subjects: [{ code: 10433, name: 'Indenização por Dano Moral' }],
      parties: [
        { pole: 'ativo', name: plaintiff.toUpperCase(), lawyers: [] },
        { pole: 'passivo', name: 'BANCO DO BRASIL S.A.', lawyers: [] },
      ],
      movements: [],
    },
  ])
  return { cnj, plaintiff, page: `/processos/${formatCnj(cnj)}` }
}

const rowOf = async (id: number) =>
  (await deps().db.select().from(removalRequests).where(eq(removalRequests.id, id)))[0]

describe('a mask decision whose masking is owed (decisions/0071)', () => {
  it('the cron masks a decided request that was never masked, purges its page, and does it once', async () => {
    const c = await plainCase()
    const { id } = await confirmedRequest({ paginas: c.page })
    // The state a failed masking leaves: decided, nothing masked, masked_at empty.
    await deps()
      .db.update(removalRequests)
      .set({ status: 'mascarada', decidedAt: Date.now(), decisionReason: null })
      .where(eq(removalRequests.id, id))
    expect(await (await get(c.page)).text()).toContain(c.plaintiff.toUpperCase())

    await runCron()
    const page = await (await get(c.page)).text()
    expect(page).toContain(initials(c.plaintiff))
    expect(page).not.toContain(c.plaintiff.toUpperCase())
    expect(page).toContain('BANCO DO BRASIL S.A.')
    const masked = (await rowOf(id))?.maskedAt
    expect(masked).toBeTypeOf('number')

    await runCron()
    expect((await rowOf(id))?.maskedAt).toBe(masked)
  })

  it('a decision whose masking fails still stands, and the cron completes it', async () => {
    const c = await plainCase()
    const { id } = await confirmedRequest({ paginas: c.page })
    const reviewer = await createUser()
    await grantRole(reviewer.id)
    // The clock fails on its second read: after the decision's batch, before the masking's record.
    let reads = 0
    const failingClock = () => {
      reads += 1
      if (reads > 1) throw new Error('relógio indisponível')
      return new Date()
    }
    const outcome = await decideRemoval(
      { ...deps(), origin: 'http://localhost:8787', now: failingClock },
      reviewer.id,
      id,
      'mascarar',
      '',
    )
    expect(outcome.body).toMatchObject({ remocao: { id, status: 'mascarada' } })
    expect((await rowOf(id))?.maskedAt).toBeNull()

    await runCron()
    expect((await rowOf(id))?.maskedAt).toBeTypeOf('number')
    const page = await (await get(c.page)).text()
    expect(page).toContain(initials(c.plaintiff))
    expect(page).not.toContain(c.plaintiff.toUpperCase())
  })
})
