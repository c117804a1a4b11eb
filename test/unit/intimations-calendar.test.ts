import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { intimations } from '~/db/schema-intimations'
import { recountStale } from '~/domain/intimations/recount.server'
import { feedPath, feedToken } from '~/domain/intimations/settings.server'
import { grantRole, surname } from './claims-helpers'
import { runCron } from './cron-helpers'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'
import { djenItem, fresh, importItems } from './intimations-helpers'

// Issue 41, the two halves joined (decisions/0103): an intimação is counted on its court's whole
// calendar (the organ tells a federal court's state), its count is shown on /intimacoes, and a
// stored deadline follows the calendar: a reviewer's suspension, or a newer counter, moves it and
// its calendar event. Dates hand-worked; each test owns its court and month in the shared database.

const FIVE_DAYS = 'Intime-se a parte autora para se manifestar no prazo de 5 (cinco) dias.'

async function lawyerWithOab(number: string) {
  const user = await createUser()
  const cookie = await sessionCookie(user.id)
  const response = await postJson(
    '/ajax/monitoramentos/oab',
    { numero: number, uf: 'RJ' },
    { Cookie: cookie },
  )
  expect(response.status).toBe(200)
  return { user, cookie }
}

const rowsOf = async (userId: number) =>
  deps().db.select().from(intimations).where(eq(intimations.userId, userId)).orderBy(intimations.id)

const unfold = (ics: string) => ics.replace(/\r\n /g, '')
const eventOf = (ics: string, uid: string) =>
  unfold(ics)
    .split('BEGIN:VEVENT')
    .find((event) => event.includes(`UID:${uid}`)) ?? ''

