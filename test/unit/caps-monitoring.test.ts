import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { monitorings } from '~/db/schema-monitoring'
import { buildCnj } from '~/domain/corpus/cnj'
import { MONITORING_LIMIT } from '~/domain/monitoring/monitorings.server'
import { createUser, deps, postJson, sessionCookie } from './helpers'

// Issue 27 item 7: a cap checked by counting before inserting lets concurrent creates all pass.
const db = () => deps().db
let sequence = 91_000
const LIMIT_MESSAGE = 'Você pode ter até 100 monitoramentos. Exclua algum para criar outro.'

const stored = async (userId: number) =>
  (await db().select({ id: monitorings.id }).from(monitorings).where(eq(monitorings.userId, userId))).length

describe('the monitoring cap holds under concurrency', () => {
  it(`118 concurrent name monitorings from one account: exactly ${MONITORING_LIMIT} stored, the rest refused in Portuguese`, async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const answers = await Promise.all(
      Array.from({ length: 118 }, (_, i) =>
        postJson(
          '/ajax/monitoramentos',
          { tipo: 'termo', modo: 'exato', termo: `termo concorrente ${i}`, fontes: ['diarios'] },
          { Cookie: cookie },
        ),
      ),
    )
    const statuses = answers.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(MONITORING_LIMIT)
    const refused = answers.filter((response) => response.status !== 200)
    expect(refused.map((response) => response.status)).toEqual(Array(18).fill(422))
    for (const response of refused) expect(await response.json()).toMatchObject({ errors: [LIMIT_MESSAGE] })
    expect(await stored(user.id)).toBe(MONITORING_LIMIT)
  })

  it('118 concurrent lawsuit monitorings (the lawsuit page button): the same cap, status "failed"', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const answers = await Promise.all(
      Array.from({ length: 118 }, () => {
        const numero = buildCnj(++sequence, 2025, 8, 26, 100)
        return postJson(
          '/api/interno/processos',
          {
            numero_processo: numero,
            termo: numero,
            tipo: 'processo',
            origem_criacao: 'BOTAO_MONITORAR_PAGINA_PROCESSO',
          },
          { Cookie: cookie },
        )
      }),
    )
    expect(answers.filter((response) => response.status === 200)).toHaveLength(MONITORING_LIMIT)
    const refused = answers.filter((response) => response.status !== 200)
    expect(refused).toHaveLength(18)
    for (const response of refused) {
      expect(response.status).toBe(422)
      expect(await response.json()).toMatchObject({ status: 'failed', errors: [LIMIT_MESSAGE] })
    }
    expect(await stored(user.id)).toBe(MONITORING_LIMIT)
  })
})
