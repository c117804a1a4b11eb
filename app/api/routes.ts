// Where each endpoint of the registry lives (decisions/0062): the id, the method and the path, as
// plain data. The declarations (app/api/endpoints/) spread these; the browser's `call` takes one
// of them and gets its types from the declaration by a type-only import, so a button's bundle
// carries these few strings and not the schemas (zod stays out of pages that do not use a form).
// No other module spells an endpoint's path (test/unit/endpoint-schemas.test.ts).

export const route = <const K extends string, const M extends 'get' | 'post', const P extends string>(
  id: K,
  method: M,
  path: P,
) => ({ id, method, path })

export const routes = {
  follow: route('follow', 'post', '/ajax/seguir'),
  unfollow: route('unfollow', 'post', '/ajax/deixar-seguir'),
  followers: route('followers', 'get', '/ajax/seguidores'),
  // The notifications box, its badge and `/notificacoes` (decisions/0070).
  notifications: route('notifications', 'get', '/ajax/notificacoes'),
  notificationsCount: route('notificationsCount', 'get', '/ajax/notificacoes/contagem'),
  notificationsViewAll: route('notificationsViewAll', 'post', '/ajax/visualizar-todas-notificacoes'),
  notificationsReadAll: route('notificationsReadAll', 'post', '/ajax/ler-todas-notificacoes'),
  notificationRead: route('notificationRead', 'post', '/ajax/notificacoes/:id/ler'),
  emailPreferences: route('emailPreferences', 'post', '/ajax/conta/notificacoes'),
  unsubscribe: route('unsubscribe', 'post', '/ajax/email/cancelar'),
  unsubscribeOneClick: route('unsubscribeOneClick', 'post', '/ajax/email/cancelar/um-clique'),
  // Shares and click analytics (decisions/0070).
  shareCount: route('shareCount', 'get', '/api/v2/compartilhamentos'),
  shareRecord: route('shareRecord', 'post', '/api/v2/compartilhamentos'),
  trackEvent: route('trackEvent', 'post', '/api/v2/eventos'),
  // The search box's suggestions (spec §7), also asked from profile hosts at the main origin.
  suggestions: route('suggestions', 'post', '/api/v2/busca/sugestoes'),
  // The data tables' delete (spec §7 "Delete table items"; decisions/0070).
  followingDelete: route('followingDelete', 'post', '/ajax/conta/seguindo/excluir'),
  messagesDelete: route('messagesDelete', 'post', '/ajax/conta/mensagens/excluir'),
  monitoringsDelete: route('monitoringsDelete', 'post', '/ajax/monitoramentos/excluir'),
  // The photo editor (spec §7 "Photo"; decisions/0070).
  profilePhoto: route('profilePhoto', 'post', '/ajax/editar-perfil'),
  apiKeyCreate: route('apiKeyCreate', 'post', '/ajax/conta/api/chaves'),
  apiKeyRevoke: route('apiKeyRevoke', 'post', '/ajax/conta/api/chaves/revogar'),
  // The open API (decisions/0063).
  search: route('search', 'get', '/api/v2/busca/:categoria'),
  lawsuit: route('lawsuit', 'get', '/api/v2/processos/:numero'),
  gazetteArticle: route('gazetteArticle', 'get', '/api/v2/materias/:id'),
  decision: route('decision', 'get', '/api/v2/jurisprudencia/:id'),
  statuteArticle: route('statuteArticle', 'get', '/api/v2/legislacao/:slug/:dispositivo'),
  person: route('person', 'get', '/api/v2/pessoas/:slug'),
  company: route('company', 'get', '/api/v2/empresas/:slug'),
  directory: route('directory', 'get', '/api/v2/profissionais'),
  // Claims, merge and review; profiles and reference; cities and selects: in their own modules,
  // app/api/area-routes/ (decisions/0070: every route here ships in every page that imports this).
}

/** The open API's document and its reference page (public, no key). */
export const OPEN_API_DOCUMENT = '/api/v2/openapi.json'
export const OPEN_API_DOCS = '/api/v2/docs'

export type Route = (typeof routes)[keyof typeof routes]
export type RouteId = keyof typeof routes
