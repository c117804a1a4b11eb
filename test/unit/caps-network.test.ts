import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, users } from '~/db/schema'
import { professionalMessages } from '~/db/schema-accounts'
import { articles, articleVotes, comments } from '~/db/schema-articles'
import { dailyQuotas, follows } from '~/db/schema-network'
import { addressSubject, DAILY_CAPS, MESSAGES_PER_ADDRESS_PER_DAY } from '~/domain/limits/daily-quotas.server'
import { todayIso } from '~/lib/dates'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import { DUMMY, postForm } from './profiles-helpers'

// Issue 27 item 6: one account's actions that write rows for many others are bounded.
const db = () => deps().db
const ADVOGADO = 4 // the "Advogado" profession community (migrations/0008)
const DIREITO_PENAL = 63 // a theme: followers, no members
const DAY_MS = 86_400_000

const MESSAGES = {
  unconfirmed:
    'Confirme seu e-mail para publicar artigos: use o link que enviamos ou peça um novo no aviso do topo da página.',
  notMember:
    'Você só pode publicar nas comunidades de que participa: a da sua profissão ou curso, ou um tema que você segue.',
  articles:
    'Você atingiu o limite de artigos por dia (3 nos primeiros 7 dias da conta, depois 10). Tente novamente amanhã.',
  comments:
    'Você atingiu o limite de comentários por dia (30 nos primeiros 7 dias da conta, depois 200). Tente novamente amanhã.',
  follows:
    'Você atingiu o limite de novos itens seguidos por dia (100 nos primeiros 7 dias da conta, depois 400). Tente novamente amanhã.',
  votes:
    'Você atingiu o limite de votos por dia (200 nos primeiros 7 dias da conta, depois 1.000). Tente novamente amanhã.',
  messages: 'Limite de 20 mensagens por dia a profissionais atingido. Tente novamente amanhã.',
}

async function person(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides)
  return { user, cookie: await sessionCookie(user.id) }
}

const publish = (cookie: string, communityId: number, titulo = 'Um artigo para muitos') =>
  postJson(
    '/ajax/artigos',
    { titulo, comunidade_id: communityId, conteudo: 'Texto do artigo.' },
    { Cookie: cookie },
  )

const articlesBy = async (userId: number) =>
  db().select({ id: articles.id }).from(articles).where(eq(articles.authorId, userId))

/** Sets today's counter of `action` for a subject, as if that many were done already today. */
async function spent(subject: string, action: string, used: number) {
  await db()
    .insert(dailyQuotas)
    .values({ subject, action, day: todayIso(new Date()), used })
    .onConflictDoUpdate({ target: [dailyQuotas.subject, dailyQuotas.action, dailyQuotas.day], set: { used } })
}

