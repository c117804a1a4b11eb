import { describe, expect, it } from 'vitest'
import { isValidPhone } from '~/schemas/fields'
import { createUser, sessionCookie } from './helpers'
import { DUMMY, fromNewAddress, postForm, referenceData } from './profiles-helpers'

// Issue 38, item 13: a visitor's message accepted the phone "(11) 99". Every phone a person types
// is read by one field schema (app/schemas/fields.ts): a valid DDD, then 8 or 9 digits.

const BAD = [
  '(11) 99',
  '1234',
  '(20) 98765-4321',
  '(10) 3456-7890',
  '(11) 8765-4321',
  '(11) 12345-6789',
  '119876543210',
]
const GOOD = ['(11) 98765-4321', '11987654321', '(81) 3222-1111', '(61) 2101-0000', '(21) 99999-0000']

describe('Brazilian phones', () => {
  it('need a valid DDD and a mobile of 9 digits or a landline of 8', () => {
    for (const phone of BAD) expect(isValidPhone(phone), phone).toBe(false)
    for (const phone of GOOD) expect(isValidPhone(phone), phone).toBe(true)
  })

  it("are checked in a visitor's message", async () => {
    const user = await createUser()
    const send = (telefone: string) =>
      postForm(
        '/ajax/enviar-mensagem-profissional',
        new URLSearchParams({
          nome: 'Marcos Visitante',
          email: 'marcos@exemplo.invalid',
          telefone,
          conteudo: 'Preciso de ajuda com um inventário.',
          'cf-turnstile-response': DUMMY,
          usuario_id: String(user.id),
        }),
        fromNewAddress(),
      )
    for (const phone of ['(11) 99', '(20) 98765-4321']) {
      const res = await send(phone)
      expect(res.status, phone).toBe(422)
      expect(((await res.json()) as { errors: string[] }).errors, phone).toEqual([
        'Informe um telefone válido, com DDD.',
      ])
    }
    expect((await send('(11) 98765-4321')).status).toBe(200)
  })

  it("are checked in a professional's phones", async () => {
    const ref = await referenceData()
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const send = (numero: string) => {
      const form = new URLSearchParams({ 'cidades_ids[]': String(ref.cities[0]?.code ?? 0) })
      form.append('telefones[a1][numero]', numero)
      return postForm('/ajax/conta/profissao', form, { Cookie: cookie })
    }
    const bad = await send('(20) 3456-7890') // 10 digits, but no DDD 20
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({
      errors: ['Informe um telefone válido, com DDD.'],
      fields: { 'telefones[a1][numero]': 'Informe um telefone válido, com DDD.' },
    })
    expect((await send('(81) 3222-1111')).status).toBe(200)
  })
})
