import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { LIKE_PATTERN_MAX_BYTES, likePattern } from '~/db/like'
import { communities, professionalMessages, userSpecialties } from '~/db/schema-accounts'
import { readMailbox } from '~/domain/mail/mail.server'
import { ensureReference, post, signupForm, unique } from './accounts-helpers'
import { BASE, createUser, deps, get, ORIGIN, postJson, sessionCookie } from './helpers'
import { postForm, referenceData } from './profiles-helpers'

const bytes = (text: string) => new TextEncoder().encode(text).length
const LONG_QUERY = `?${'x'.repeat(28_000)}`
const noFollow = (headers: Record<string, string> = {}): RequestInit => ({
  redirect: 'manual',
  headers: { Accept: 'text/html', ...headers },
})

/** Issue 27 item 8: a return path or redirect built from the request is never a 28 KB header. */
describe('redirects built from the request are bounded (issue 27 item 8)', () => {
  it('sends a login-guarded page with a 28,000-character query to the login page without it', async () => {
    const res = await get(`/conta/perfil${LONG_QUERY}`, noFollow())
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?auth.redirect=%2Fconta%2Fperfil')
  })

  it('still comes back to a guarded page with an ordinary query', async () => {
    const res = await get('/conta/perfil?aba=2', noFollow())
    expect(res.headers.get('location')).toBe('/login?auth.redirect=%2Fconta%2Fperfil%3Faba%3D2')
  })

  it('drops a huge query from the www and profile-host redirects to the main host', async () => {
    const www = await get(`http://www.${env.BASE_DOMAIN}/busca${LONG_QUERY}`, noFollow())
    expect(www.status).toBe(301)
    expect(www.headers.get('location')).toBe(`${BASE}/busca`)
    const owner = await createUser()
    const profile = await get(`http://${owner.subdomain}.${env.BASE_DOMAIN}/busca${LONG_QUERY}`, noFollow())
    expect(profile.status).toBe(301)
    expect(profile.headers.get('location')).toBe(`${BASE}/busca`)
  })

  it('answers a plain form post that needs a login, sent from a huge address, with a short Location', async () => {
    const res = await get('/ajax/seguir', {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...ORIGIN,
        Accept: 'text/html',
        'Content-Type': 'application/x-www-form-urlencoded',
        Referer: `${BASE}/busca${LONG_QUERY}`,
      },
      body: 'id=1&tipo=usuario',
    })
    expect(res.status).toBe(303)
    expect((res.headers.get('location') ?? '').length).toBeLessThanOrEqual(2100)
  })

  it('keeps the session bridge and the login return short, whatever `volta` or `auth.redirect` carries', async () => {
    const owner = await createUser()
    const volta = `/?${'v'.repeat(2000)}`
    const start = await get(
      `http://${owner.subdomain}.${env.BASE_DOMAIN}/sessao/ponte?volta=${encodeURIComponent(volta)}`,
      noFollow(),
    )
    const main = await get(start.headers.get('location') ?? '', noFollow())
    expect(main.status).toBe(302)
    expect((main.headers.get('location') ?? '').length).toBeLessThanOrEqual(2100)
    // A return address that only grows when re-serialised (each `é` becomes `%C3%A9`).
    const user = await createUser()
    const login = await get(`/login?auth.redirect=${encodeURIComponent(`/${'é'.repeat(1500)}`)}`, {
      ...noFollow({ Cookie: await sessionCookie(user.id) }),
    })
    expect(login.status).toBe(302)
    expect(login.headers.get('location')).toBe('/')
  })
})

/** Issue 27 item 9: the refusal reaches the person under the field; stored names cannot break mail. */
describe('control and direction-override characters (issue 27 item 9)', () => {
  it('refuses a name with U+202E at signup, under the field, in Portuguese', async () => {
    await ensureReference()
    for (const nome of [
      'Ana\u202Eazuos',
      'Ana\r\nBcc: x@exemplo.invalid',
      'Ana\u0000Souza',
      'Ana\u2066Souza',
    ]) {
      const res = await post('/cadastrar', signupForm({ nome }))
      expect(res.status, JSON.stringify(nome)).toBe(422)
      const body = (await res.json()) as { fields?: Record<string, string> }
      expect(body.fields?.nome).toBe(
        'Remova os caracteres invisíveis ou de controle (como quebras de linha) deste campo.',
      )
    }
  })

  it('refuses it when a profile is edited, and keeps the old name', async () => {
    const user = await createUser({ name: 'Nome Antigo' })
    const res = await post(
      '/ajax/conta/perfil',
      { email: user.email, nome: 'Novo\u202EemoN', data_nascimento: '' },
      { Cookie: await sessionCookie(user.id) },
    )
    expect(res.status).toBe(422)
    const stored = await deps().db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) })
    expect(stored?.name).toBe('Nome Antigo')
  })

  it('sends no line break in any mail header, even from a value stored before the rule', async () => {
    const to = `cabecalho.${unique()}@exemplo.invalid`
    await deps().mailer.send({
      to,
      subject: 'Ana\r\nBcc: intruso@exemplo.invalid\u202E começou a seguir você',
      text: 'corpo\r\ncom linhas',
      html: '<p>corpo</p>',
      headers: { 'List-Unsubscribe': '<https://x.invalid/a>\r\nBcc: intruso@exemplo.invalid' },
    })
    const [mail] = await readMailbox(env.SESSIONS, to)
    expect(mail?.subject).toBe('Ana Bcc: intruso@exemplo.invalid começou a seguir você')
    expect(mail?.headers?.['List-Unsubscribe']).toBe('<https://x.invalid/a> Bcc: intruso@exemplo.invalid')
    // The body keeps its lines: only headers are single-line.
    expect(mail?.text).toBe('corpo\r\ncom linhas')
  })
})

