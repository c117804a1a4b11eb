import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles, articleVotes, comments } from '~/db/schema-articles'
import { personClaims } from '~/db/schema-claims'
import { webhooks } from '~/db/schema-monitoring'
import { follows } from '~/db/schema-network'
import { unique } from './accounts-helpers'
import { claim, formatCpf, grantRole, personWithCpf, randomCpf, surname } from './claims-helpers'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'
import { DUMMY } from './profiles-helpers'

// Issue 38 items 7 and 8 (decisions/0092).

const db = () => deps().db
const RESEND = 'Não recebeu? Use “Reenviar e-mail de confirmação” no aviso do alto da página.'

async function anArticle() {
  const writer = await createUser({ name: 'Autora Lida' })
  const [community] = await db()
    .insert(communities)
    .values({ slug: `alcance-${writer.id}`, name: `Alcance ${writer.id}`, kind: 'tema' })
    .returning()
  if (!community) throw new Error('no community')
  const [article] = await db()
    .insert(articles)
    .values({
      authorId: writer.id,
      communityId: community.id,
      title: 'Lido por todos',
      slug: 'x',
      body: 'Texto.',
    })
    .returning()
  if (!article) throw new Error('no article')
  return { writer, article }
}

describe('what reaches other people asks for a confirmed e-mail (issue 38 item 7)', () => {
  it('an unconfirmed account cannot follow a profile, comment, reply, vote, set a webhook or claim a page; nothing is stored', async () => {
    const { writer, article } = await anArticle()
    const [root] = await db()
      .insert(comments)
      .values({ articleId: article.id, authorId: writer.id, body: 'Primeiro.' })
      .returning()
    const person = await personWithCpf(`Ines ${surname()} Lobo`, randomCpf())
    const newcomer = await createUser({ emailConfirmedAt: null })
    const cookie = { Cookie: await sessionCookie(newcomer.id) }
    const refusals: [string, Promise<Response>][] = [
      ['seguir perfis', postJson('/ajax/seguir', { tipo: 'usuario', id: writer.id }, cookie)],
      ['comentar', postJson(`/ajax/artigos/${article.id}/comentarios`, { conteudo: 'Oi' }, cookie)],
      ['comentar', postJson(`/ajax/comentarios/${root?.id}/respostas`, { conteudo: 'Oi' }, cookie)],
      ['votar', postJson(`/ajax/artigos/${article.id}/votar`, { 'tipo-de-voto': 'POSITIVO' }, cookie)],
      [
        'configurar um webhook',
        postJson('/ajax/monitoramentos/webhook', { url: 'https://recebe.example.com/x' }, cookie),
      ],
      [
        'dizer que uma página é sua',
        claim(cookie.Cookie, person.id, { tipo: 'oab', oab_numero: '1', oab_uf: 'SP' }),
      ],
    ]
    for (const [action, pending] of refusals) {
      const res = await pending
      expect(res.status, action).toBe(403)
      const body = (await res.json()) as { errors: string[] }
      expect(body.errors[0], action).toBe(
        `Confirme seu e-mail para ${action}: abra o link que enviamos para o seu endereço. ${RESEND}`,
      )
    }
    const mine = <T extends { userId: number }>(rows: T[]) => rows.filter((r) => r.userId === newcomer.id)
    expect(mine(await db().select().from(follows).where(eq(follows.kind, 'usuario')))).toEqual([])
    expect(await db().select().from(comments).where(eq(comments.authorId, newcomer.id))).toEqual([])
    expect(
      mine(await db().select().from(articleVotes).where(eq(articleVotes.articleId, article.id))),
    ).toEqual([])
    expect(await db().select().from(webhooks).where(eq(webhooks.userId, newcomer.id))).toEqual([])
    expect(await db().select().from(personClaims).where(eq(personClaims.userId, newcomer.id))).toEqual([])

    // What stays private needs nothing: following a community, for one's own feed.
    const own = await postJson('/ajax/seguir', { tipo: 'comunidade', id: article.communityId }, cookie)
    expect(own.status).toBe(200)
    // Confirmed, the same person follows the profile.
    await db().update(users).set({ emailConfirmedAt: Date.now() }).where(eq(users.id, newcomer.id))
    expect((await postJson('/ajax/seguir', { tipo: 'usuario', id: writer.id }, cookie)).status).toBe(200)
  })
})

describe('a CPF typed into a claim is kept only masked (issue 38 item 8)', () => {
  it('stores and shows "***.456.789-**", never the whole number', async () => {
    const name = `Rita ${surname()} Maia`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf)
    const user = await createUser({ name })
    const sent = await claim(await sessionCookie(user.id), person.id, { tipo: 'cpf', cpf: formatCpf(cpf) })
    expect(sent.status).toBe(200)
    const [stored] = await db().select().from(personClaims).where(eq(personClaims.userId, user.id))
    expect(stored?.evidenceValue).toBe(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`)
    // What the reviewer needs is kept: a matéria prints that CPF next to the name.
    expect(stored?.matched).toMatchObject({ document: { source: 'diario' } })
    const reviewer = await createUser()
    await grantRole(reviewer.id)
    const queue = await (
      await get('/revisao/reivindicacoes', { headers: { Cookie: await sessionCookie(reviewer.id) } })
    ).text()
    expect(queue).not.toContain(formatCpf(cpf))
    expect(queue).not.toContain(cpf)
  })
})

describe('"is this e-mail registered?" is on a tight counter (issue 38 item 8)', () => {
  it('answers the signup form, and a run of checks from one address is stopped at the 11th', async () => {
    const taken = await createUser()
    const from = { 'CF-Connecting-IP': `10.88.${unique()}` }
    // Each with a verified token: the captcha pass is not what stops the run here.
    const check = (email: string) =>
      postJson('/cadastrar/verificar-email-existe', { email, 'cf-turnstile-response': DUMMY }, from)
    const first = await check(taken.email)
    expect(await first.json()).toMatchObject({ disponivel: false })
    const statuses = [first.status]
    for (let i = 0; i < 10; i++)
      statuses.push((await check(`livre${i}.${Date.now()}@exemplo.invalid`)).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses[10]).toBe(429)
  })
})
