import { hashPassword } from '~/domain/users/password.server'
import { byOab, claim, claimRow, grantRole, lawyerPerson, surname } from '../claims-helpers'
import { createUser, postJson, sessionCookie } from '../helpers'
import { type Cases, viewer } from './case'

/** Only accounts with a confirmed e-mail can be merged (decisions/0046). */
const confirmed = async (password: string) =>
  createUser({ passwordHash: await hashPassword(password, 1000), emailConfirmedAt: Date.now() })

/** A lawyer's page claimed by OAB by someone of that name (waiting for review), and the claimant. */
async function pendingClaim() {
  const name = `Contrato ${surname()} Reis`
  const { person } = await lawyerPerson(name)
  const claimant = await createUser({ name })
  const cookie = await sessionCookie(claimant.id)
  await claim(cookie, person.id, byOab)
  const row = await claimRow(person.id, claimant.id)
  if (!row) throw new Error('claim')
  return { person, claimant, cookie, claimId: row.id }
}

async function reviewer() {
  const { user, headers } = await viewer()
  await grantRole(user.id)
  return headers
}

/** Claims, merge and review (decisions/0070). */
export const claimCases: Cases = {
  claimPerson: async () => {
    const name = `Contrato ${surname()} Lima`
    const { person } = await lawyerPerson(name)
    const claimant = await createUser({ name })
    const headers = { Cookie: await sessionCookie(claimant.id) }
    const path = `/ajax/pessoas/${person.id}/reivindicar`
    return [
      { name: 'em análise', ok: true, status: 200, call: () => postJson(path, byOab, headers) },
      {
        name: 'OAB inválida',
        ok: false,
        status: 422,
        call: () => postJson(path, { ...byOab, oab_numero: 'abc' }, headers),
      },
      {
        name: 'página inexistente',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/pessoas/999999999/reivindicar', byOab, headers),
      },
      {
        name: 'id que não é número',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/pessoas/abc/reivindicar', byOab, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, byOab) },
    ]
  },
  claimUndo: async () => {
    const { person, cookie } = await pendingClaim()
    const path = `/ajax/pessoas/${person.id}/desfazer-reivindicacao`
    const other = await viewer()
    return [
      // Someone else's claim is not theirs to undo.
      { name: 'de outra pessoa', ok: false, status: 404, call: () => postJson(path, {}, other.headers) },
      { name: 'desfaz', ok: true, status: 200, call: () => postJson(path, {}, { Cookie: cookie }) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, {}) },
    ]
  },
  mergeProve: async () => {
    const current = await confirmed('senha-esta-1')
    const other = await confirmed('senha-outra-1')
    const headers = { Cookie: await sessionCookie(current.id) }
    const path = '/ajax/conta/unir/verificar'
    return [
      {
        name: 'prova',
        ok: true,
        status: 200,
        call: () => postJson(path, { email: other.email, senha: 'senha-outra-1' }, headers),
      },
      {
        name: 'senha errada',
        ok: false,
        status: 422,
        call: () => postJson(path, { email: other.email, senha: 'senha-errada-1' }, headers),
      },
      {
        name: 'e-mail inválido',
        ok: false,
        status: 422,
        call: () => postJson(path, { email: 'x', senha: 'y' }, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson(path, { email: other.email, senha: 'y' }),
      },
    ]
  },
  mergeConfirm: async () => {
    const current = await confirmed('senha-esta-2')
    const other = await confirmed('senha-outra-2')
    const headers = { Cookie: await sessionCookie(current.id) }
    const proof = (await (
      await postJson('/ajax/conta/unir/verificar', { email: other.email, senha: 'senha-outra-2' }, headers)
    ).json()) as { redirect_url: string }
    const ticket = new URL(proof.redirect_url, 'http://x').searchParams.get('ticket') ?? ''
    const path = '/ajax/conta/unir'
    return [
      {
        name: 'bilhete falso',
        ok: false,
        status: 400,
        call: () => postJson(path, { ticket: 'falso', sobrevivente: 'esta' }, headers),
      },
      {
        name: 'sem escolha',
        ok: false,
        status: 422,
        call: () => postJson(path, { ticket, sobrevivente: 'as-duas' }, headers),
      },
      {
        name: 'une',
        ok: true,
        status: 200,
        call: () => postJson(path, { ticket, sobrevivente: 'esta' }, headers),
      },
      // The same ticket twice: the first merge won.
      {
        name: 'já unidas',
        ok: false,
        status: 409,
        call: () => postJson(path, { ticket, sobrevivente: 'esta' }, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson(path, { ticket, sobrevivente: 'esta' }),
      },
    ]
  },
  reviewAccept: async () => {
    const { claimId } = await pendingClaim()
    const headers = await reviewer()
    const plain = await viewer()
    const path = `/ajax/revisao/reivindicacoes/${claimId}/aceitar`
    return [
      {
        name: 'não é revisor',
        ok: false,
        status: 403,
        call: () => postJson(path, { nota: '' }, plain.headers),
      },
      {
        name: 'nota longa demais',
        ok: false,
        status: 422,
        call: () => postJson(path, { nota: 'x'.repeat(501) }, headers),
      },
      { name: 'aceita', ok: true, status: 200, call: () => postJson(path, { nota: 'Conferido.' }, headers) },
      { name: 'já decidida', ok: false, status: 404, call: () => postJson(path, { nota: '' }, headers) },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { nota: '' }) },
    ]
  },
  reviewRefuse: async () => {
    const { claimId } = await pendingClaim()
    const headers = await reviewer()
    const path = `/ajax/revisao/reivindicacoes/${claimId}/recusar`
    return [
      { name: 'sem motivo', ok: false, status: 422, call: () => postJson(path, { motivo: ' ' }, headers) },
      {
        name: 'recusa',
        ok: true,
        status: 200,
        call: () => postJson(path, { motivo: 'A OAB informada é de outra pessoa.' }, headers),
      },
      {
        name: 'id que não é número',
        ok: false,
        status: 404,
        call: () =>
          postJson('/ajax/revisao/reivindicacoes/abc/recusar', { motivo: 'Outra pessoa.' }, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { motivo: 'Outra pessoa.' }) },
    ]
  },
}
