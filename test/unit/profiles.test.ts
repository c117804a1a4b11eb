import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, users } from '~/db/schema'
import {
  professionalMessages,
  specialties,
  userPhones,
  userServiceCities,
  userServices,
  userSpecialties,
} from '~/db/schema-accounts'
import { cities, occupations } from '~/db/schema-corpus'
import { phonesKey } from '~/domain/profiles/profile.server'
import { formToObject } from '../../workers/lib/input'
import { BASE, createUser, deps, eventually, get, ORIGIN, postJson, sessionCookie } from './helpers'

// Each test gets its own client address, so rate limits of one test never leak into another.
let address = 0
const fromNewAddress = () => ({ 'CF-Connecting-IP': `198.51.100.${++address}` })

const DUMMY = 'XXXX.DUMMY.TOKEN.XXXX'
const profileBase = (subdomain: string) => `http://${subdomain}.${env.BASE_DOMAIN}`

function postForm(path: string, form: URLSearchParams, headers: Record<string, string> = {}) {
  return get(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      ...ORIGIN,
      ...headers,
    },
    body: form,
  })
}

let codeSeq = 0
/** Reference rows the forms need (the e2e seed has the real lists; unit tests insert their own). */
async function referenceData() {
  codeSeq += 1
  const tag = `${Date.now() % 100000}${codeSeq}`
  const db = deps().db
  const occupation = {
    code: `9${tag}`.slice(0, 6).padEnd(6, '0'),
    title: `Advogado Teste ${tag}`,
    slug: `adv-${tag}`,
  }
  const other = {
    code: `8${tag}`.slice(0, 6).padEnd(6, '0'),
    title: `Contador Teste ${tag}`,
    slug: `cont-${tag}`,
  }
  await db.insert(occupations).values([occupation, other]).onConflictDoNothing()
  const base = 9_000_000 + codeSeq * 10
  const cityRows = [
    { code: base + 1, name: `Campinas ${tag}`, uf: 'SP', slug: `campinas-${tag}` },
    { code: base + 2, name: `Santos ${tag}`, uf: 'SP', slug: `santos-${tag}` },
    { code: base + 3, name: `Recife ${tag}`, uf: 'PE', slug: `recife-${tag}` },
  ]
  await db.insert(cities).values(cityRows).onConflictDoNothing()
  const [family, labour, foreign] = await db
    .insert(specialties)
    .values([
      { occupationCode: occupation.code, title: `Direito de família ${tag}` },
      { occupationCode: occupation.code, title: `Direito do trabalho ${tag}` },
      { occupationCode: other.code, title: `Perícia contábil ${tag}` },
    ])
    .returning()
  if (!family || !labour || !foreign) throw new Error('specialties not inserted')
  return { occupation, other, cities: cityRows, specialties: { family, labour, foreign } }
}

async function userWithPhones() {
  const user = await createUser()
  await deps()
    .db.insert(userPhones)
    .values([
      { userId: user.id, position: 0, number: '(11) 3456-7890', whatsapp: false },
      { userId: user.id, position: 1, number: '(11) 98765-4321', whatsapp: true },
    ])
  return user
}

