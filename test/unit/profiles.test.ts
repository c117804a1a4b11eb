import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { professionalMessages } from '~/db/schema-accounts'
import { phonesKey } from '~/domain/profiles/profile.server'
import { formToObject } from '../../workers/lib/input'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'
import {
  DUMMY,
  fromNewAddress,
  postForm,
  profileBase,
  referenceData,
  userWithPhones,
} from './profiles-helpers'

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
    expect(await wrongKey.json()).toMatchObject({
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
    expect(await res.json()).toMatchObject({ status: 'error', errors: ['Profissional não encontrado.'] })
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
    expect(await res.json()).toMatchObject({ status: 'error', errors: ['Insira um e-mail válido.'] })
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
    expect(await res.json()).toMatchObject({ status: 'error', errors: ['Você é um robô?'] })
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
    expect(notice.url).toBe('/conta/mensagens')
  })

  it('an unknown recipient is a 404 and nothing is stored', async () => {
    const res = await postForm('/ajax/enviar-mensagem-profissional', valid(999999999), fromNewAddress())
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ status: 'error', errors: ['Profissional não encontrado.'] })
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

describe('form lists and the captcha outside production', () => {
  it('reads bracketed form names as arrays and objects, and a plain name sent twice as both values', () => {
    const form = new FormData()
    form.append('nome', 'primeiro')
    form.append('nome', 'último')
    form.append('cidades_ids[]', '1')
    form.append('cidades_ids[]', '2')
    form.append('telefones[g1][numero]', '(11) 3456-7890')
    form.append('telefones[g1][whatsapp]', 'sim')
    form.append('telefones[g2][numero]', '(11) 98765-4321')
    expect(formToObject(form)).toEqual({
      nome: ['primeiro', 'último'],
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
