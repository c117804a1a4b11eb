import { env } from 'cloudflare:test'
import { phonesKey } from '~/domain/profiles/profile.server'
import { hashPassword } from '~/domain/users/password.server'
import { createUser, postJson, sessionCookie } from '../helpers'
import { DUMMY, fromNewAddress, postForm, referenceData, userWithPhones } from '../profiles-helpers'
import type { Case, Cases } from './case'

/** Profiles: phones, the message, the Perfil and Profissão tabs (decisions/0070). */
export const profileCases: Cases = {
  revealPhones: async (): Promise<Case[]> => {
    const user = await userWithPhones()
    const key = await phonesKey(env.AUTH_SECRET, user.id)
    const path = `/ajax/usuarios/${user.id}/ver-telefones`
    return [
      {
        name: 'telefones',
        ok: true,
        status: 200,
        call: () => postJson(path, { ocupacao_key: key }, fromNewAddress()),
      },
      {
        name: 'chave errada',
        ok: false,
        status: 403,
        call: () => postJson(path, { ocupacao_key: 'inventada' }, fromNewAddress()),
      },
      {
        name: 'perfil inexistente',
        ok: false,
        status: 404,
        call: () =>
          postJson('/ajax/usuarios/999999999/ver-telefones', { ocupacao_key: key }, fromNewAddress()),
      },
      {
        name: 'id que não é número',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/usuarios/abc/ver-telefones', { ocupacao_key: key }, fromNewAddress()),
      },
    ]
  },
  professionalMessage: async (): Promise<Case[]> => {
    const recipient = await createUser()
    const message = (overrides: Record<string, string> = {}) =>
      new URLSearchParams({
        nome: 'Visitante do Contrato',
        email: 'visitante@exemplo.invalid',
        telefone: '11987654321',
        conteudo: 'Uma pergunta sobre um inventário.',
        'cf-turnstile-response': DUMMY,
        usuario_id: String(recipient.id),
        ...overrides,
      })
    const path = '/ajax/enviar-mensagem-profissional'
    return [
      { name: 'enviada', ok: true, status: 200, call: () => postForm(path, message(), fromNewAddress()) },
      {
        name: 'campos vazios',
        ok: false,
        status: 422,
        call: () => postForm(path, message({ nome: '', conteudo: '' }), fromNewAddress()),
      },
      {
        name: 'robô',
        ok: false,
        status: 422,
        call: () => postForm(path, message({ 'cf-turnstile-response': 'token-falso' }), fromNewAddress()),
      },
      {
        name: 'destinatário inexistente',
        ok: false,
        status: 404,
        call: () => postForm(path, message({ usuario_id: '999999999' }), fromNewAddress()),
      },
    ]
  },
  profileSave: async (): Promise<Case[]> => {
    const user = await createUser({ passwordHash: await hashPassword('segredo123', 1000) })
    const other = await createUser()
    const headers = { Cookie: await sessionCookie(user.id) }
    const path = '/ajax/conta/perfil'
    return [
      {
        name: 'salvo',
        ok: true,
        status: 200,
        call: () =>
          postForm(path, new URLSearchParams({ email: user.email, nome: 'Nome do Contrato' }), headers),
      },
      {
        name: 'data impossível',
        ok: false,
        status: 422,
        call: () =>
          postForm(
            path,
            new URLSearchParams({ email: user.email, nome: 'X', data_nascimento: '31/02/2000' }),
            headers,
          ),
      },
      {
        name: 'e-mail de outra pessoa',
        ok: false,
        status: 409,
        call: () =>
          postForm(
            path,
            new URLSearchParams({ email: other.email, nome: 'X', senha: 'segredo123' }),
            headers,
          ),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postForm(path, new URLSearchParams({ email: user.email, nome: 'X' })),
      },
    ]
  },
  professionSave: async (): Promise<Case[]> => {
    const ref = await referenceData()
    const user = await createUser()
    const headers = { Cookie: await sessionCookie(user.id) }
    const path = '/ajax/conta/profissao'
    const form = (ocupacao: string, cidade = true) => {
      const fields = new URLSearchParams({ ocupacao })
      if (cidade) fields.append('cidades_ids[]', String(ref.cities[0]?.code ?? 0))
      return fields
    }
    return [
      {
        name: 'salva',
        ok: true,
        status: 200,
        call: () => postForm(path, form(ref.occupation.code), headers),
      },
      {
        name: 'sem cidades',
        ok: false,
        status: 422,
        call: () => postForm(path, form(ref.occupation.code, false), headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postForm(path, form(ref.occupation.code)) },
    ]
  },
}