describe('ver telefones (POST /ajax/usuarios/{id}/ver-telefones)', () => {
  it('answers the phones as [{numero, whatsapp}] in order, only with the key rendered in the profile page', async () => {
    const user = await userWithPhones()
    const page = await (await get(`${profileBase(user.subdomain)}/`)).text()
    expect(page).toContain('Ver telefones')
    expect(page).not.toContain('98765-4321')
    const key = await phonesKey(env.AUTH_SECRET, user.id)
    expect(page).toContain(key)

    const url = `${profileBase(user.subdomain)}/ajax/usuarios/${user.id}/ver-telefones`
    const origin = { Origin: profileBase(user.subdomain), ...fromNewAddress() }
    const res = await postJson(url, { ocupacao_key: key }, origin)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual([
      { numero: '(11) 3456-7890', whatsapp: false },
      { numero: '(11) 98765-4321', whatsapp: true },
    ])

    const wrongKey = await postJson(url, { ocupacao_key: 'chave-inventada' }, origin)
    expect(wrongKey.status).toBe(403)
    expect(await wrongKey.json()).toEqual({
      status: 'error',
      errors: ['Recarregue a página para ver os telefones.'],
    })
    // Another user's key does not open this user's phones.
    const otherKey = await phonesKey(env.AUTH_SECRET, user.id + 1)
    expect((await postJson(url, { ocupacao_key: otherKey }, origin)).status).toBe(403)
  })

  it('answers 404 JSON for an unknown user', async () => {
    const res = await postJson(
      '/ajax/usuarios/999999999/ver-telefones',
      { ocupacao_key: 'x' },
      fromNewAddress(),
    )
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toEqual({ status: 'error', errors: ['Profissional não encontrado.'] })
    const notAnId = await postJson(
      '/ajax/usuarios/abc/ver-telefones',
      { ocupacao_key: 'x' },
      fromNewAddress(),
    )
    expect(notAnId.status).toBe(404)
  })

  it('rate limits per address: the 11th call in a minute is a 429, another address still gets through', async () => {
    const user = await userWithPhones()
    const key = await phonesKey(env.AUTH_SECRET, user.id)
    const headers = fromNewAddress()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await postJson(`/ajax/usuarios/${user.id}/ver-telefones`, { ocupacao_key: key }, headers)).status,
      )
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses[10]).toBe(429)
    // Enumerating other ids does not escape the limit either.
    const other = await postJson('/ajax/usuarios/1/ver-telefones', { ocupacao_key: key }, headers)
    expect(other.status).toBe(429)
    const fresh = await postJson(
      `/ajax/usuarios/${user.id}/ver-telefones`,
      { ocupacao_key: key },
      fromNewAddress(),
    )
    expect(fresh.status).toBe(200)
  })

  it('a profile without phones shows no "Ver telefones" button', async () => {
    const user = await createUser()
    const page = await (await get(`${profileBase(user.subdomain)}/`)).text()
    expect(page).not.toContain('Ver telefones')
    expect(page).toContain('Enviar mensagem')
  })
})

