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
  // Monitoring (issue 16; decisions/0070): the lawsuit page's button, the name form, "não sou
  // eu", and the webhook (save, test, remove, resend). The table's delete is above.
  lawsuitMonitoring: route('lawsuitMonitoring', 'post', '/api/interno/processos'),
  nameMonitoring: route('nameMonitoring', 'post', '/ajax/monitoramentos'),
  monitoringHitDismiss: route(
    'monitoringHitDismiss',
    'post',
    '/ajax/monitoramentos/ocorrencias/:id/nao-sou-eu',
  ),
  webhookSave: route('webhookSave', 'post', '/ajax/monitoramentos/webhook'),
  webhookRemove: route('webhookRemove', 'post', '/ajax/monitoramentos/webhook/excluir'),
  webhookTest: route('webhookTest', 'post', '/ajax/monitoramentos/webhook/teste'),
  webhookResend: route('webhookResend', 'post', '/ajax/monitoramentos/webhook/entregas/:id/reenviar'),
  // The site's own JSON search (the results pages' parameters; not the open API) and the health
  // probe (decisions/0070).
  siteSearch: route('siteSearch', 'get', '/api/v2/busca'),
  health: route('health', 'get', '/api/saude'),
  // Articles, comments and votes (spec §5 "Article form", §7; decisions/0070).
  articleCommunities: route('articleCommunities', 'get', '/ajax/artigos/comunidades'),
  articlePublish: route('articlePublish', 'post', '/ajax/artigos'),
  articlePreview: route('articlePreview', 'post', '/ajax/artigos/previa'),
  articleEdit: route('articleEdit', 'post', '/ajax/artigos/:id/editar'),
  articleDelete: route('articleDelete', 'post', '/ajax/artigos/:id/excluir'),
  articleVote: route('articleVote', 'post', '/ajax/artigos/:id/votar'),
  articleComment: route('articleComment', 'post', '/ajax/artigos/:id/comentarios'),
  commentReply: route('commentReply', 'post', '/ajax/comentarios/:id/respostas'),
  commentDelete: route('commentDelete', 'post', '/ajax/comentarios/:id/excluir'),
  // Accounts, login and signup (spec §7 "Account", "Signup checks"; decisions/0070). Most of these
  // addresses are also the pages whose forms post there (`/login`, `/conta/senha`).
  logIn: route('logIn', 'post', '/login'),
  logOut: route('logOut', 'post', '/logout'),
  signUp: route('signUp', 'post', '/cadastrar'),
  signupComplete: route('signupComplete', 'post', '/cadastrar/completar'),
  signupEmailCheck: route('signupEmailCheck', 'post', '/cadastrar/verificar-email-existe'),
  signupSubdomainCheck: route('signupSubdomainCheck', 'post', '/ajax/verificar-subdominio-existe'),
  confirmationResend: route('confirmationResend', 'post', '/reenviar-confirmacao-email'),
  passwordChange: route('passwordChange', 'post', '/conta/senha'),
  passwordResetRequest: route('passwordResetRequest', 'post', '/senha/esqueci'),
  passwordReset: route('passwordReset', 'post', '/senha/redefinir'),
  // Removal and de-indexing on request (decisions/0066, 0070).
  removalRequest: route('removalRequest', 'post', '/ajax/remocao'),
  removalDeindex: route('removalDeindex', 'post', '/ajax/revisao/remocoes/:id/desindexar'),
  removalMask: route('removalMask', 'post', '/ajax/revisao/remocoes/:id/mascarar'),
  removalRefuse: route('removalRefuse', 'post', '/ajax/revisao/remocoes/:id/recusar'),
  // Claims, merge and review; profiles and reference; cities and selects: in their own modules,
  // app/api/area-routes/ (decisions/0070: every route here ships in every page that imports this).
}

/** The open API's document and its reference page (public, no key). */
export const OPEN_API_DOCUMENT = '/api/v2/openapi.json'
export const OPEN_API_DOCS = '/api/v2/docs'
/** The open API's base address, which its reference page names. */
export const OPEN_API_BASE = '/api/v2'

export type Route = (typeof routes)[keyof typeof routes]
export type RouteId = keyof typeof routes