describe('an intimação counted on its court’s calendar', () => {
  it('from a federal court in Bahia skips 2 July (state holiday), and /intimacoes shows the count', async () => {
    const { oab, id, cnj } = fresh()
    const { user, cookie } = await lawyerWithOab(oab)
    // Disp. qui 26/06/2025, publ. sex 27/06, início seg 30/06: 30/06, 01/07, [02/07 Independência
    // da Bahia], 03/07, 04/07, 07/07 → 07/07. Weekends and national holidays only: 04/07.
    await importItems([
      {
        ...djenItem({ id, cnj, date: '2025-06-26', text: FIVE_DAYS, oabs: [[oab, 'RJ']] }),
        siglaTribunal: 'TRF1',
        nomeOrgao: '12ª Vara Federal Cível da SJBA - Seção Judiciária da Bahia',
      },
    ])
    const [row] = await rowsOf(user.id)
    expect(row?.organ).toBe('12ª Vara Federal Cível da SJBA - Seção Judiciária da Bahia')
    expect(row?.lastDay).toBe('2025-07-07')

    const page = await (await get('/intimacoes', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Prazo: até 07/07/2025')
    expect(page).toContain('<details class="deadline-breakdown">')
    expect(page).toContain('Detalhamento da contagem')
    expect(page).toContain('Independência da Bahia')
    expect(page).toMatch(/<link rel="stylesheet" href="[^"]*deadlines[^"]*\.css"/)
    // /prazos draws no breakdown and links no breakdown sheet.
    const deadlines = await (await get('/prazos', { headers: { Cookie: cookie } })).text()
    expect(deadlines).not.toContain('Detalhamento da contagem')
    expect(deadlines).not.toMatch(/href="[^"]*deadlines[^"]*\.css"/)
  })
})

describe('a stored deadline follows the calendar', () => {
  it('moves when a reviewer adds a suspension in its window, and so does its calendar event', async () => {
    const { oab, id, cnj } = fresh()
    const other = fresh()
    const { user, cookie } = await lawyerWithOab(oab)
    // Disp. seg 01/09/2025, publ. ter 02/09, início qua 03/09: 03, 04, 05, 08, 09/09 → 09/09.
    // With 04–05/09 suspended: 03, 08, 09, 10, 11/09 → 11/09.
    const item = (itemId: string, itemCnj: string) => ({
      ...djenItem({ id: itemId, cnj: itemCnj, date: '2025-09-01', text: FIVE_DAYS, oabs: [[oab, 'RJ']] }),
      siglaTribunal: 'TJSC',
      nomeOrgao: '2ª Vara Cível da Comarca de Joinville',
    })
    await importItems([item(id, cnj), item(other.id, other.cnj)])
    const [open, done] = await rowsOf(user.id)
    expect(open?.lastDay).toBe('2025-09-09')
    // A fulfilled deadline is the lawyer's closed matter: it stays as she left it.
    await postJson(`/ajax/intimacoes/${done?.id}/cumprido`, { cumprido: 'sim' }, { Cookie: cookie })

    const token = await feedToken(deps(), user.id)
    const uid = `UID:intimacao-${open?.id}@`
    const before = eventOf(await (await get(feedPath(token))).text(), `intimacao-${open?.id}@`)
    expect(before).toContain('DTSTART;VALUE=DATE:20250909')
    expect(before).toContain('SEQUENCE:0')

    const reviewer = await createUser({ name: `Revisora ${surname()}` })
    await grantRole(reviewer.id)
    const added = await postJson(
      '/ajax/revisao/suspensoes',
      {
        tribunal: 'TJSC',
        de: '2025-09-04',
        ate: '2025-09-05',
        motivo: 'Indisponibilidade do eproc',
        fonte: 'Portaria 1234/2025 do TJSC',
      },
      { Accept: 'application/json', Cookie: await sessionCookie(reviewer.id) },
    )
    expect(added.status).toBe(200)

    const [moved, untouched] = await rowsOf(user.id)
    expect(moved).toMatchObject({ lastDay: '2025-09-11', movedFrom: '2025-09-09', revision: 1 })
    expect(untouched).toMatchObject({ lastDay: '2025-09-09', revision: 0 })

    const after = eventOf(await (await get(feedPath(token))).text(), `intimacao-${open?.id}@`)
    expect(after).toContain(uid)
    expect(after).toContain('DTSTART;VALUE=DATE:20250911')
    expect(after).toContain('SEQUENCE:1')
    expect(after).toContain('antes: até 09/09/2025')
    // DTSTAMP is the moved row's own change time (seconds: the same second as the import here).
    expect(moved?.updatedAt).toBeGreaterThanOrEqual(open?.updatedAt ?? 0)

    const page = await (await get('/intimacoes', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Prazo: até 11/09/2025')
    expect(page).toContain('Recalculado pelo calendário do tribunal (antes: até 09/09/2025)')
    expect(page).toContain('Indisponibilidade do eproc')
    expect(page).toContain('Portaria 1234/2025 do TJSC')

    // Again: nothing left to do, nothing moves twice.
    await recountStale(deps(), { limit: 50, court: 'TJSC' })
    await runCron()
    expect((await rowsOf(user.id))[0]).toMatchObject({ lastDay: '2025-09-11', revision: 1 })

    // Her correction is counted with the same inputs: 3 days over the suspension, 03, 08, 09/09
    // (not 03–05/09); her own change is no longer "moved by the court".
    const fix = await postJson(`/ajax/intimacoes/${open?.id}/corrigir`, { dias: '3' }, { Cookie: cookie })
    expect(fix.status).toBe(200)
    expect((await rowsOf(user.id))[0]).toMatchObject({ lastDay: '2025-09-09', movedFrom: null, revision: 2 })
  })

  it('is recounted by the cron walk when it was counted by an older calendar (a holiday added since)', async () => {
    const { oab, id, cnj } = fresh()
    const { user } = await lawyerWithOab(oab)
    await importItems([
      {
        ...djenItem({ id, cnj, date: '2025-06-26', text: FIVE_DAYS, oabs: [[oab, 'RJ']] }),
        siglaTribunal: 'TRF1',
        nomeOrgao: '3ª Vara Federal da Seção Judiciária da Bahia',
      },
    ])
    const [row] = await rowsOf(user.id)
    // As an older counter stored it: without 2 July, version 0.
    await deps()
      .db.update(intimations)
      .set({ lastDay: '2025-07-04', countedWith: 0 })
      .where(eq(intimations.id, row?.id ?? 0))
    await runCron()
    expect((await rowsOf(user.id))[0]).toMatchObject({
      lastDay: '2025-07-07',
      movedFrom: '2025-07-04',
      revision: 1,
    })
  })
})
