import { env } from 'cloudflare:test'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { companies, lawsuits, people } from '~/db/schema-corpus'
import { followCounts, follows } from '~/db/schema-network'
import { syncNetwork } from '~/domain/directory/sync.server'
import { createUser, deps, eventually, get, plainPost, postJson, sessionCookie } from './helpers'

const db = () => deps().db
let seq = 0
const tag = () => `${Date.now().toString(36)}${++seq}`

async function person() {
  const t = tag()
  const [row] = await db()
    .insert(people)
    .values({ name: `Pessoa Seguida ${t}`, slug: `pessoa-seguida-${t}` })
    .returning()
  if (!row) throw new Error('person')
  return row
}

async function counted(kind: 'pessoa' | 'usuario' | 'comunidade' | 'empresa' | 'processo', id: number) {
  const [stored] = await db()
    .select({ n: followCounts.followers })
    .from(followCounts)
    .where(and(eq(followCounts.kind, kind), eq(followCounts.targetId, id)))
  const [rows] = await db()
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.kind, kind), eq(follows.targetId, id)))
  return { stored: stored?.n ?? 0, rows: rows?.n ?? 0 }
}

async function loggedIn(overrides = {}) {
  const user = await createUser(overrides)
  return { user, cookie: await sessionCookie(user.id) }
}