describe('mensagem ao profissional (POST /ajax/enviar-mensagem-profissional)', () => {
  const valid = (recipient: number, overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      nome: 'Marcos Visitante',
      email: 'marcos@exemplo.invalid',
      telefone: '11987654321',
      conteudo: 'Preciso de ajuda com um inventário.',
      'cf-turnstile-response': DUMMY,
      usuario_id: String(recipient),
      ...overrides,
    })

  const storedFor = async (recipientId: number) =>
    deps().db.select().from(professionalMessages).where(eq(professionalMessages.recipientId, recipientId))

  it('empty fields answer 422 with every message of spec §5 and store nothing', async () => {
    const user = await createUser()
    const res = await postForm(
      '/ajax/enviar-mensagem-profissional',
      valid(user.id, { nome: '', email: '', telefone: '', conteudo: '', 'cf-turnstile-response': '' }),
      fromNewAddress(),
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as { status: string; errors: string[] }
    expect(body.status).toBe('error')
    expect(body.errors).toEqual([
      'Informe o seu nome',
      'Informe a mensagem',
      'Informe o seu telefone',
      'Informe o seu email',
      'Você é um robô?',
    ])
    // Missing fields (not just empty ones) read the same.
    const missing = await postJson(
      '/ajax/enviar-mensagem-profissional',
      { usuario_id: user.id },
      fromNewAddress(),
    )
    expect(((await missing.json()) as { errors: string[] }).errors).toEqual(body.errors)
    expect(await storedFor(user.id)).toHaveLength(0)
  })

  it('an invalid e-mail reads "Insira um e-mail válido."', async () => {
    const user = await createUser()
    const res = await postForm(
      '/ajax/enviar-mensagem-profissional',
      valid(user.id, { email: 'marcos@' }),
      fromNewAddress(),
    )
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ status: 'error', errors: ['Insira um e-mail válido.'] })
    expect(await storedFor(user.id)).toHaveLength(0)
  })

  it('a captcha token Turnstile refuses is "Você é um robô?" and nothing is stored', async () => {
    const user = await createUser()
    const res = await postForm(
      '/ajax/enviar-mensagem-profissional',
      valid(user.id, { 'cf-turnstile-response': 'token-forjado' }),
      fromNewAddress(),
    )
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ status: 'error', errors: ['Você é um robô?'] })
    expect(await storedFor(user.id)).toHaveLength(0)
  })

  it('a valid message with a solved captcha is stored for the recipient, who is notified', async () => {
    const user = await createUser()
    const res = await postForm(
      `${profileBase(user.subdomain)}/ajax/enviar-mensagem-profissional`,
      valid(user.id),
      { Origin: profileBase(user.subdomain), ...fromNewAddress() },
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'success', message: 'Mensagem enviada com sucesso!' })
    const [stored] = await storedFor(user.id)
    expect(stored).toMatchObject({
      name: 'Marcos Visitante',
      email: 'marcos@exemplo.invalid',
      phone: '(11) 98765-4321',
      content: 'Preciso de ajuda com um inventário.',
      readAt: null,
    })
    const notice = await eventually(async () => {
      const [row] = await deps().db.select().from(notifications).where(eq(notifications.userId, user.id))
      return row
    })
    expect(notice.title).toBe('Nova mensagem de Marcos Visitante')
    expect(notice.url).toBe(`${BASE}/conta/mensagens`)
  })

  it('an unknown recipient is a 404 and nothing is stored', async () => {
    const res = await postForm('/ajax/enviar-mensagem-profissional', valid(999999999), fromNewAddress())
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ status: 'error', errors: ['Profissional não encontrado.'] })
  })

  it('is rate limited per address: the 6th message in a minute is a 429', async () => {
    const user = await createUser()
    const headers = fromNewAddress()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await postForm('/ajax/enviar-mensagem-profissional', valid(user.id), headers)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect(await storedFor(user.id)).toHaveLength(5)
  })

  it('the local Turnstile stand-in answers like Cloudflare with the test keys', async () => {
    const verify = (secret: string, response: string) =>
      postForm('/__dev/turnstile/siteverify', new URLSearchParams({ secret, response }))
    const pass = (await (await verify('1x0000000000000000000000000000000AA', DUMMY)).json()) as Record<
      string,
      unknown
    >
    expect(pass.success).toBe(true)
    expect(await (await verify('2x0000000000000000000000000000000AA', DUMMY)).json()).toEqual({
      success: false,
      'error-codes': ['invalid-input-secret'],
    })
    expect(await (await verify('1x0000000000000000000000000000000AA', 'outro')).json()).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    })
  })
})