describe('who may publish to a community', () => {
  it('a new unconfirmed student who is not a member cannot publish to "Advogado": nothing is stored or fanned out', async () => {
    const follower = await person({ name: 'Seguidora de Advogado' })
    await mayPublishIn(follower.user.id, ADVOGADO)
    const student = await person({
      kind: 'estudante',
      headline: 'Estudante de Direito',
      emailConfirmedAt: null,
    })

    const unconfirmed = await publish(student.cookie, ADVOGADO)
    expect(unconfirmed.status).toBe(403)
    expect(await unconfirmed.json()).toMatchObject({ errors: [MESSAGES.unconfirmed] })

    await db().update(users).set({ emailConfirmedAt: Date.now() }).where(eq(users.id, student.user.id))
    const stranger = await publish(student.cookie, ADVOGADO)
    expect(stranger.status).toBe(403)
    expect(await stranger.json()).toMatchObject({ errors: [MESSAGES.notMember] })

    expect(await articlesBy(student.user.id)).toEqual([])
    const toFollower = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, follower.user.id), eq(notifications.kind, 'artigo-comunidade')))
    expect(toFollower).toEqual([])
  })

  it('a member publishes in their community; a theme is open to its followers only; moving an article follows the same rule', async () => {
    const lawyer = await person({ occupationCode: '241005' })
    await mayPublishIn(lawyer.user.id, ADVOGADO)
    const own = await publish(lawyer.cookie, ADVOGADO, 'No meu lugar')
    expect(own.status).toBe(200)
    const { artigo } = (await own.json()) as { artigo: { id: number } }

    const theme = await publish(lawyer.cookie, DIREITO_PENAL)
    expect(theme.status).toBe(403)
    expect(await theme.json()).toMatchObject({ errors: [MESSAGES.notMember] })
    const moved = await postJson(
      `/ajax/artigos/${artigo.id}/editar`,
      { titulo: 'No meu lugar', comunidade_id: DIREITO_PENAL, conteudo: 'Texto do artigo.' },
      { Cookie: lawyer.cookie },
    )
    expect(moved.status).toBe(403)
    const [still] = await db().select().from(articles).where(eq(articles.id, artigo.id))
    expect(still?.communityId).toBe(ADVOGADO)

    expect(
      (await postJson('/ajax/seguir', { tipo: 'comunidade', id: DIREITO_PENAL }, { Cookie: lawyer.cookie }))
        .status,
    ).toBe(200)
    expect((await publish(lawyer.cookie, DIREITO_PENAL, 'Agora no tema')).status).toBe(200)
  })

  it('the form offers only the communities one may publish to, and says why when there is none', async () => {
    const lawyer = await person({ occupationCode: '241005' })
    await mayPublishIn(lawyer.user.id, ADVOGADO)
    const search = (cookie: string, term: string) =>
      get(`/ajax/artigos/comunidades?comunidade_nome=${encodeURIComponent(term)}`, {
        headers: { Cookie: cookie },
      })
    const mine = (await (await search(lawyer.cookie, 'Advog')).json()) as {
      value: number
      inputLabel: string
    }[]
    expect(mine.map((item) => item.inputLabel)).toEqual(['Advogado'])
    expect(await (await search(lawyer.cookie, 'Direito Penal')).json()).toEqual([])

    const newcomer = await person({ emailConfirmedAt: null })
    expect(await (await search(newcomer.cookie, 'Advog')).json()).toEqual([])
    const form = await (
      await get('/artigos/novo?comunidade=advogado', { headers: { Cookie: newcomer.cookie } })
    ).text()
    expect(form).toContain(MESSAGES.unconfirmed)
    expect(form).toContain('name="comunidade_id" value=""')
  })
})

