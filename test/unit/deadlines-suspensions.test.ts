import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '~/db/schema-trust'
import { computeDeadline } from '~/domain/deadlines/compute'
import { suspensionsFor } from '~/domain/deadlines/suspensions.server'
import { db, grantRole, surname } from './claims-helpers'
import { createUser, deps, get, plainPost, postJson, sessionCookie } from './helpers'

// Issue 41: reviewers add the suspensions courts declare, with their source; each one is in the
// audit trail and moves the deadlines of that court.

async function reviewer() {
  const user = await createUser({ name: `Revisora ${surname()}` })
  await grantRole(user.id)
  return { id: user.id, cookie: await sessionCookie(user.id) }
}

const json = { Accept: 'application/json' }
const TJRS_FLOOD = {
  tribunal: 'TJRS',
  de: '2024-05-06',
  ate: '2024-05-10',
  motivo: 'Enchentes no Rio Grande do Sul',
  fonte: 'Ato 12/2024-P do TJRS, DJE de 05/05/2024',
}

describe('a reviewer adds a court’s declared suspension', () => {
  it('is kept with its source, written to the audit trail and moves that court’s deadlines', async () => {
    const { id, cookie } = await reviewer()
    const res = await postJson('/ajax/revisao/suspensoes', TJRS_FLOOD, { ...json, Cookie: cookie })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { status: string; id: number }
    expect(body.status).toBe('success')

    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectKind, 'suspensao'), eq(auditLog.subjectId, body.id)))
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({
      actorId: id,
      action: 'registrar',
      reason: 'Enchentes no Rio Grande do Sul',
    })
    expect(trail[0]?.details).toMatchObject({ tribunal: 'TJRS', fonte: TJRS_FLOOD.fonte })

    // Hand-worked: disp. 2024-05-02 (qui), publ. 03/05 (sex), início 06/05; 06–10/05 suspensos;
    // 13–17/05 → 5º dia 17/05. Without the suspension: 06–10/05 → 10/05.
    const suspensions = await suspensionsFor(deps(), 'TJRS', '2024-05-01', '2024-06-30')
    const input = {
      availableOn: '2024-05-02',
      court: 'TJRS',
      organ: 'Vara Cível de Canoas',
      text: 'Diga em 5 dias.',
      active: true,
    }
    expect(computeDeadline(input)?.lastDay).toBe('2024-05-10')
    const moved = computeDeadline({ ...input, suspensions })
    expect(moved?.lastDay).toBe('2024-05-17')
    expect(moved?.steps.find((s) => s.date === '2024-05-08')?.skipped?.basis).toBe(TJRS_FLOOD.fonte)

    const page = await (await get('/revisao/suspensoes', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('TJRS: 06/05/2024 a 10/05/2024. Enchentes no Rio Grande do Sul.')
  })

  it('a plain form post (no script) lands back on the page', async () => {
    const { cookie } = await reviewer()
    const res = await plainPost(
      '/ajax/revisao/suspensoes',
      { ...TJRS_FLOOD, tribunal: 'trf-4' },
      cookie,
      '/revisao/suspensoes',
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/revisao/suspensoes')
    const rows = await suspensionsFor(deps(), 'TRF4', '2024-05-06', '2024-05-06')
    expect(rows.some((r) => r.court === 'TRF4')).toBe(true)
  })

  it('refuses an unknown court, reversed dates and a missing source with a Portuguese message', async () => {
    const { cookie } = await reviewer()
    const post = (fields: Record<string, string>) =>
      postJson('/ajax/revisao/suspensoes', { ...TJRS_FLOOD, ...fields }, { ...json, Cookie: cookie })
    const unknown = await post({ tribunal: 'XPTO' })
    expect(unknown.status).toBe(400)
    expect(JSON.stringify(await unknown.json())).toContain('Tribunal desconhecido')
    const reversed = await post({ de: '2024-05-10', ate: '2024-05-06' })
    expect(reversed.status).toBeGreaterThanOrEqual(400)
    expect(reversed.status).toBeLessThan(500)
    expect(JSON.stringify(await reversed.json())).toContain('O último dia não pode ser anterior ao primeiro.')
    const noSource = await post({ fonte: '' })
    expect(noSource.status).toBeLessThan(500)
    expect(JSON.stringify(await noSource.json())).toContain('Informe a fonte')
  })

  it('is for reviewers only', async () => {
    const plain = await createUser({ name: `Pessoa ${surname()}` })
    const cookie = await sessionCookie(plain.id)
    expect((await postJson('/ajax/revisao/suspensoes', TJRS_FLOOD, { ...json, Cookie: cookie })).status).toBe(
      403,
    )
    expect((await postJson('/ajax/revisao/suspensoes', TJRS_FLOOD, json)).status).toBe(401)
    expect((await get('/revisao/suspensoes', { headers: { Cookie: cookie } })).status).toBe(403)
  })
})
