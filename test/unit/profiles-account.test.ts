import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import {
  professionalMessages,
  userPhones,
  userServiceCities,
  userServices,
  userSpecialties,
} from '~/db/schema-accounts'
import { hashPassword } from '~/domain/users/password.server'
import { cookiesFrom, createUser, deps, get, ORIGIN, sessionCookie } from './helpers'
import { postForm, profileBase, referenceData } from './profiles-helpers'

describe('editar perfil (POST /ajax/conta/perfil)', () => {
  it('needs a logged-in user', async () => {
    const res = await postForm('/ajax/conta/perfil', new URLSearchParams({ email: 'a@b.c', nome: 'A' }))
    expect(res.status).toBe(401)
  })

  it('saves name and birth date (dd/mm/yyyy, stored as yyyy-mm-dd); the e-mail as typed in any case', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const res = await postForm(
      '/ajax/conta/perfil',
      new URLSearchParams({
        email: user.email.toUpperCase(),
        nome: 'Nome Novo',
        data_nascimento: '05/03/1990',
      }),
      { Cookie: cookie },
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'success', message: 'Alterações salvas com sucesso!' })
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email: user.email, name: 'Nome Novo', birthDate: '1990-03-05' })
    // The tab shows the saved values back in dd/mm/yyyy.
    const page = await (await get('/conta/perfil', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('05/03/1990')
    expect(page).toContain('aria-current="page"')
  })

  it('refuses an e-mail in use by someone else: "Este email já está em uso!"', async () => {
    const other = await createUser()
    const user = await createUser({ passwordHash: await hashPassword('segredo123') })
    const res = await postForm(
      '/ajax/conta/perfil',
      new URLSearchParams({ email: other.email, nome: 'Qualquer', senha: 'segredo123' }),
      { Cookie: await sessionCookie(user.id) },
    )
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      status: 'error',
      errors: ['Este email já está em uso!'],
      fields: { email: 'Este email já está em uso!' },
    })
    // Keeping one's own e-mail is fine.
    const own = await postForm('/ajax/conta/perfil', new URLSearchParams({ email: user.email, nome: 'Eu' }), {
      Cookie: await sessionCookie(user.id),
    })
    expect(own.status).toBe(200)
  })

  it('checks the birth date only when filled, and the required fields', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    for (const bad of ['31/02/2000', '2000-01-01', '12/13/1990', '01/01/2999']) {
      const res = await postForm(
        '/ajax/conta/perfil',
        new URLSearchParams({ email: user.email, nome: 'X', data_nascimento: bad }),
        { Cookie: cookie },
      )
      expect(res.status, bad).toBe(422)
      expect(await res.json()).toMatchObject({ status: 'error', errors: ['Digite uma data válida'] })
    }
    const empty = await postForm(
      '/ajax/conta/perfil',
      new URLSearchParams({ email: '', nome: '', data_nascimento: '' }),
      { Cookie: cookie },
    )
    expect(await empty.json()).toMatchObject({
      status: 'error',
      errors: ['O campo e-mail é obrigatório.', 'O campo nome é obrigatório.'],
      fields: { email: 'O campo e-mail é obrigatório.', nome: 'O campo nome é obrigatório.' },
    })
    const invalid = await postForm('/ajax/conta/perfil', new URLSearchParams({ email: 'x@', nome: 'X' }), {
      Cookie: cookie,
    })
    expect(await invalid.json()).toMatchObject({ status: 'error', errors: ['Insira um e-mail válido.'] })
  })

  it('works without JavaScript: a plain form post goes back to the tab with a notice', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const res = await get('/ajax/conta/perfil', {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        ...ORIGIN,
        Cookie: cookie,
      },
      body: new URLSearchParams({ email: user.email, nome: 'Sem JS' }),
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/conta/perfil')
    // The notice rides on a one-page flash cookie, drawn by the server (no JavaScript needed).
    const flash = cookiesFrom(res)
    const page = await get('/conta/perfil', { headers: { Cookie: `${cookie}; ${flash}` } })
    expect(await page.text()).toContain('Alterações salvas com sucesso!')
    expect(page.headers.get('set-cookie')).toMatch(/__Host-flash=;/)
  })
})

