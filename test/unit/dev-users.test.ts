import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getProfessionForm } from '~/domain/profiles/account.server'
import { findAccount } from '~/domain/users/accounts.server'
import { checkCredentials } from '~/domain/users/credentials.server'
import { loggedInAs, sessionFrom, unique } from './accounts-helpers'
import { deps, get, postJson } from './helpers'
import { profileBase, referenceData } from './profiles-helpers'

type Created = {
  status: string
  usuario_id: number
  subdominio: string
  email: string
  senha: string
  nome: string
  sessao: string | null
}

const createUser = (body: Record<string, unknown>) => postJson('/__dev/usuarios', body)

// The e2e fixture's test driver (workers/api/dev.ts): each end-to-end test makes its own account.
describe('POST /__dev/usuarios', () => {
  it('signs up a professional with the profile lists, confirmed and logged in, through the product’s own rules', async () => {
    const ref = await referenceData()
    const [city, other] = ref.cities
    const tag = unique()
    const res = await createUser({
      subdominio: `Prof${tag}`,
      nome: 'Profissional Novo',
      profissao: ref.occupation.code,
      cidade: city?.code,
      especialidades: [ref.specialties.family.title],
      cidades_atuacao: [city?.code, other?.code],
      servicos: ['Inventários'],
      telefones: [{ numero: '11987654321', whatsapp: true }, { numero: '(11) 3456-7890' }],
    })
    expect(res.status).toBe(201)
    const body = (await res.json()) as Created
    expect(body).toMatchObject({
      status: 'success',
      subdominio: `prof${tag}`,
      email: `prof${tag}@exemplo.invalid`,
      nome: 'Profissional Novo',
    })

    // The answer's cookie is a real session; the answer's password is the account's password.
    expect(await loggedInAs(sessionFrom(res))).toBe(true)
    expect(await checkCredentials(deps(), body.email, body.senha)).toMatchObject({ id: body.usuario_id })
    expect((await findAccount(deps(), { id: body.usuario_id }))?.emailConfirmedAt).toBeGreaterThan(0)

    expect(await getProfessionForm(deps(), body.usuario_id)).toMatchObject({
      occupation: { code: ref.occupation.code, title: ref.occupation.title },
      specialtyIds: [ref.specialties.family.id],
      cities: [
        { code: city?.code, label: `${city?.name}/SP` },
        { code: other?.code, label: `${other?.name}/SP` },
      ],
      services: ['Inventários'],
      phones: [
        { numero: '(11) 98765-4321', whatsapp: true },
        { numero: '(11) 3456-7890', whatsapp: false },
      ],
    })
    const page = await (await get(`${profileBase(body.subdominio)}/`)).text()
    expect(page).toContain('Profissional Novo')
    expect(page).toContain(ref.occupation.title)
    expect(page).toContain('Inventários')
  })

  it('signs up a student, unconfirmed and without a session when asked', async () => {
    const res = await createUser({ perfil: 'estudante', curso: 'Direito', confirmado: false, entrar: false })
    expect(res.status).toBe(201)
    expect(res.headers.get('set-cookie')).toBeNull()
    const body = (await res.json()) as Created
    expect(body.sessao).toBeNull()
    expect(body.subdominio).toMatch(/^teste[a-z0-9]+$/)
    expect((await findAccount(deps(), { id: body.usuario_id }))?.emailConfirmedAt).toBeNull()
    const page = await (await get(`${profileBase(body.subdominio)}/`)).text()
    expect(page).toContain('Estudante de Direito')
  })

  it('refuses what signup refuses: a taken username, an unknown profession or specialty', async () => {
    const first = (await (await createUser({ entrar: false })).json()) as Created
    const taken = await createUser({ subdominio: first.subdominio })
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({
      status: 'error',
      errors: ['Este nome de usuário já está em uso!'],
    })

    const noCity = await createUser({ profissao: '241005' })
    expect(noCity.status).toBe(422)
    expect(await noCity.json()).toMatchObject({ status: 'error', errors: ['Informe o nome da sua cidade.'] })

    const ref = await referenceData()
    const wrongSpecialty = await createUser({
      profissao: ref.occupation.code,
      cidade: ref.cities[0]?.code,
      especialidades: [ref.specialties.foreign.title], // another profession's
    })
    expect(wrongSpecialty.status).toBe(422)
  })

  it('does not exist in production', async () => {
    const { app } = await import('../../workers/app')
    const res = await app.request(
      '/__dev/usuarios',
      {
        method: 'POST',
        headers: { Origin: 'https://example.com.br', 'Content-Type': 'application/json' },
        body: JSON.stringify({ subdominio: `prod${unique()}` }),
      },
      { ...env, ENVIRONMENT: 'production', BASE_DOMAIN: 'example.com.br' },
    )
    expect(res.status).toBe(404)
    expect(res.headers.get('set-cookie')).toBeNull()
  })
})
