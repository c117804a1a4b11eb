import { env } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { occupations } from '~/db/schema-corpus'
import { followCounts, follows } from '~/db/schema-network'
import { syncNetwork } from '~/domain/directory/sync.server'
import { ensureReference, post, signupForm } from './accounts-helpers'
import { createUser, deps, get, sessionCookie } from './helpers'
import { postForm } from './profiles-helpers'

const db = () => deps().db

async function community(where: { slug?: string; occupationCode?: string; course?: string }) {
  const [row] = await db()
    .select()
    .from(communities)
    .where(
      where.slug
        ? eq(communities.slug, where.slug)
        : where.course
          ? eq(communities.course, where.course)
          : eq(communities.occupationCode, where.occupationCode ?? ''),
    )
  if (!row) throw new Error(`community ${JSON.stringify(where)}`)
  const [counted] = await db()
    .select({ n: followCounts.followers })
    .from(followCounts)
    .where(and(eq(followCounts.kind, 'comunidade'), eq(followCounts.targetId, row.id)))
  return { ...row, followers: counted?.n ?? 0 }
}

const memberships = async (userId: number) =>
  (
    await db()
      .select()
      .from(follows)
      .where(and(eq(follows.userId, userId), eq(follows.kind, 'comunidade')))
  ).map((f) => [f.targetId, f.membership])

/** A professional or student who joined their community the way signup and the profile tab do. */
async function member(overrides: Parameters<typeof createUser>[0]) {
  const user = await createUser(overrides)
  await syncNetwork(deps(), user.id)
  return user
}

const count = (n: number, one: string, many: string, none: string) =>
  n === 0 ? none : n === 1 ? one : `${n.toLocaleString('pt-BR')} ${many}`
const members = (n: number) => count(n, '1 membro', 'membros', 'Nenhum membro')
const followers = (n: number) => count(n, '1 seguidor', 'seguidores', 'Nenhum seguidor')

describe('/comunidades', () => {
  it('lists every community under Profissões, Cursos and Temas, with members and followers and a link', async () => {
    await member({ occupationCode: '241005' })
    const res = await get('/comunidades')
    expect(res.status).toBe(200)
    const html = await res.text()
    const headings = [...html.matchAll(/<h2 id="comunidades-[a-z]+">([^<]+)<\/h2>/g)].map((m) => m[1])
    expect(headings).toEqual(['Profissões', 'Cursos', 'Temas'])
    const lawyers = await community({ occupationCode: '241005' })
    expect(lawyers.memberCount).toBeGreaterThan(0)
    expect(html).toMatch(
      new RegExp(
        `<a[^>]* href="/comunidades/${lawyers.slug}"[^>]*>${lawyers.name}</a><span class="muted">${members(lawyers.memberCount)} · ${followers(lawyers.followers)}</span>`,
      ),
    )
    // A theme has followers only: nobody is a member of a theme.
    const [theme] = await db().select().from(communities).where(eq(communities.kind, 'tema')).limit(1)
    const themeCounts = await community({ slug: theme?.slug })
    expect(html).toContain(
      `>${themeCounts.name}</a><span class="muted">${followers(themeCounts.followers)}</span>`,
    )
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/comunidades"/)
    expect(html).toContain('"@type":"CollectionPage"')
  })
})