describe('editar profissão (POST /ajax/conta/profissao)', () => {
  function professionForm(fields: {
    ocupacao?: string
    especialidades?: number[]
    cidades?: number[]
    servicos?: string[]
    telefones?: { numero: string; whatsapp?: boolean }[]
  }) {
    const form = new URLSearchParams()
    if (fields.ocupacao !== undefined) form.append('ocupacao', fields.ocupacao)
    for (const id of fields.especialidades ?? []) form.append('especialidades[]', String(id))
    for (const code of fields.cidades ?? []) form.append('cidades_ids[]', String(code))
    for (const service of fields.servicos ?? []) form.append('servicos[]', service)
    for (const phone of fields.telefones ?? []) {
      const guid = crypto.randomUUID()
      form.append(`telefones[${guid}][numero]`, phone.numero)
      if (phone.whatsapp) form.append(`telefones[${guid}][whatsapp]`, 'sim')
    }
    return form
  }

  async function listsOf(userId: number) {
    const db = deps().db
    return {
      specialties: (await db.select().from(userSpecialties).where(eq(userSpecialties.userId, userId)))
        .map((r) => r.specialtyId)
        .sort(),
      cities: (await db.select().from(userServiceCities).where(eq(userServiceCities.userId, userId)))
        .map((r) => r.cityCode)
        .sort(),
      services: (await db.select().from(userServices).where(eq(userServices.userId, userId)))
        .sort((a, b) => a.position - b.position)
        .map((r) => r.title),
      phones: (await db.select().from(userPhones).where(eq(userPhones.userId, userId)))
        .sort((a, b) => a.position - b.position)
        .map((r) => ({ number: r.number, whatsapp: r.whatsapp })),
    }
  }

  it('saves the profession and replaces every list; the profile follows', async () => {
    const ref = await referenceData()
    const user = await createUser({ headline: 'Estudante de Direito', kind: 'estudante' })
    const cookie = await sessionCookie(user.id)
    const first = await postForm(
      '/ajax/conta/profissao',
      professionForm({
        ocupacao: ref.occupation.code,
        especialidades: [ref.specialties.family.id, ref.specialties.labour.id, ref.specialties.foreign.id],
        cidades: [ref.cities[0]?.code ?? 0, ref.cities[1]?.code ?? 0],
        servicos: ['Inventário', 'Divórcio'],
        telefones: [{ numero: '(11) 3456-7890' }, { numero: '11987654321', whatsapp: true }],
      }),
      { Cookie: cookie },
    )
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ status: 'success' })
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({
      occupationCode: ref.occupation.code,
      headline: ref.occupation.title,
      kind: 'profissional',
    })
    // The other profession's specialty is dropped.
    expect(await listsOf(user.id)).toEqual({
      specialties: [ref.specialties.family.id, ref.specialties.labour.id].sort(),
      cities: [ref.cities[0]?.code, ref.cities[1]?.code].sort(),
      services: ['Inventário', 'Divórcio'],
      phones: [
        { number: '(11) 3456-7890', whatsapp: false },
        { number: '(11) 98765-4321', whatsapp: true },
      ],
    })

    const page = await (await get(`${profileBase(user.subdomain)}/`)).text()
    expect(page).toContain(ref.occupation.title)
    expect(page).toContain(ref.specialties.family.title)
    expect(page).toContain(`${ref.cities[0]?.name}/SP`)
    expect(page).toContain('Inventário')
    expect(page).not.toContain('98765-4321')
    const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(page)?.[1] ?? ''
    expect(jsonLd).toContain('"areaServed"')
    expect(jsonLd).toContain('"knowsAbout"')
    expect(jsonLd).not.toContain('98765')
    expect(jsonLd).not.toContain(user.email)

    // Saving again replaces (never appends to) each list; an empty profession keeps the current one.
    const second = await postForm(
      '/ajax/conta/profissao',
      professionForm({
        ocupacao: '',
        especialidades: [ref.specialties.labour.id],
        cidades: [ref.cities[2]?.code ?? 0],
        servicos: ['Consultoria'],
        telefones: [{ numero: '(81) 3222-1111', whatsapp: true }],
      }),
      { Cookie: cookie },
    )
    expect(second.status).toBe(200)
    expect(await listsOf(user.id)).toEqual({
      specialties: [ref.specialties.labour.id],
      cities: [ref.cities[2]?.code],
      services: ['Consultoria'],
      phones: [{ number: '(81) 3222-1111', whatsapp: true }],
    })
    const [after] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(after?.headline).toBe(ref.occupation.title)
  })

  it('a chosen profession without service cities reads "Selecione as cidades em que você atua." and changes nothing', async () => {
    const ref = await referenceData()
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    await postForm(
      '/ajax/conta/profissao',
      professionForm({
        ocupacao: ref.occupation.code,
        cidades: [ref.cities[0]?.code ?? 0],
        servicos: ['Antes'],
      }),
      { Cookie: cookie },
    )
    const before = await listsOf(user.id)
    const res = await postForm(
      '/ajax/conta/profissao',
      professionForm({ ocupacao: ref.other.code, servicos: ['Depois'] }),
      { Cookie: cookie },
    )
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({
      status: 'error',
      errors: ['Selecione as cidades em que você atua.'],
    })
    expect(await listsOf(user.id)).toEqual(before)
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row?.occupationCode).toBe(ref.occupation.code)
  })

  it('bad input is a 4xx with a message, never a 500, and leaves the saved lists alone', async () => {
    const ref = await referenceData()
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    await postForm(
      '/ajax/conta/profissao',
      professionForm({ cidades: [ref.cities[0]?.code ?? 0], telefones: [{ numero: '(11) 3456-7890' }] }),
      { Cookie: cookie },
    )
    const before = await listsOf(user.id)
    const send = (form: URLSearchParams) => postForm('/ajax/conta/profissao', form, { Cookie: cookie })

    const shortPhone = await send(
      professionForm({ cidades: [ref.cities[0]?.code ?? 0], telefones: [{ numero: '1234' }] }),
    )
    expect(shortPhone.status).toBe(422)
    expect(await shortPhone.json()).toMatchObject({
      status: 'error',
      errors: ['Informe um telefone válido, com DDD.'],
    })

    const bad: URLSearchParams[] = [
      new URLSearchParams('telefones=abc'),
      new URLSearchParams('telefones[x]=abc'),
      new URLSearchParams('cidades_ids[]=campinas'),
      new URLSearchParams('especialidades[]=-1'),
      new URLSearchParams('telefones[__proto__][numero]=1'),
      professionForm({ cidades: [123] }), // not a city
      professionForm({ ocupacao: '000000', cidades: [ref.cities[0]?.code ?? 0] }), // not an occupation
    ]
    for (const form of bad) {
      const res = await send(form)
      expect(res.status, form.toString()).toBeGreaterThanOrEqual(400)
      expect(res.status, form.toString()).toBeLessThan(500)
      expect(((await res.json()) as { status: string }).status).toBe('error')
    }
    expect(await listsOf(user.id)).toEqual(before)
  })
})