/** Issue 27 item 13: one LIKE pattern builder, and long terms everywhere answer 200. */
describe('LIKE patterns (issue 27 item 13)', () => {
  it('escapes the wildcards and keeps every pattern within 50 bytes, never cutting a character', () => {
    expect(likePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%')
    for (const term of [
      'a'.repeat(60),
      'ã'.repeat(60),
      'çã'.repeat(31),
      '🙂'.repeat(20),
      '%'.repeat(40),
      'é_'.repeat(30),
    ]) {
      const pattern = likePattern(term)
      expect(bytes(pattern), term).toBeLessThanOrEqual(LIKE_PATTERN_MAX_BYTES)
      expect(pattern.includes('\uFFFD')).toBe(false)
      // Never a lone escape at the end (which would escape the closing wildcard).
      expect(/(^|[^\\])(\\\\)*\\%$/.test(pattern)).toBe(false)
      expect(term.startsWith(pattern.slice(1, -1).replace(/\\(.)/g, '$1'))).toBe(true)
    }
    expect(bytes(likePattern('b'.repeat(60), { before: '%-' }))).toBe(50)
  })

  it('finds a course by the wildcard characters typed in it, literally', async () => {
    const tag = unique()
    await deps()
      .db.insert(communities)
      .values([
        {
          slug: `curso-pct-${tag}`,
          name: `Direito 100% ${tag}`,
          kind: 'curso',
          course: `Direito 100% ${tag}`,
        },
        {
          slug: `curso-sem-${tag}`,
          name: `Direito 1000 ${tag}`,
          kind: 'curso',
          course: `Direito 1000 ${tag}`,
        },
      ])
    const res = await get(`/ajax/cursos?${new URLSearchParams({ term: `100% ${tag}` })}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { results: { text: string }[] }
    expect(body.results.map((r) => r.text)).toEqual([`Direito 100% ${tag}`])
  })

  it('answers 200 to 60-character terms, plain and accented, on every autocomplete and select', async () => {
    const endpoints = [
      ['/ajax/cursos', 'term'],
      ['/ajax/cursos', 'q'],
      ['/ajax/busca-cidades', 'cidade_nome'],
      ['/ajax/busca-instituicoes', 'instituicao_nome'],
      ['/ajax/busca-titulos-profissionais', 'titulo'],
      ['/ajax/busca-comunidades', 'comunidade_nome'],
    ] as const
    for (const [path, param] of endpoints)
      for (const term of [
        'a'.repeat(60),
        'ção'.repeat(20),
        'São João '.repeat(7).slice(0, 60),
        `${'%_'.repeat(30)}`,
      ]) {
        const res = await get(`${path}?${new URLSearchParams({ [param]: term })}`)
        expect(res.status, `${path} ${term}`).toBe(200)
      }
  })
})

/** The probe's class beside item 13: lists from a form bound past D1's 100 parameters (a 500). */
describe('lists a form sends are bound in parts (issue 27 probe)', () => {
  it("deletes 500 selected messages at once, only the owner's", async () => {
    const owner = await createUser()
    const other = await createUser()
    const message = (recipientId: number) => ({
      recipientId,
      name: 'Visitante',
      content: 'Olá',
      phone: '11987654321',
      email: 'visitante@exemplo.invalid',
    })
    const mine = await deps()
      .db.insert(professionalMessages)
      .values([message(owner.id), message(owner.id), message(owner.id)])
      .returning({ id: professionalMessages.id })
    const [theirs] = await deps().db.insert(professionalMessages).values(message(other.id)).returning()
    const ids = [...mine.map((m) => m.id), theirs?.id ?? 0]
    const itens = [...ids, ...Array.from({ length: 496 }, (_, i) => 900_000_000 + i)]
    const res = await postJson(
      '/ajax/conta/mensagens/excluir',
      { itens },
      { Cookie: await sessionCookie(owner.id), Accept: 'application/json' },
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ excluidos: 3 })
    const left = await deps().db.select().from(professionalMessages)
    expect(left.some((row) => row.id === theirs?.id)).toBe(true)
  })

  it('saves a profession with 100 specialties picked, keeping the real ones', async () => {
    const ref = await referenceData()
    const user = await createUser()
    const form = new URLSearchParams({
      ocupacao: ref.occupation.code,
      'cidades_ids[]': String(ref.cities[0]?.code),
    })
    const picked = [ref.specialties.family.id, ref.specialties.labour.id]
    for (const id of [...picked, ...Array.from({ length: 98 }, (_, i) => 900_000_000 + i)])
      form.append('especialidades[]', String(id))
    const res = await postForm('/ajax/conta/profissao', form, { Cookie: await sessionCookie(user.id) })
    expect(res.status).toBe(200)
    const saved = await deps().db.select().from(userSpecialties)
    expect(
      saved
        .filter((row) => row.userId === user.id)
        .map((row) => row.specialtyId)
        .sort(),
    ).toEqual(picked.sort())
  })
})