describe('editar perfil (POST /ajax/conta/perfil)', () => {
  it('needs a logged-in user', async () => {
    const res = await postForm('/ajax/conta/perfil', new URLSearchParams({ email: 'a@b.c', nome: 'A' }))
    expect(res.status).toBe(401)
  })

  it('saves name, e-mail and birth date (dd/mm/yyyy, stored as yyyy-mm-dd)', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const email = `novo${user.id}@exemplo.invalid`
    const res = await postForm(
      '/ajax/conta/perfil',
      new URLSearchParams({ email: email.toUpperCase(), nome: 'Nome Novo', data_nascimento: '05/03/1990' }),
      { Cookie: cookie },
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'success' })
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email, name: 'Nome Novo', birthDate: '1990-03-05' })
    // The tab shows the saved values back in dd/mm/yyyy.
    const page = await (await get('/conta/perfil', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('05/03/1990')
    expect(page).toContain('aria-current="page"')
  })

  it('refuses an e-mail in use by someone else: "Este email já está em uso!"', async () => {
    const other = await createUser()
    const user = await createUser()
    const res = await postForm(
      '/ajax/conta/perfil',
      new URLSearchParams({ email: other.email, nome: 'Qualquer' }),
      { Cookie: await sessionCookie(user.id) },
    )
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ status: 'error', errors: ['Este email já está em uso!'] })
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
      expect(await res.json()).toEqual({ status: 'error', errors: ['Digite uma data válida'] })
    }
    const empty = await postForm(
      '/ajax/conta/perfil',
      new URLSearchParams({ email: '', nome: '', data_nascimento: '' }),
      { Cookie: cookie },
    )
    expect(await empty.json()).toEqual({
      status: 'error',
      errors: ['O campo e-mail é obrigatório.', 'O campo nome é obrigatório.'],
    })
    const invalid = await postForm('/ajax/conta/perfil', new URLSearchParams({ email: 'x@', nome: 'X' }), {
      Cookie: cookie,
    })
    expect(await invalid.json()).toEqual({ status: 'error', errors: ['Insira um e-mail válido.'] })
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
    expect(res.headers.get('location')).toBe('/conta/perfil?salvo=1')
    const page = await (await get('/conta/perfil?salvo=1', { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Alterações salvas com sucesso!')
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
    expect(await first.json()).toEqual({ status: 'success' })
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
    expect(await res.json()).toEqual({ status: 'error', errors: ['Selecione as cidades em que você atua.'] })
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
    expect(await shortPhone.json()).toEqual({
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

describe('form lists and the captcha outside production', () => {
  it('reads bracketed form names as arrays and objects, keeping plain names as before', () => {
    const form = new FormData()
    form.append('nome', 'primeiro')
    form.append('nome', 'último')
    form.append('cidades_ids[]', '1')
    form.append('cidades_ids[]', '2')
    form.append('telefones[g1][numero]', '(11) 3456-7890')
    form.append('telefones[g1][whatsapp]', 'sim')
    form.append('telefones[g2][numero]', '(11) 98765-4321')
    expect(formToObject(form)).toEqual({
      nome: 'último',
      cidades_ids: ['1', '2'],
      telefones: {
        g1: { numero: '(11) 3456-7890', whatsapp: 'sim' },
        g2: { numero: '(11) 98765-4321' },
      },
    })
    const polluted = new FormData()
    polluted.append('a[__proto__][x]', '1')
    expect(() => formToObject(polluted)).toThrow()
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('the profession tab shows what was saved; the profile page allows no third-party frame outside production', async () => {
    const ref = await referenceData()
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const form = new URLSearchParams()
    form.append('ocupacao', ref.occupation.code)
    form.append('especialidades[]', String(ref.specialties.family.id))
    form.append('cidades_ids[]', String(ref.cities[0]?.code))
    form.append('servicos[]', 'Mediação')
    form.append('telefones[x][numero]', '(11) 98765-4321')
    form.append('telefones[x][whatsapp]', 'sim')
    expect((await postForm('/ajax/conta/profissao', form, { Cookie: cookie })).status).toBe(200)

    const tab = await (await get('/conta/profissao', { headers: { Cookie: cookie } })).text()
    expect(tab).toContain(ref.occupation.title)
    expect(tab).toContain(`name="especialidades[]" checked="" value="${ref.specialties.family.id}"`)
    expect(tab).toContain(`name="especialidades[]" value="${ref.specialties.labour.id}"`)
    expect(tab).toContain(`name="cidades_ids[]" value="${ref.cities[0]?.code}"`)
    expect(tab).toContain('name="servicos[]" value="Mediação"')
    expect(tab).toMatch(/name="telefones\[[0-9a-f-]{36}\]\[numero\]"[^>]*value="\(11\) 98765-4321"/)

    const profile = await get(`${profileBase(user.subdomain)}/`)
    const csp = profile.headers.get('content-security-policy') ?? ''
    expect(csp).not.toContain('challenges.cloudflare.com')
    expect(csp).toContain("frame-src 'none'")
    const html = await profile.text()
    expect(html).not.toContain('cf-turnstile')
  })
})