describe('mensagens recebidas (/conta/mensagens)', () => {
  it('sends an anonymous visitor to the login page and back', async () => {
    const res = await get('/conta/mensagens', { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?auth.redirect=%2Fconta%2Fmensagens')
  })

  it('lists only the owner’s messages, newest first, and marks them read', async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const db = deps().db
    await db.insert(professionalMessages).values([
      {
        recipientId: owner.id,
        name: 'Primeira Pessoa',
        email: 'p1@exemplo.invalid',
        phone: '(11) 3456-7890',
        content: 'Mensagem antiga',
        createdAt: 1_700_000_000_000,
      },
      {
        recipientId: owner.id,
        name: 'Segunda Pessoa',
        email: 'p2@exemplo.invalid',
        phone: '(21) 98765-4321',
        content: 'Mensagem nova',
        createdAt: 1_700_000_100_000,
      },
      {
        recipientId: stranger.id,
        name: 'Outra Pessoa',
        email: 'p3@exemplo.invalid',
        phone: '(31) 3333-3333',
        content: 'Não é sua',
        createdAt: 1_700_000_200_000,
      },
    ])
    const cookie = await sessionCookie(owner.id)
    const tabs = await (await get('/conta/perfil', { headers: { Cookie: cookie } })).text()
    expect(tabs).toContain('Mensagens (2)')
    // Hovering the tab prefetches it: that is not opening it, nothing is marked read.
    for (const headers of [{ 'Sec-Purpose': 'prefetch' }, { Purpose: 'prefetch' }] as Record<
      string,
      string
    >[]) {
      const ahead = await get('/conta/mensagens', { headers: { Cookie: cookie, ...headers } })
      expect(await ahead.text()).toContain('2 mensagens não lidas')
    }
    const html = await (await get('/conta/mensagens', { headers: { Cookie: cookie } })).text()
    expect(html).toContain('2 mensagens não lidas')
    expect(html.indexOf('Segunda Pessoa')).toBeLessThan(html.indexOf('Primeira Pessoa'))
    expect(html).toContain('href="mailto:p2@exemplo.invalid"')
    expect(html).toContain('(21) 98765-4321')
    expect(html).toContain('Mensagem antiga')
    expect(html).not.toContain('Não é sua')

    const rows = await db
      .select()
      .from(professionalMessages)
      .where(eq(professionalMessages.recipientId, owner.id))
    expect(rows.every((r) => r.readAt !== null)).toBe(true)
    const again = await (await get('/conta/mensagens', { headers: { Cookie: cookie } })).text()
    expect(again).not.toContain('mensagens não lidas')
    expect(again).toContain('Segunda Pessoa')
    // The stranger's message is still unread: reading one's own never touches another's.
    const [theirs] = await db
      .select()
      .from(professionalMessages)
      .where(eq(professionalMessages.recipientId, stranger.id))
    expect(theirs?.readAt).toBeNull()
  })
})