describe('/comunidades/{slug}', () => {
  it('shows the name, kind, members, followers, the follow button and the newest members first', async () => {
    const course = 'Serviços Jurídicos, Cartorários e Notariais'
    const first = await member({
      kind: 'estudante',
      course,
      headline: `Estudante de ${course}`,
      name: 'Primeira Aluna',
    })
    const second = await member({
      kind: 'estudante',
      course,
      headline: `Estudante de ${course}`,
      name: 'Segundo Aluno',
    })
    const third = await member({
      kind: 'estudante',
      course,
      headline: `Estudante de ${course}`,
      name: 'Terceira Aluna',
    })
    const stored = await community({ course })
    const html = await (await get(`/comunidades/${stored.slug}`)).text()

    expect(html).toContain(`<h1 id="comunidade-nome">${stored.name}</h1>`)
    expect(html).toContain('Comunidade de curso')
    expect(html).toContain(`<p class="community__members">${members(stored.memberCount)}</p>`)
    expect(html).toContain(followers(stored.followers))
    expect(html).toMatch(/<button type="submit"[^>]*aria-pressed="false"[^>]*>Seguir/)
    // Newest first, each linking to their profile on their subdomain, with their title.
    const people = html.slice(html.indexOf('Membros mais recentes'))
    const at = (name: string) => people.indexOf(`>${name}</a>`)
    expect(at(third.name)).toBeGreaterThan(-1)
    expect(at(third.name)).toBeLessThan(at(second.name))
    expect(at(second.name)).toBeLessThan(at(first.name))
    expect(people).toContain(`href="http://${third.subdomain}.${env.BASE_DOMAIN}"`)
    expect(people).toContain(`<p class="muted">Estudante de ${course}</p>`)

    expect(html).toContain(`<title>${stored.name} – Comunidade de curso | JurisEdge</title>`)
    expect(html).toContain(
      `<link rel="canonical" href="http://${env.BASE_DOMAIN}/comunidades/${stored.slug}"`,
    )
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
    )
    expect(jsonLd).toMatchObject({ '@type': 'Organization', name: stored.name })
    expect(jsonLd.member[0]).toMatchObject({ '@type': 'Person', name: third.name })
  })

  it('shows a member their own community as followed and locked', async () => {
    const user = await member({ occupationCode: '241005' })
    const lawyers = await community({ occupationCode: '241005' })
    const html = await (
      await get(`/comunidades/${lawyers.slug}`, { headers: { Cookie: await sessionCookie(user.id) } })
    ).text()
    expect(html).toMatch(/<button type="submit"[^>]*aria-pressed="true"[^>]*>Seguindo/)
    expect(html).toContain('Ver advogados no diretório')
  })

  it('shows a theme with its newest followers and no member count', async () => {
    const [theme] = await db().select().from(communities).where(eq(communities.kind, 'tema')).limit(1)
    if (!theme) throw new Error('theme')
    const fan = await createUser({ name: 'Fã do Tema' })
    await db().insert(follows).values({ userId: fan.id, kind: 'comunidade', targetId: theme.id })
    const html = await (await get(`/comunidades/${theme.slug}`)).text()
    expect(html).toContain('Seguidores mais recentes')
    expect(html).toContain(`>${fan.name}</a>`)
    expect(html).not.toContain('community__members')
  })

  it('answers an unknown community with the Portuguese 404 page', async () => {
    const res = await get('/comunidades/nao-existe-esta-comunidade')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<h1 id="erro-titulo">Página não encontrada</h1>')
  })
})

describe('membership follows the profession or course', () => {
  it('a new signup joins the community of their profession; a student, of their course', async () => {
    await ensureReference()
    const lawyers = await community({ occupationCode: '241005' })
    const professional = signupForm()
    expect((await post('/cadastrar', professional)).status).toBe(200)
    const [pro] = await db().select().from(users).where(eq(users.email, professional.email))
    expect(await memberships(pro?.id ?? 0)).toEqual([[lawyers.id, true]])
    expect((await community({ occupationCode: '241005' })).memberCount).toBe(lawyers.memberCount + 1)

    const accounting = await community({ course: 'Ciências Contábeis' })
    const student = signupForm({ perfil: 'estudante', profissao: '', curso: 'Ciências Contábeis' })
    expect((await post('/cadastrar', student)).status).toBe(200)
    const [pupil] = await db().select().from(users).where(eq(users.email, student.email))
    expect(await memberships(pupil?.id ?? 0)).toEqual([[accounting.id, true]])
    expect((await community({ course: 'Ciências Contábeis' })).memberCount).toBe(accounting.memberCount + 1)
  })

  it('changing the profession on the tab moves the membership: the old community −1, the new +1', async () => {
    await db()
      .insert(occupations)
      .values([
        { code: '241005', title: 'Advogado', slug: 'advogado' },
        { code: '252210', title: 'Contador', slug: 'contador' },
      ])
      .onConflictDoNothing()
    const user = await member({ occupationCode: '241005', kind: 'profissional' })
    const lawyers = await community({ occupationCode: '241005' })
    const accountants = await community({ occupationCode: '252210' })
    expect(await memberships(user.id)).toEqual([[lawyers.id, true]])

    await ensureReference()
    const form = new URLSearchParams({ ocupacao: '252210', 'cidades_ids[]': '3509502' })
    const res = await postForm('/ajax/conta/profissao', form, { Cookie: await sessionCookie(user.id) })
    expect(res.status).toBe(200)
    expect(await memberships(user.id)).toEqual([[accountants.id, true]])
    expect((await community({ occupationCode: '241005' })).memberCount).toBe(lawyers.memberCount - 1)
    expect((await community({ occupationCode: '252210' })).memberCount).toBe(accountants.memberCount + 1)
    expect((await community({ occupationCode: '241005' })).followers).toBe(lawyers.followers - 1)
  })
})