describe('daily caps per account, taken atomically', () => {
  it(`a new account publishes at most ${DAILY_CAPS.artigo.newAccount} articles a day, even all at once`, async () => {
    const writer = await person()
    await mayPublishIn(writer.user.id, ADVOGADO)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => publish(writer.cookie, ADVOGADO, `Artigo em rajada ${i}`)),
    )
    expect(answers.filter((response) => response.status === 200)).toHaveLength(DAILY_CAPS.artigo.newAccount)
    const refused = answers.filter((response) => response.status !== 200)
    for (const response of refused) {
      expect(response.status).toBe(429)
      expect(await response.json()).toMatchObject({ errors: [MESSAGES.articles] })
    }
    expect(await articlesBy(writer.user.id)).toHaveLength(DAILY_CAPS.artigo.newAccount)
  })

  it(`an older account has the larger cap (${DAILY_CAPS.artigo.everyone} a day)`, async () => {
    const writer = await person({ createdAt: Date.now() - 30 * DAY_MS })
    await mayPublishIn(writer.user.id, ADVOGADO)
    await spent(`u:${writer.user.id}`, 'artigo', DAILY_CAPS.artigo.everyone - 1)
    expect((await publish(writer.cookie, ADVOGADO, 'O décimo')).status).toBe(200)
    const eleventh = await publish(writer.cookie, ADVOGADO, 'O décimo primeiro')
    expect(eleventh.status).toBe(429)
    expect(await eleventh.json()).toMatchObject({ errors: [MESSAGES.articles] })
    expect(await articlesBy(writer.user.id)).toHaveLength(1)
  })

  it('comments and replies: the next past the cap is a Portuguese 429 and stores nothing', async () => {
    const author = await person()
    await mayPublishIn(author.user.id, ADVOGADO)
    const { artigo } = (await (await publish(author.cookie, ADVOGADO)).json()) as { artigo: { id: number } }
    const talker = await person()
    await spent(`u:${talker.user.id}`, 'comentario', DAILY_CAPS.comentario.newAccount - 1)
    const say = () =>
      postJson(
        `/ajax/artigos/${artigo.id}/comentarios`,
        { conteudo: 'Mais um comentário' },
        { Cookie: talker.cookie },
      )
    expect((await say()).status).toBe(200)
    const over = await say()
    expect(over.status).toBe(429)
    expect(await over.json()).toMatchObject({ errors: [MESSAGES.comments] })
    expect(await db().select().from(comments).where(eq(comments.authorId, talker.user.id))).toHaveLength(1)
  })

  it('follows: concurrent follows past the cap store exactly the slots left, and nobody else is told', async () => {
    const fan = await person()
    const targets = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUser({ name: `Seguida ${i}` })),
    )
    await spent(`u:${fan.user.id}`, 'seguir', DAILY_CAPS.seguir.newAccount - 3)
    const answers = await Promise.all(
      targets.map((target) =>
        postJson('/ajax/seguir', { tipo: 'usuario', id: target.id }, { Cookie: fan.cookie }),
      ),
    )
    expect(answers.filter((response) => response.status === 200)).toHaveLength(3)
    for (const response of answers.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(429)
      expect(await response.json()).toMatchObject({ errors: [MESSAGES.follows] })
    }
    expect(await db().select().from(follows).where(eq(follows.userId, fan.user.id))).toHaveLength(3)
    await eventually(async () => {
      const told = await db()
        .select()
        .from(notifications)
        .where(like(notifications.dedupeKey, `seguidor:${fan.user.id}:%`))
      return told.length === 3
    })
  })

  it('votes: the next past the cap is a Portuguese 429 and stores nothing', async () => {
    const author = await person()
    await mayPublishIn(author.user.id, ADVOGADO)
    const { artigo } = (await (await publish(author.cookie, ADVOGADO)).json()) as { artigo: { id: number } }
    const second = (await (await publish(author.cookie, ADVOGADO, 'Outro')).json()) as {
      artigo: { id: number }
    }
    const voter = await person()
    await spent(`u:${voter.user.id}`, 'voto', DAILY_CAPS.voto.newAccount - 1)
    const cast = (id: number) =>
      postJson(`/ajax/artigos/${id}/votar`, { 'tipo-de-voto': 'POSITIVO' }, { Cookie: voter.cookie })
    expect((await cast(artigo.id)).status).toBe(200)
    const over = await cast(second.artigo.id)
    expect(over.status).toBe(429)
    expect(await over.json()).toMatchObject({ errors: [MESSAGES.votes] })
    expect(await db().select().from(articleVotes).where(eq(articleVotes.userId, voter.user.id))).toHaveLength(
      1,
    )
  })

  it(`messages to professionals: at most ${MESSAGES_PER_ADDRESS_PER_DAY} a day from one address`, async () => {
    const recipient = await createUser()
    const address = '203.0.113.27'
    await spent(await addressSubject(deps(), address), 'mensagem', MESSAGES_PER_ADDRESS_PER_DAY)
    const form = new URLSearchParams({
      nome: 'Visitante Insistente',
      email: 'visitante@exemplo.invalid',
      telefone: '11987654321',
      conteudo: 'Mais uma mensagem.',
      'cf-turnstile-response': DUMMY,
      usuario_id: String(recipient.id),
    })
    const over = await postForm('/ajax/enviar-mensagem-profissional', form, { 'CF-Connecting-IP': address })
    expect(over.status).toBe(429)
    expect(await over.json()).toMatchObject({ errors: [MESSAGES.messages] })
    const stored = await db()
      .select()
      .from(professionalMessages)
      .where(eq(professionalMessages.recipientId, recipient.id))
    expect(stored).toEqual([])
    // Another address is not held back.
    const other = await postForm('/ajax/enviar-mensagem-profissional', form, {
      'CF-Connecting-IP': '203.0.113.28',
    })
    expect(other.status).toBe(200)
  })
})
