import { notifications } from '~/db/schema'
import { unsubscribeLinks } from '~/domain/notifications/email-preferences.server'
import { deps, get, postJson } from '../helpers'
import { type Cases, viewer } from './case'

let seq = 0
async function oneNotification(userId: number) {
  const [row] = await deps()
    .db.insert(notifications)
    .values({
      userId,
      kind: 'teste',
      title: 'Aviso do contrato',
      url: '/comunidades',
      dedupeKey: `contrato:${userId}:${Date.now()}:${++seq}`,
      createdAt: Date.now(),
    })
    .returning()
  if (!row) throw new Error('notification')
  return row.id
}

/** The notifications box, its badge and `/notificacoes` (decisions/0070). */
export const notificationCases: Cases = {
  notifications: async () => {
    const { user, headers } = await viewer()
    await oneNotification(user.id)
    return [
      { name: 'lista', ok: true, status: 200, call: () => get('/ajax/notificacoes', { headers }) },
      { name: 'sem sessão', ok: false, status: 401, call: () => get('/ajax/notificacoes') },
    ]
  },
  notificationsCount: async () => {
    const { user, headers } = await viewer()
    await oneNotification(user.id)
    return [
      { name: 'conta', ok: true, status: 200, call: () => get('/ajax/notificacoes/contagem', { headers }) },
      { name: 'sem sessão', ok: false, status: 401, call: () => get('/ajax/notificacoes/contagem') },
    ]
  },
  notificationsViewAll: async () => {
    const { headers } = await viewer()
    return [
      {
        name: 'marca vistas',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/visualizar-todas-notificacoes', {}, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/visualizar-todas-notificacoes', {}),
      },
    ]
  },
  notificationsReadAll: async () => {
    const { headers } = await viewer()
    return [
      {
        name: 'marca lidas',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/ler-todas-notificacoes', {}, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/ler-todas-notificacoes', {}),
      },
    ]
  },
  notificationRead: async () => {
    const { user, headers } = await viewer()
    const id = await oneNotification(user.id)
    const other = await viewer()
    return [
      {
        name: 'lida',
        ok: true,
        status: 200,
        call: () => postJson(`/ajax/notificacoes/${id}/ler`, {}, headers),
      },
      {
        name: 'de outra pessoa',
        ok: false,
        status: 404,
        call: () => postJson(`/ajax/notificacoes/${id}/ler`, {}, other.headers),
      },
      {
        name: 'id inválido',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/notificacoes/abc/ler', {}, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson(`/ajax/notificacoes/${id}/ler`, {}),
      },
    ]
  },
  emailPreferences: async () => {
    const { headers } = await viewer()
    const choices = { comentarios: 'nunca', seguidores: 'imediato', artigos: 'diario', votos: 'nunca' }
    return [
      {
        name: 'salva',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/conta/notificacoes', choices, headers),
      },
      {
        name: 'modo inválido',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/conta/notificacoes', { ...choices, votos: 'sempre' }, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/conta/notificacoes', choices),
      },
    ]
  },
  unsubscribe: async () => {
    const { user } = await viewer()
    const link = new URL((await unsubscribeLinks(deps(), user.id, 'todos')).page)
    const token = link.searchParams.get('token') ?? ''
    return [
      { name: 'cancela', ok: true, status: 200, call: () => postJson('/ajax/email/cancelar', { token }) },
      {
        name: 'forjado',
        ok: false,
        status: 400,
        call: () => postJson('/ajax/email/cancelar', { token: 'x' }),
      },
      { name: 'sem token', ok: false, status: 422, call: () => postJson('/ajax/email/cancelar', {}) },
    ]
  },
  unsubscribeOneClick: async () => {
    const { user } = await viewer()
    const oneClick = new URL((await unsubscribeLinks(deps(), user.id, 'comentarios')).oneClick)
    const click = (query: string) => () =>
      get(`/ajax/email/cancelar/um-clique${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: 'List-Unsubscribe=One-Click',
      })
    return [
      { name: 'cancela', ok: true, status: 200, call: click(oneClick.search) },
      { name: 'forjado', ok: false, status: 400, call: click('?token=forjado') },
      { name: 'sem token', ok: false, status: 422, call: click('') },
    ]
  },
}
