import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { intimations } from '~/db/schema-intimations'
import { courtCalendar } from '~/domain/deadlines/courts'
import { intimationCorrectionFields } from '~/schemas/intimations'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'
import { djenItem, fresh, importItems } from './intimations-helpers'

// The courts a lawyer names on /intimacoes (issue 45, outside check): the correction takes the
// courts whose calendar the counter knows, and only those (an unknown sigla was stored and counted
// with no holidays at all); the court filter finds every court the DJEN names, TJDFT and TRE-SP too.

const BAD_COURT =
  'Tribunal não reconhecido. Informe a sigla de um tribunal (ex.: TJSP, TJDFT, TRF3, TRT2, STJ).'

async function lawyerWith(items: (o: ReturnType<typeof fresh>) => object[]) {
  const user = await createUser()
  const cookie = await sessionCookie(user.id)
  const o = fresh()
  expect(
    (await postJson('/ajax/monitoramentos/oab', { numero: o.oab, uf: 'RJ' }, { Cookie: cookie })).status,
  ).toBe(200)
  await importItems(items(o))
  const rows = await deps().db.select().from(intimations).where(eq(intimations.userId, user.id))
  return { cookie, rows, o }
}

describe('the correction’s court', () => {
  it('is one whose calendar the counter knows; any other is a 422 in Portuguese and changes nothing', async () => {
    const { cookie, rows } = await lawyerWith((o) => [
      djenItem({ id: o.id, cnj: o.cnj, date: '2025-08-04', oabs: [[o.oab, 'RJ']] }),
    ])
    const [row] = rows
    for (const tribunal of ['TJZZ', 'TRF9', 'TRT25', 'TJMAC', 'TREXX', 'XYZ', 'TJ-SP-2']) {
      const refused = await postJson(
        `/ajax/intimacoes/${row?.id}/corrigir`,
        { dias: '', tribunal },
        { Cookie: cookie },
      )
      expect(refused.status, tribunal).toBe(422)
      expect(((await refused.json()) as { fields: Record<string, string> }).fields.tribunal).toBe(BAD_COURT)
    }
    const [after] = await deps()
      .db.select()
      .from(intimations)
      .where(eq(intimations.id, row?.id ?? 0))
    expect(after).toMatchObject({ correction: null, lastDay: row?.lastDay, updatedAt: row?.updatedAt })
    for (const tribunal of ['TJDFT', 'tre-sp', 'CJF', 'TJMSP', 'TRT24', 'TRF6', 'STM']) {
      const taken = await postJson(`/ajax/intimacoes/${row?.id}/corrigir`, { tribunal }, { Cookie: cookie })
      expect(taken.status, tribunal).toBe(200)
    }
  })

  it('accepts exactly the siglas the counter has a calendar for', () => {
    const siglas = [
      ...['STF', 'STJ', 'TST', 'TSE', 'STM', 'CNJ', 'CJF', 'CSJT', 'TJDFT', 'TJSP', 'TJMMG', 'TRF1', 'TRF6'],
      ...[
        'TRT1',
        'TRT24',
        'TREDF',
        'TRE-RJ',
        'TJZZ',
        'TJDF',
        'TJMAC',
        'TRF0',
        'TRF7',
        'TRT0',
        'TRT25',
        'TREZZ',
      ],
    ]
    for (const sigla of siglas) {
      const accepted = intimationCorrectionFields.safeParse({ tribunal: sigla }).success
      const known = courtCalendar(sigla).branch !== 'desconhecido' && !/^TJM(?!MG|SP|RS)/.test(sigla)
      expect(accepted, sigla).toBe(known && sigla !== 'TJDF')
    }
  })
})

describe('the court filter', () => {
  it('finds the intimações of TJDFT and of a TRE as the DJEN names them', async () => {
    const { cookie } = await lawyerWith((o) => [
      {
        ...djenItem({ id: o.id, cnj: o.cnj, date: '2025-08-04', oabs: [[o.oab, 'RJ']] }),
        siglaTribunal: 'TJDFT',
      },
      {
        ...djenItem({
          id: `${o.id}9`,
          cnj: o.cnj,
          date: '2025-08-05',
          oabs: [[o.oab, 'RJ']],
          text: 'ELEITORAL',
        }),
        siglaTribunal: 'TRE-SP',
      },
    ])
    // A card's title, "Intimação – Despacho · TJDFT" (React separates its text parts with comments).
    const card = (court: string) => new RegExp(`Despacho(?:<!-- -->)? · (?:<!-- -->)?${court}<`)
    const read = async (query: string) =>
      (await get(`/intimacoes?${query}`, { headers: { Cookie: cookie } })).text()
    const df = await read('tribunal=TJDFT')
    expect(df).toMatch(card('TJDFT'))
    expect(df).not.toContain('ELEITORAL')
    const tre = await read('tribunal=TRE-SP')
    expect(tre).toMatch(card('TRE-SP'))
    expect(tre).not.toMatch(card('TJDFT'))
    // The filter's select shows the court chosen.
    expect(tre).toMatch(/<option value="TRE-SP" selected="">TRE-SP<\/option>/)
  })
})