describe('POST /ajax/seguir and /ajax/deixar-seguir (spec §7 "Follow")', () => {
  it('follows once however often it is asked, answers the count, and unfollows', async () => {
    const { cookie } = await loggedIn()
    const target = await person()
    const first = await postJson('/ajax/seguir', { id: target.id, tipo: 'pessoa' }, { Cookie: cookie })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ status: 'success', seguindo: true, count: 1 })
    const again = await postJson(
      '/ajax/seguir',
      { id: String(target.id), tipo: 'pessoa' },
      { Cookie: cookie },
    )
    expect(await again.json()).toMatchObject({ status: 'success', count: 1 })
    expect(await counted('pessoa', target.id)).toEqual({ stored: 1, rows: 1 })

    const off = await postJson('/ajax/deixar-seguir', { id: target.id, tipo: 'pessoa' }, { Cookie: cookie })
    expect(await off.json()).toMatchObject({ status: 'success', seguindo: false, count: 0 })
    const offAgain = await postJson(
      '/ajax/deixar-seguir',
      { id: target.id, tipo: 'pessoa' },
      { Cookie: cookie },
    )
    expect(await offAgain.json()).toMatchObject({ status: 'success', count: 0 })
    expect(await counted('pessoa', target.id)).toEqual({ stored: 0, rows: 0 })
  })

  it('keeps the count equal to the rows when 50 users follow and unfollow at once', async () => {
    const target = await person()
    const users = await Promise.all(Array.from({ length: 50 }, () => loggedIn()))
    await Promise.all(
      users.map(({ cookie }) =>
        postJson('/ajax/seguir', { id: target.id, tipo: 'pessoa' }, { Cookie: cookie }),
      ),
    )
    expect(await counted('pessoa', target.id)).toEqual({ stored: 50, rows: 50 })
    // Half leave while the other half follow again (a no-op): every answer is exact.
    const answers = await Promise.all(
      users.map(({ cookie }, i) =>
        postJson(
          i % 2 ? '/ajax/deixar-seguir' : '/ajax/seguir',
          { id: target.id, tipo: 'pessoa' },
          { Cookie: cookie },
        ),
      ),
    )
    expect(answers.every((r) => r.status === 200)).toBe(true)
    expect(await counted('pessoa', target.id)).toEqual({ stored: 25, rows: 25 })
  })

  it('follows each kind that exists and refuses what does not, in Portuguese and never with a 500', async () => {
    const { user, cookie } = await loggedIn()
    const other = await createUser()
    const t = tag()
    const [company] = await db()
      .insert(companies)
      .values({
        cnpj: `${Date.now()}`.padEnd(14, '0').slice(0, 14),
        legalName: `Empresa ${t}`,
        slug: `empresa-${t}`,
      })
      .returning()
    const [open, secret] = await db()
      .insert(lawsuits)
      .values([
        { cnj: `1${Date.now()}`.padEnd(20, '1').slice(0, 20), court: 'TJSP', source: 'teste', checksum: t },
        {
          cnj: `2${Date.now()}`.padEnd(20, '2').slice(0, 20),
          court: 'TJSP',
          source: 'teste',
          checksum: t,
          secrecyLevel: 1,
        },
      ])
      .returning()
    const [community] = await db().select().from(communities).where(eq(communities.kind, 'tema')).limit(1)
    const follow = (body: unknown) => postJson('/ajax/seguir', body, { Cookie: cookie })

    for (const [tipo, id] of [
      ['usuario', other.id],
      ['empresa', company?.id],
      ['processo', open?.id],
      ['comunidade', community?.id],
    ] as const) {
      const response = await follow({ id, tipo })
      expect(response.status, tipo).toBe(200)
    }

    const cases: [unknown, number, string][] = [
      [{ id: secret?.id, tipo: 'processo' }, 404, 'Item não encontrado.'],
      [{ id: 999_999_999, tipo: 'pessoa' }, 404, 'Item não encontrado.'],
      [{ id: user.id, tipo: 'usuario' }, 422, 'Você não pode seguir a si mesmo.'],
      [{ id: 1, tipo: 'planeta' }, 422, 'Este tipo de item não pode ser seguido.'],
      [{ id: 'abc', tipo: 'pessoa' }, 422, 'Informe um item válido para seguir.'],
      [{ id: -3, tipo: 'pessoa' }, 422, 'Informe um item válido para seguir.'],
      [{ id: 1e30, tipo: 'pessoa' }, 422, 'Informe um item válido para seguir.'],
      [{}, 422, 'Informe um item válido para seguir.'],
    ]
    for (const [body, status, message] of cases) {
      const response = await follow(body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      const answer = (await response.json()) as { status: string; errors: string[] }
      expect(answer.status).toBe('error')
      expect(answer.errors).toContain(message)
    }
    const unknownKind = await postJson('/ajax/deixar-seguir', { id: 1, tipo: 'planeta' }, { Cookie: cookie })
    expect(unknownKind.status).toBe(422)
  })

  it('asks an anonymous visitor to log in: 401 for scripts, the login page for a plain form', async () => {
    const target = await person()
    const script = await postJson('/ajax/seguir', { id: target.id, tipo: 'pessoa' })
    expect(script.status).toBe(401)
    const form = await plainPost(
      '/ajax/seguir',
      { id: String(target.id), tipo: 'pessoa' },
      '',
      `/pessoas/${target.slug}`,
    )
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toBe(
      `/login?auth.redirect=${encodeURIComponent(`/pessoas/${target.slug}`)}`,
    )
    expect(await counted('pessoa', target.id)).toEqual({ stored: 0, rows: 0 })
  })

  it('works as a plain form post: back to the page, with the follow done and a notice', async () => {
    const { cookie } = await loggedIn()
    const target = await person()
    const response = await plainPost(
      '/ajax/seguir',
      { id: String(target.id), tipo: 'pessoa' },
      cookie,
      `/pessoas/${target.slug}`,
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toContain(`/pessoas/${target.slug}`)
    expect(await counted('pessoa', target.id)).toEqual({ stored: 1, rows: 1 })
    const page = await get(`/pessoas/${target.slug}`, { headers: { Cookie: cookie } })
    const html = await page.text()
    expect(html).toContain('Seguindo')
    expect(html).toContain('1 seguidor')
  })

  it('tells a professional about a new follower once, through the queue, even after unfollow and follow', async () => {
    const { user: follower, cookie } = await loggedIn({ name: 'Beatriz Seguidora' })
    const professional = await createUser()
    const body = { id: professional.id, tipo: 'usuario' }
    await postJson('/ajax/seguir', body, { Cookie: cookie })
    await postJson('/ajax/deixar-seguir', body, { Cookie: cookie })
    await postJson('/ajax/seguir', body, { Cookie: cookie })
    const key = `seguidor:${follower.id}:${professional.id}`
    const delivered = await eventually(async () => {
      const rows = await db().select().from(notifications).where(eq(notifications.userId, professional.id))
      return rows.length ? rows : null
    })
    expect(delivered).toHaveLength(1)
    expect(delivered[0]).toMatchObject({
      kind: 'seguidor',
      dedupeKey: key,
      title: 'Beatriz Seguidora começou a seguir você.',
    })
    expect(delivered[0]?.url).toBe(`http://${follower.subdomain}.${env.BASE_DOMAIN}/`)
  })
})

