import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { communities } from '~/db/schema-accounts'
import { intimations } from '~/db/schema-intimations'
import { mayPublishIn } from './article-helpers'
import { BASE, createUser, deps, get, plainPost, postJson, sessionCookie } from './helpers'
import { djenItem, fresh, importItems } from './intimations-helpers'

// A form folded in a <details> far down a long page (an intimação's correction, a comment's reply),
// sent without JavaScript and refused (issue 45, outside check): the page came back at its top
// with the disclosure closed, so the person saw nothing happen. Now it returns to the form's own
// element, open, with the message and what was typed.

/** The hidden fields a page's form sends along (what the browser would post). */
function hiddenFields(html: string, action: string): Record<string, string> {
  const form = html.split(`action="${action}"`)[1]?.split('</form>')[0] ?? ''
  return Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  )
}

/** The page a refused plain post lands on: its address and what the server draws there. */
async function refusedPost(action: string, fields: Record<string, string>, cookie: string, from: string) {
  const page = await (await get(from, { headers: { Cookie: cookie } })).text()
  const posted = await plainPost(action, { ...hiddenFields(page, action), ...fields }, cookie, from)
  expect(posted.status).toBe(303)
  const location = posted.headers.get('location') ?? ''
  const flash = posted.headers.getSetCookie().find((line) => line.startsWith('__Host-flash='))
  const back = await get(new URL(location, BASE).toString(), {
    headers: { Cookie: `${cookie}; ${flash?.split(';')[0]}` },
  })
  return { location: new URL(location, BASE), html: await back.text() }
}

/** The <details> of `className` holding `id`: its opening tag and content. */
function disclosure(html: string, className: string, id: string) {
  const at = html.indexOf(`id="${id}"`)
  const start = html.indexOf(`<details class="${className}"`, at)
  return html.slice(start, html.indexOf('</details>', start))
}

/** A lawyer monitoring a fresh OAB, and the one intimação a DJEN import gave her. */
async function lawyerWithIntimation() {
  const user = await createUser()
  const cookie = await sessionCookie(user.id)
  const { oab, id, cnj } = fresh()
  await postJson('/ajax/monitoramentos/oab', { numero: oab, uf: 'RJ' }, { Cookie: cookie })
  await importItems([djenItem({ id, cnj, date: '2025-08-04', oabs: [[oab, 'RJ']] })])
  const [row] = await deps().db.select().from(intimations).where(eq(intimations.userId, user.id))
  return { cookie, row }
}

describe('a refused plain post of a folded form', () => {
  it('an intimação’s correction: back at the intimação, open, with the message and the typed value', async () => {
    const { cookie, row } = await lawyerWithIntimation()
    const action = `/ajax/intimacoes/${row?.id}/corrigir`
    const { location, html } = await refusedPost(action, { dias: '-3', tribunal: '' }, cookie, '/intimacoes')
    expect(location.pathname + location.hash).toBe(`/intimacoes#intimacao-${row?.id}`)
    const form = disclosure(html, 'intimation__correct', `intimacao-${row?.id}`)
    expect(form).toMatch(/^<details class="intimation__correct" open="">/)
    expect(form).toContain('Informe um número de dias entre 1 e 365.')
    expect(form).toContain('value="-3"')
  })

  it('an intimação removed in another tab: the page says so at its top, the form being gone', async () => {
    const { cookie, row } = await lawyerWithIntimation()
    const action = `/ajax/intimacoes/${row?.id}/cumprido`
    const page = await (await get('/intimacoes', { headers: { Cookie: cookie } })).text()
    // The other tab removes the OAB monitoring, and its intimações with it.
    await deps()
      .db.delete(intimations)
      .where(eq(intimations.id, row?.id ?? 0))
    const posted = await plainPost(
      action,
      { ...hiddenFields(page, action), cumprido: 'sim' },
      cookie,
      '/intimacoes',
    )
    const location = new URL(posted.headers.get('location') ?? '', BASE)
    expect(location.pathname + location.hash).toBe('/intimacoes')
    const flash = posted.headers.getSetCookie().find((line) => line.startsWith('__Host-flash='))
    const back = await (
      await get(location.toString(), { headers: { Cookie: `${cookie}; ${flash?.split(';')[0]}` } })
    ).text()
    expect(back).toContain(
      '<ul class="flash flash--error" role="alert"><li>Intimação não encontrada.</li></ul>',
    )
  })

  it('a reply to a comment: back at the comment, open, with the message', async () => {
    const [community] = await deps().db.select({ id: communities.id }).from(communities).limit(1)
    const writer = await createUser({ name: 'Autora Dobrada' })
    await mayPublishIn(writer.id, community?.id ?? 0)
    const cookie = await sessionCookie(writer.id)
    const published = await postJson(
      '/ajax/artigos',
      { titulo: 'Prazo em dobro', comunidade_id: String(community?.id), conteudo: '# Texto\n\nCorpo.' },
      { Cookie: cookie },
    )
    const { artigo } = (await published.json()) as { artigo: { id: number; url: string } }
    const sent = await postJson(
      `/ajax/artigos/${artigo.id}/comentarios`,
      { conteudo: 'Bom.' },
      { Cookie: cookie },
    )
    const { comentario } = (await sent.json()) as { comentario: { id: number } }
    const path = new URL(artigo.url, BASE).pathname
    const { location, html } = await refusedPost(
      `/ajax/comentarios/${comentario.id}/respostas`,
      { conteudo: '  ' },
      cookie,
      path,
    )
    expect(location.hash).toBe(`#comentario-${comentario.id}`)
    const form = disclosure(html, 'comment__reply', `comentario-${comentario.id}`)
    expect(form).toMatch(/^<details class="comment__reply" open="">/)
    expect(form).toContain('Informe o comentário.')
  })
})
