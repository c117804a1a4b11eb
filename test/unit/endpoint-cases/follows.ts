import { people } from '~/db/schema-corpus'
import { createUser, deps, get, postJson, sessionCookie } from '../helpers'
import type { Cases } from './case'

let seq = 0
async function personId() {
  const tag = `${Date.now().toString(36)}${++seq}`
  const [row] = await deps()
    .db.insert(people)
    .values({ name: `Pessoa Contrato ${tag}`, slug: `pessoa-contrato-${tag}` })
    .returning()
  if (!row) throw new Error('person')
  return row.id
}

async function viewer() {
  const user = await createUser()
  return { Cookie: await sessionCookie(user.id) }
}

/** Following (spec §7 "Follow"; decisions/0062). */
export const followCases: Cases = {
  follow: async () => {
    const cookie = await viewer()
    const id = await personId()
    return [
      {
        name: 'segue',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/seguir', { id, tipo: 'pessoa' }, cookie),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/seguir', { id, tipo: 'pessoa' }),
      },
      {
        name: 'tipo inválido',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/seguir', { id, tipo: 'planeta' }, cookie),
      },
      {
        name: 'item inexistente',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/seguir', { id: 999_999_999, tipo: 'pessoa' }, cookie),
      },
    ]
  },
  unfollow: async () => {
    const cookie = await viewer()
    const id = await personId()
    await postJson('/ajax/seguir', { id, tipo: 'pessoa' }, cookie)
    return [
      {
        name: 'deixa de seguir',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/deixar-seguir', { id, tipo: 'pessoa' }, cookie),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/deixar-seguir', { id, tipo: 'pessoa' }),
      },
      {
        name: 'id inválido',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/deixar-seguir', { id: 'x', tipo: 'pessoa' }, cookie),
      },
    ]
  },
  followers: async () => {
    const id = await personId()
    return [
      { name: 'estado', ok: true, status: 200, call: () => get(`/ajax/seguidores?tipo=pessoa&id=${id}`) },
      {
        name: 'tipo inválido',
        ok: false,
        status: 422,
        call: () => get(`/ajax/seguidores?tipo=planeta&id=${id}`),
      },
      { name: 'sem id', ok: false, status: 422, call: () => get('/ajax/seguidores?tipo=pessoa') },
    ]
  },
}
