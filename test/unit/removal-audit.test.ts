import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { csvField } from '~/domain/trust/audit-csv.server'
import { grantRole, lawyerPerson, surname } from './claims-helpers'
import { BASE, createUser, get, ORIGIN, sessionCookie } from './helpers'
import { confirmedRequest, decide, removalForm, trailOf } from './removal-helpers'

// Issue 30: the audit trail of removal requests (decisions/0067) and the form without JavaScript.

async function reviewer() {
  const user = await createUser({ name: `Revisor ${surname()}` })
  await grantRole(user.id)
  return { user, cookie: await sessionCookie(user.id) }
}

describe('the audit trail of removal requests (decisions/0067)', () => {
  it('no one can edit or delete a row: D1 refuses UPDATE and DELETE', async () => {
    const { person } = await lawyerPerson(`Gil ${surname()} Sales`)
    const { id } = await confirmedRequest({ paginas: `/pessoas/${person.slug}` })
    const [row] = await trailOf(id)
    expect(row?.action).toBe('receber')
    await expect(
      env.DB.prepare("UPDATE audit_log SET reason = 'apagado' WHERE id = ?").bind(row?.id).run(),
    ).rejects.toThrow(/append-only/)
    await expect(env.DB.prepare('DELETE FROM audit_log WHERE id = ?').bind(row?.id).run()).rejects.toThrow(
      /append-only/,
    )
    expect((await trailOf(id)).map((entry) => entry.action)).toEqual(['receber', 'confirmar'])
  })

  it('exports as CSV to reviewers only: every decision, escaped, formulas neutralised', async () => {
    const { person } = await lawyerPerson(`Iara ${surname()} Lopes`)
    const { id } = await confirmedRequest({ paginas: `/pessoas/${person.slug}` })
    const { user, cookie } = await reviewer()
    const reason = '=HYPERLINK("http://mal.example","clique"), com "aspas"\ne linha nova'
    expect((await decide(cookie, id, 'recusar', { motivo: reason })).status).toBe(200)

    expect((await get('/revisao/auditoria.csv')).status).toBe(401)
    const plain = await sessionCookie((await createUser()).id)
    expect((await get('/revisao/auditoria.csv', { headers: { Cookie: plain } })).status).toBe(403)
    const response = await get('/revisao/auditoria.csv', { headers: { Cookie: cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="trilha-de-auditoria-/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const csv = await response.text()
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      '"id","data_hora_utc","quem_id","quem_nome","assunto","assunto_id","acao","motivo","detalhes"',
    )
    const refusal = csv.split('\r\n').find((line) => line.includes(`"remocao","${id}","recusar"`))
    expect(refusal).toContain(`"${user.id}","${user.name}"`)
    // Quoted, inner quotes doubled, the line break kept inside the field, and the formula as text.
    expect(refusal).toContain(
      '"\'=HYPERLINK(""http://mal.example"",""clique""), com ""aspas""\ne linha nova"',
    )
    for (const action of ['receber', 'confirmar', 'apagar_documento'])
      expect(csv).toContain(`"remocao","${id}","${action}"`)
  })

  it("keeps the actor's name as it was, and no cell of a line split on ; , or tab starts a formula", async () => {
    const { person } = await lawyerPerson(`Ivo ${surname()} Prado`)
    const { id } = await confirmedRequest({ paginas: `/pessoas/${person.slug}` })
    const user = await createUser({ name: `Ana;=1+1;-2, @SOMA(A1) ${surname()}` })
    await grantRole(user.id)
    const cookie = await sessionCookie(user.id)
    const reason = 'Recusado;=2+2; sem base,+3 e\t=4\n-5 "=6" ; "+7"'
    expect((await decide(cookie, id, 'recusar', { motivo: reason })).status).toBe(200)
    // Renamed after acting: the trail still says who decided under the name they had then.
    await env.DB.prepare('UPDATE users SET name = ? WHERE id = ?').bind('Nome Novo', user.id).run()

    const csv = await (await get('/revisao/auditoria.csv', { headers: { Cookie: cookie } })).text()
    const refusal = csv.split('\r\n').find((line) => line.includes(`"remocao","${id}","recusar"`)) ?? ''
    expect(refusal).toContain(`"${user.id}","Ana;'=1+1;'-2, '@SOMA(A1) `)
    expect(csv).not.toContain('Nome Novo')
    // However a spreadsheet splits the file (pt-BR Excel splits this comma file on `;`), and
    // whatever quotes it drops, no cell begins with a formula character.
    for (const row of csv.replace(/^\uFEFF/, '').split('\r\n'))
      for (const separator of [';', ',', '\t', '\r', '\n'])
        for (const cell of row.split(separator)) {
          const start = cell.replace(/^[ "]+/, '')
          expect(start, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/)
        }
  })

  it('csvField: every spreadsheet formula lead is neutralised', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${lead}1+1`)).toBe(`"'${lead}1+1"`)
    expect(csvField('normal, "citado"')).toBe('"normal, ""citado"""')
    expect(csvField(null)).toBe('""')
    expect(csvField(42)).toBe('"42"')
    expect(csvField('a;=1+1;b')).toBe(`"a;'=1+1;b"`)
    expect(csvField(';\t=1')).toBe(`";'\t'=1"`)
  })
})

describe('the request form without JavaScript (decisions/0066)', () => {
  const plainMultipart = (form: FormData, from: string) =>
    SELF.fetch(`${BASE}/ajax/remocao`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...ORIGIN,
        Accept: 'text/html,application/xhtml+xml',
        Referer: `${BASE}${from}`,
        'cf-connecting-ip': `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: form,
    })

  it('a plain post lands on the private status page; a bad one goes back to the form with its messages', async () => {
    const { person } = await lawyerPerson(`Tito ${surname()} Rocha`)
    const from = `/remocao?pagina=/pessoas/${person.slug}`
    const ok = await plainMultipart(removalForm({ paginas: `/pessoas/${person.slug}` }), from)
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toMatch(/^\/remocao\/acompanhar\/[0-9a-f]{48}$/)

    const bad = await plainMultipart(
      removalForm({ paginas: `/pessoas/${person.slug}`, motivo: 'curto' }),
      from,
    )
    expect(bad.status).toBe(303)
    expect(bad.headers.get('location')).toBe(`${BASE}${from}`)
    const cookie = bad.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const page = await (await get(from, { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Conte o motivo com ao menos 20 caracteres.')
  })
})
