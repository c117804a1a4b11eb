import { describe, expect, it } from 'vitest'
import { monitorings } from '~/db/schema-monitoring'
import { follows } from '~/db/schema-network'
import { hashPassword } from '~/domain/users/password.server'
import { plural } from '~/i18n/plural'
import { ptBR } from '~/i18n/pt-BR'
import { db } from './claims-helpers'
import { BASE, createUser, get, postJson, sessionCookie } from './helpers'

// Issue 38, item 13: "1 itens", "1 monitoramentos". Every count and its noun is a pair of
// messages, `key.one` and `key.many`, chosen by one helper (app/i18n/plural.ts).

/** A count placeholder followed by a plural noun: "{n} itens", "{processos} processos". */
const COUNT_AND_PLURAL = /\{\w+\} [a-zà-ú]{2,}s\b/
/** Counts that can never be 1 where they are used, with why. */
const NEVER_ONE: Record<string, string> = {
  'search.resultsMany': 'always "mais de 10.000"',
  'search.seeAll': 'shown only when the category has more than the page shows (2 or more)',
  'autocomplete.minChars': 'the minimum is 2 or more',
  'field.subdomainMax': 'always 30',
  'field.tooShort': 'a minimum of 1 reads "Campo obrigatório." (app/schemas/zod.ts)',
  'field.listTooShort': 'a minimum of 1 reads "Selecione ao menos um item." (app/schemas/zod.ts)',
  'removal.pagesTooMany': 'always MAX_REQUEST_PAGES',
  'search.pageLimit': 'always MAX_PAGE × PAGE_SIZE (2.000)',
  'search.lastReachable': 'always MAX_PAGE × PAGE_SIZE (2.000)',
  'deadlines.rule.days.default': 'always 5 (CPC art. 218 §3º)',
  'deadlines.rule.doubled.yes': 'a doubled period is 2 days or more',
}

describe('plurals', () => {
  it('the helper: the singular for exactly 1, the plural otherwise, the zero message when given', () => {
    expect([0, 1, 2, -1].map((n) => plural(n, 'um', 'vários'))).toEqual(['vários', 'um', 'vários', 'um'])
    expect(plural(0, 'um', 'vários', 'nenhum')).toBe('nenhum')
  })

  it('every count and its noun in the catalogue is a .one/.many pair', () => {
    const messages: Record<string, string> = ptBR
    const unpaired = Object.entries(messages)
      .filter(([key, text]) => COUNT_AND_PLURAL.test(text) && !(key in NEVER_ONE))
      .filter(([key]) => !key.endsWith('.many') || !(`${key.slice(0, -'.many'.length)}.one` in messages))
      .map(([key, text]) => `${key}: ${text}`)
    expect(unpaired).toEqual([])
    // …and no singular is written with a plural noun ("1 itens").
    const wrongOnes = Object.entries(messages)
      .filter(([key, text]) => key.endsWith('.one') && /(^|\s)1 [a-zà-ú]{2,}s\b/.test(text))
      .map(([key, text]) => `${key}: ${text}`)
    expect(wrongOnes).toEqual([])
  })

  it('the merge page says "1 item seguido" and "1 monitoramento"', async () => {
    const keep = await createUser({ emailConfirmedAt: Date.now() })
    const leave = await createUser({
      emailConfirmedAt: Date.now(),
      passwordHash: await hashPassword('senha-sai', 1000),
    })
    const followed = await createUser()
    await db().insert(follows).values({ userId: leave.id, kind: 'usuario', targetId: followed.id })
    await db()
      .insert(monitorings)
      .values({ userId: leave.id, kind: 'nome', term: 'Nome Só da Que Sai', sources: ['diarios'] })
    const cookie = await sessionCookie(keep.id)
    const proved = await postJson(
      '/ajax/conta/unir/verificar',
      { email: leave.email, senha: 'senha-sai' },
      { Cookie: cookie },
    )
    const { redirect_url } = (await proved.json()) as { redirect_url?: string }
    const ticket = new URL(redirect_url ?? '', BASE).searchParams.get('ticket') ?? ''
    const html = await (
      await get(`/conta/unir?ticket=${encodeURIComponent(ticket)}`, { headers: { Cookie: cookie } })
    ).text()
    expect(html).toContain('<li>1 item seguido</li>')
    expect(html).toContain('<li>1 monitoramento</li>')
    expect(html).toContain('<li>0 artigos, com os mesmos endereços</li>')
    expect(html).not.toMatch(/\b1 (itens|monitoramentos|artigos|mensagens|notificações)\b/)
  })
})