describe('the community of one’s profession or course (spec §6)', () => {
  it('is joined at signup time, cannot be left ("fail"), and is left out of the "Seguindo" table', async () => {
    const { user, cookie } = await loggedIn({ occupationCode: '241005', kind: 'profissional' })
    await syncNetwork(deps(), user.id)
    const [advogados] = await db().select().from(communities).where(eq(communities.occupationCode, '241005'))
    if (!advogados) throw new Error('community')
    const before = await counted('comunidade', advogados.id)

    const response = await postJson(
      '/ajax/deixar-seguir',
      { id: advogados.id, tipo: 'comunidade' },
      { Cookie: cookie },
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      status: 'fail',
      errors: ['Não é possível deixar de ser membro da comunidade relacionada à sua profissão ou curso.'],
    })
    expect(await counted('comunidade', advogados.id)).toEqual(before)

    const state = await get(`/ajax/seguidores?tipo=comunidade&id=${advogados.id}`, {
      headers: { Cookie: cookie },
    })
    expect(await state.json()).toMatchObject({ status: 'success', seguindo: true, fixo: true })

    // The table lists what can be left; deleting the membership's row id changes nothing.
    const target = await person()
    await postJson('/ajax/seguir', { id: target.id, tipo: 'pessoa' }, { Cookie: cookie })
    const mine = await db().select().from(follows).where(eq(follows.userId, user.id))
    const page = await (await get('/conta/seguindo', { headers: { Cookie: cookie } })).text()
    expect(page).toContain(target.name)
    expect(page).not.toContain(`>${advogados.name}<`)
    const removed = await postJson(
      '/ajax/conta/seguindo/excluir',
      { itens: mine.map((f) => f.id) },
      { Cookie: cookie },
    )
    expect(await removed.json()).toMatchObject({
      status: 'success',
      message: 'Itens excluídos',
      excluidos: 1,
    })
    const left = await db().select().from(follows).where(eq(follows.userId, user.id))
    expect(left.map((f) => [f.kind, f.targetId, f.membership])).toEqual([['comunidade', advogados.id, true]])
  })

  it("does not let a user delete someone else's follows from the table", async () => {
    const owner = await loggedIn()
    const intruder = await loggedIn()
    const target = await person()
    await postJson('/ajax/seguir', { id: target.id, tipo: 'pessoa' }, { Cookie: owner.cookie })
    const [row] = await db().select().from(follows).where(eq(follows.userId, owner.user.id))
    const response = await postJson(
      '/ajax/conta/seguindo/excluir',
      { itens: [row?.id] },
      { Cookie: intruder.cookie },
    )
    expect(await response.json()).toMatchObject({ status: 'success', excluidos: 0 })
    expect(await counted('pessoa', target.id)).toEqual({ stored: 1, rows: 1 })
  })
})

describe('the directory professions shipped in migrations/0012', () => {
  it('are exactly the list the pages use', async () => {
    const { DIRECTORY_PROFESSIONS } = await import('~/domain/directory/professions')
    const { directoryProfessions } = await import('~/db/schema-network')
    const stored = await db().select().from(directoryProfessions)
    const expected = DIRECTORY_PROFESSIONS.flatMap((p) => p.codes.map((code) => [code, p.slug]))
    expect(stored.map((r) => [r.occupationCode, r.profession]).sort()).toEqual(expected.sort())
  })
})
